// A page on fake sockets, with default settings and a fresh store: what the controller
// tests of one dialog start from.
import { App } from '../src/app/app';
import type { AppOptions } from '../src/app/app-core';
import { DEFAULT_SETTINGS, type Settings } from '../src/state/settings';
import { memoryStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';

/** The element with `data-testid` `id`, which must be there. */
export const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
/** Lets what the page queued run (a microtask and a timer turn). */
export const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
/** Presses the browser's Back button, and waits until the page has seen it (jsdom goes back a little later). */
export const pressBack = (): Promise<void> =>
  new Promise((resolve) => {
    window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
    window.history.back();
  });
/** What the page says it is waiting for (`data-ui`). */
export const ui = (): string | undefined => tid('app').dataset['ui'];

/** Starts the page in `#root`; returns the sockets it opens, in order (more after a reconnect). */
export function bootPage(settings: Settings = DEFAULT_SETTINGS, options: Partial<AppOptions> = {}): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  document.body.innerHTML = '<div id="root"></div>';
  new App({
    root: document.getElementById('root') as HTMLElement,
    store: memoryStore(),
    settings,
    url: 'ws://test/ws',
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    policy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 5000 },
    ...options,
  }).start();
  return sockets;
}
