// A page on fake sockets, with default settings and a fresh store: what the controller
// tests of one dialog start from.
import { App } from '../src/app';
import { DEFAULT_SETTINGS, type Settings } from '../src/settings';
import { memoryStore } from '../src/storage';
import { FakeSocket } from './fake-socket';

/** Starts the page in `#root`; returns the sockets it opens, in order (more after a reconnect). */
export function bootPage(settings: Settings = DEFAULT_SETTINGS): FakeSocket[] {
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
  }).start();
  return sockets;
}
