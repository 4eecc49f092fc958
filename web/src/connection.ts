// The WebSocket to `hearts serve`, kept alive: it reconnects with backoff (reconnect.ts),
// parses every frame at the edge (protocol.ts) and sends a ping while idle.

import { encodeClientMessage, parseServerMessage, type Outgoing, type ServerMessage } from './protocol';
import { DEFAULT_POLICY, INITIAL_CONN, onClose, onOpen, onRetry, onTick, type ConnState, type ReconnectPolicy } from './reconnect';

export interface ConnectionEvents {
  /** The connection state changed (or, while in trouble, time passed: countdown). */
  state(s: ConnState): void;
  /** A socket is open; the first message must be `hello`. */
  open(): void;
  message(m: ServerMessage): void;
  /** A frame the parser refused. */
  badMessage(error: string, text: string): void;
}

/** The part of WebSocket this module uses, so tests can pass a fake. */
export interface SocketLike {
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;
const PING_EVERY_MS = 25000;
const TICK_MS = 250;

/** ws(s)://<this host>/ws */
export function defaultSocketUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

export class Connection {
  private conn: ConnState = INITIAL_CONN;
  private socket: SocketLike | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
    private readonly policy: ReconnectPolicy = DEFAULT_POLICY,
    private readonly factory: SocketFactory = (u) => new WebSocket(u),
    private readonly clock: () => number = () => Date.now(),
  ) {}

  get current(): ConnState {
    return this.conn;
  }

  start(): void {
    this.connect();
  }

  /** Sends when open; returns false when the message could not be sent now. */
  send(message: Outgoing): boolean {
    if (this.socket === null || this.socket.readyState !== OPEN) return false;
    this.socket.send(encodeClientMessage(message));
    return true;
  }

  /** After giving up (or after the server closed for inactivity): start over. */
  retry(): void {
    if (this.socket !== null) return;
    this.stopTicker();
    this.setState(onRetry());
    this.connect();
  }

  private setState(s: ConnState): void {
    this.conn = s;
    this.events.state(s);
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.factory(this.url);
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.stopTicker();
      this.setState(onOpen(this.conn));
      this.startPinger();
      this.events.open();
    };
    socket.onmessage = (ev: MessageEvent) => {
      if (this.socket !== socket || typeof ev.data !== 'string') return;
      const parsed = parseServerMessage(ev.data);
      if (parsed.ok) this.events.message(parsed.message);
      else this.events.badMessage(parsed.error, ev.data);
    };
    socket.onclose = (ev: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost(typeof ev?.reason === 'string' ? ev.reason : '');
    };
    socket.onerror = () => {
      // A close event follows; that is where the retry happens.
    };
  }

  private lost(reason = ''): void {
    this.stopPinger();
    this.setState(onClose(this.conn, this.clock(), this.policy, reason));
    if (this.conn.kind === 'waiting') this.startTicker();
  }

  private startTicker(): void {
    if (this.ticker !== null) return;
    this.ticker = setInterval(() => {
      const before = this.conn;
      const after = onTick(before, this.clock(), this.policy);
      this.setState(after); // also refreshes the countdown
      if (after.kind === 'connecting' && before.kind === 'waiting') {
        // The ticker keeps running during the attempt so the countdown goes on.
        this.connect();
      } else if (after.kind === 'gave_up') {
        this.stopTicker();
      }
    }, TICK_MS);
  }

  private stopTicker(): void {
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
  }

  private startPinger(): void {
    this.stopPinger();
    this.pinger = setInterval(() => this.send({ t: 'ping' }), PING_EVERY_MS);
  }

  private stopPinger(): void {
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
  }
}
