// The WebSocket to `hearts serve`, kept alive: it reconnects with backoff (reconnect.ts),
// parses every frame at the edge (read.ts), and watches the line. A connection can
// die without a close (a laptop lid, a Wi-Fi change, a NAT that forgets it): the socket
// stays "open" and nothing arrives. So after a few seconds of silence the page pings,
// and when nothing at all (the pong or anything else) comes back in time, it closes the
// socket itself and reconnects, with the same "Connection problem" countdown as after
// any other loss. A socket that does not open in time counts as lost the same way.

import { encodeClientMessage } from './encode';
import { parseServerMessage } from './read';
import type { Outgoing, ServerMessage } from './types';
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
const TICK_MS = 250;
/**
 * Silence (nothing received) after which the page pings. Short, so a dead line is
 * noticed within ~15 s (this plus ANSWER_WITHIN_MS); cheap, since a busy connection
 * never pings and an idle one sends a ~12-byte frame every 5 s.
 */
export const PING_AFTER_MS = 5000;
/** After a ping, how long any message may take before the connection counts as lost. */
export const ANSWER_WITHIN_MS = 10000;
/** How long a new socket may take to open before the attempt counts as failed. */
export const OPEN_WITHIN_MS = 10000;
/** The close code and reason the page uses for a line it gave up on (4000–4999: the application's own). */
const SILENT_CLOSE = 4000;
const SILENT_REASON = 'no answer from the server';

/**
 * The subprotocol the page asks for: protocol version 3 (docs/protocol.md, "Versions").
 * The server then sends several messages in one frame, one JSON object a line, and
 * updates whose views leave out what has not changed (completeUpdate). A page that did
 * not ask (an older one, still open across an upgrade) gets version 2.
 */
export const PROTOCOL = 'hearts.3';

/** ws(s)://<this host>/ws */
export function defaultSocketUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

export class Connection {
  private conn: ConnState = INITIAL_CONN;
  private socket: SocketLike | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** Fires after PING_AFTER_MS of silence: ping. */
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  /** Runs while an answer is due (after a ping, or while opening): the line is dead when it fires. */
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  /** The clock when the socket last opened or delivered a frame. */
  private lastHeard = 0;

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
    private readonly policy: ReconnectPolicy = DEFAULT_POLICY,
    private readonly factory: SocketFactory = (u) => new WebSocket(u, PROTOCOL),
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

  /** Lets the socket go (if any) and opens a new one at once: the page changed where it plays. */
  reconnect(): void {
    const old = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    old?.close();
    this.retry();
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
    this.expectAnswer(socket, OPEN_WITHIN_MS);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.stopTicker();
      this.setState(onOpen(this.conn));
      this.heard(socket);
      this.events.open();
    };
    socket.onmessage = (ev: MessageEvent) => {
      if (this.socket !== socket) return;
      this.heard(socket);
      if (typeof ev.data !== 'string') return;
      for (const text of ev.data.split('\n')) {
        // A message may close this socket (or the page may replace it): the rest of the
        // frame belongs to a connection that is gone.
        if (this.socket !== socket) return;
        const parsed = parseServerMessage(text);
        if (parsed.ok) this.events.message(parsed.message);
        else this.events.badMessage(parsed.error, text);
      }
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
    this.stopHeartbeat();
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

  /** `socket` opened or delivered a frame: the line is alive; ping after the next silence. */
  private heard(socket: SocketLike): void {
    this.lastHeard = this.clock();
    if (this.answerTimer !== null) clearTimeout(this.answerTimer);
    this.answerTimer = null;
    // One timer for the whole silence, not one per frame: when it fires early (frames
    // came meanwhile) it waits for the rest.
    if (this.quietTimer === null) this.waitQuiet(socket, PING_AFTER_MS);
  }

  private waitQuiet(socket: SocketLike, ms: number): void {
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (this.socket !== socket) return;
      const silent = this.clock() - this.lastHeard;
      if (silent < PING_AFTER_MS) {
        this.waitQuiet(socket, PING_AFTER_MS - silent);
        return;
      }
      if (this.answerTimer !== null) return;
      this.send({ t: 'ping' });
      this.expectAnswer(socket, ANSWER_WITHIN_MS);
    }, ms);
  }

  /** Something must arrive on `socket` within `ms`, or it is given up. */
  private expectAnswer(socket: SocketLike, ms: number): void {
    if (this.answerTimer !== null) clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => {
      this.answerTimer = null;
      if (this.socket === socket) this.silent(socket);
    }, ms);
  }

  /**
   * The line is dead (or never opened). The socket is let go first: closing a dead
   * socket waits for a close handshake that never comes, and its late close event
   * must not count as a second loss.
   */
  private silent(socket: SocketLike): void {
    this.socket = null;
    try {
      socket.close(SILENT_CLOSE, SILENT_REASON);
    } catch {
      // Closing can only fail on a bad code; the socket is let go either way.
    }
    this.lost();
  }

  private stopHeartbeat(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    if (this.answerTimer !== null) clearTimeout(this.answerTimer);
    this.quietTimer = null;
    this.answerTimer = null;
  }
}
