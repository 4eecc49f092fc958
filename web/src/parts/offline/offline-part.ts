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

/** A WebSocket's part that the page's Connection uses, over the offline server's worker. */
export class WorkerSocket implements SocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readyState = 0;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (ev: MessageEvent<unknown>) => {
      if (this.readyState === CLOSED) return;
      const data = ev.data;
      if (typeof data === 'string') {
        this.onmessage?.(new MessageEvent('message', { data }));
      } else if (typeof data === 'object' && data !== null && 'ready' in data) {
        this.readyState = OPEN;
        this.onopen?.(new Event('open'));
      } else {
        // The engine could not be loaded: the page says so as for a lost connection.
        this.close(1011, 'the offline engine could not start');
      }
    };
    worker.onerror = () => this.close(1011, 'the offline engine failed');
  }

  send(data: string): void {
    if (this.readyState === OPEN) this.worker.postMessage(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.worker.terminate();
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }
}

/** A socket to a new offline server: the page's Connection calls this as it would open a WebSocket. */
export function offlineSocket(): SocketLike {
  return new WorkerSocket(new Worker(new URL('./offline-worker.ts', import.meta.url), { type: 'module' }));
}

/** Where the page keeps that this tab plays offline, and where the bar goes. */
export interface OfflineHost {
  readonly store: KeyValueStore;
  readonly key: string;
  readonly place: HTMLElement;
}

/**
 * The page plays offline from now on: it is kept so for this tab (a reload goes on
 * offline), `use` gets the offline server's socket, and a bar says what playing offline
 * is, with the way back: "Go online" takes the bar away and gives `use` no socket.
 */
export function enter(host: OfflineHost, use: (socket: SocketFactory | null) => void): void {
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
  use(offlineSocket);
}
