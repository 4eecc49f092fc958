// The installed page (docs/offline.md): registers the service worker (dist/sw.js, written by
// scripts/service-worker.mjs), and when a new version of the page has been downloaded,
// offers it: "A new version of Hearts is ready. Reload / Later". A chunk of its own that
// main.ts loads once the page has loaded, so the first load carries none of it. A game in
// progress loses nothing by the reload: the server keeps it.

import { pageWords as w } from '../../i18n/page';
import { h } from '../../ui/dom';

/** What the offer needs of the browser's service worker API (a stand-in in the tests). */
export interface Workers {
  readonly controller: unknown;
  register(url: string): Promise<Registration>;
  addEventListener(type: 'controllerchange', f: () => void): void;
}
export interface Registration {
  readonly waiting: Worker | null;
  readonly installing: Worker | null;
  addEventListener(type: 'updatefound', f: () => void): void;
  update(): Promise<unknown>;
}
export interface Worker {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', f: () => void): void;
}

/**
 * Registers `./sw.js` and offers each new version that waits: Reload lets it take over and
 * reloads the page once it has; Later keeps this one until the next load. Looks for a new
 * version whenever the page comes back into view.
 */
export async function watchForUpdates(workers: Workers, doc: Document = document, reload: () => void = () => location.reload()): Promise<void> {
  const reg = await workers.register('./sw.js');
  let accepted = false;
  let banner: HTMLElement | null = null;
  const offer = (waiting: Worker): void => {
    banner?.remove();
    const yes = h('button', { type: 'button', class: 'primary', 'data-testid': 'update-reload' }, w('reload'));
    const later = h('button', { type: 'button', 'data-testid': 'update-later' }, w('later'));
    const el = h('div', { class: 'update-ready', role: 'status', 'data-testid': 'update-ready' }, h('span', {}, w('newV')), yes, later);
    yes.addEventListener('click', () => {
      accepted = true;
      yes.disabled = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
    later.addEventListener('click', () => el.remove());
    doc.body.append(el);
    banner = el;
  };
  // The first version installed takes no offer: nothing was running before it.
  const watch = (worker: Worker): void =>
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && workers.controller) offer(worker);
    });
  if (reg.waiting && workers.controller) offer(reg.waiting);
  if (reg.installing) watch(reg.installing);
  reg.addEventListener('updatefound', () => {
    if (reg.installing) watch(reg.installing);
  });
  workers.addEventListener('controllerchange', () => {
    if (accepted) reload();
  });
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') reg.update().catch(() => undefined);
  });
}
