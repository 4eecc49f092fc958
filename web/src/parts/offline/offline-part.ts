// Playing with no network (docs/offline.md): a chunk of its own, downloaded when the
// player chooses "Play offline". Its socket talks to the offline server in a Web Worker
// (offline-worker.ts) instead of `hearts serve`, in the same protocol, so the rest of the
// page plays as it does online.

import { offlineWords as w } from '../../i18n/offline';
import type { SocketFactory, SocketLike } from '../../net/connection';
import type { KeyValueStore } from '../../state/storage';
import { h } from '../../ui/dom';

const OPEN = 1;
const CLOSED = 3;
/** The page's heartbeat (net/connection.ts). */
const PING = /^\{\s*"t"\s*:\s*"ping"\s*\}$/;

/** A WebSocket's part that the page's Connection uses, over the offline server's worker. */
export class WorkerSocket implements SocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readyState = 0;
  /** The records asked of the worker, by the number of the asking. */
  private readonly records = new Map<number, (text: string) => void>();
  private asked = 0;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (ev: MessageEvent<unknown>) => {
      if (this.readyState === CLOSED) return;
      const data = ev.data;
      if (typeof data === 'string') {
        this.onmessage?.(new MessageEvent('message', { data }));
      } else if (typeof data === 'object' && data !== null && 'ready' in data) {
        this.readyState = OPEN;
        this.onopen?.(new Event('open'));
      } else if (typeof data === 'object' && data !== null && 'record' in data) {
        const { record, text } = data as { record: number; text: unknown };
        this.records.get(record)?.(typeof text === 'string' ? text : '');
        this.records.delete(record);
      } else {
        // The engine could not be loaded: the page says so as for a lost connection.
        this.close(1011, 'the offline engine could not start');
      }
    };
    worker.onerror = () => this.close(1011, 'the offline engine failed');
  }

  send(data: string): void {
    if (this.readyState !== OPEN) return;
    // The page's heartbeat looks for a dead network line, which a worker in the page cannot
    // be (its failures come as errors): the ping is answered here, so a long step of the
    // worker's (a review of the whole game) is not taken for a lost server.
    if (PING.test(data)) {
      setTimeout(() => {
        if (this.readyState === OPEN) this.onmessage?.(new MessageEvent('message', { data: '{"t":"pong"}' }));
      }, 0);
      return;
    }
    this.worker.postMessage(data);
  }

  /** The finished game's record as the offline server writes it (a JSON object), or "error: <why>". */
  record(table: string): Promise<string> {
    if (this.readyState !== OPEN) return Promise.resolve('error: the offline engine is not running');
    const id = ++this.asked;
    return new Promise((answer) => {
      this.records.set(id, answer);
      this.worker.postMessage({ record: table, id });
    });
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    for (const answer of this.records.values()) answer('error: the offline engine stopped');
    this.records.clear();
    this.worker.terminate();
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }
}

/** The offline server the page plays against now (one at a time, as one connection). */
let current: WorkerSocket | null = null;

/** A socket to a new offline server: the page's Connection calls this as it would open a WebSocket. */
export function offlineSocket(): SocketLike {
  current = new WorkerSocket(new Worker(new URL('./offline-worker.ts', import.meta.url), { type: 'module' }));
  return current;
}

/** The page's fetch while offline: what the server would send from /api, from the offline server. */
export type OfflineFetch = (url: string, init: RequestInit) => Promise<Response>;

const RECORD = /^\/api\/games\/([^/?#]+)\/record\.json$/;

/**
 * A finished offline game's record (/api/games/<table>/record.json) comes from the offline
 * server, as the server's download would: the page's Download and Replay work with no
 * network. Anything else fails as a fetch with no network does.
 */
export function recordFetch(server: () => WorkerSocket | null): OfflineFetch {
  return async (url) => {
    const asked = RECORD.exec(url);
    const socket = server();
    if (asked === null || socket === null) throw new TypeError('offline: this needs the server');
    const text = await socket.record(decodeURIComponent(asked[1] ?? ''));
    if (text.startsWith('{')) return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });
    return new Response(text.replace(/^error: /, ''), { status: 404 });
  };
}

const offlineFetch = recordFetch(() => current);

/** What the page uses while offline: the offline server's socket and fetch. */
export interface OfflineUse {
  readonly socket: SocketFactory;
  readonly fetch: OfflineFetch;
}

/** Where the page keeps that this tab plays offline, and where the bar goes. */
export interface OfflineHost {
  readonly store: KeyValueStore;
  readonly key: string;
  readonly place: HTMLElement;
}

/**
 * The page plays offline from now on: it is kept so for this tab (a reload goes on
 * offline), `use` gets the offline server's socket and fetch, and a bar says what playing
 * offline is, with the way back: "Go online" takes the bar away and gives `use` null.
 */
export function enter(host: OfflineHost, use: (offline: OfflineUse | null) => void): void {
  host.store.set(host.key, '1');
  host.place.querySelector('[data-testid="offline-bar"]')?.remove();
  const online = h('button', { type: 'button', 'data-testid': 'go-online' }, w('online'));
  const bar = h('div', { class: 'banner offline-bar', role: 'note', 'data-testid': 'offline-bar' }, h('strong', {}, w('title')), ' ', w('text'), ' ', online);
  online.addEventListener('click', () => {
    bar.remove();
    host.store.remove(host.key);
    use(null);
  });
  // Under the page's header, where the other bars are.
  host.place.firstElementChild?.after(bar);
  use({ socket: offlineSocket, fetch: offlineFetch });
}
