// Entry point: read settings and identity storage (and a private table's join link),
// build the page, connect.

import '../css/app.css';
import { App } from './app/app';
import { pickLanguage } from './i18n/langs';
import { setLanguage } from './i18n/words';
import { loadSettings } from './state/settings';
import { browserStore } from './state/storage';

const root = document.getElementById('root');
/** The code of `?join=CODE` (a private table's link) or `?watch=CODE`, taken out of the address bar. */
function takeCode(key: 'join' | 'watch'): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(key);
  if (code === null) return null;
  url.searchParams.delete(key);
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  return code;
}

/** The share id of `?replay=<share>` (a shared game's link); it stays in the address until the replay is closed. */
function replayLink(): string | null {
  return new URL(window.location.href).searchParams.get('replay');
}

function start(root: HTMLElement): void {
  const store = browserStore();
  const settings = loadSettings(store);
  // The language first (its catalogues download before anything is drawn); English if they
  // cannot be had. Not a top-level await: that would split the first load into chunks.
  void setLanguage(settings.lang ?? pickLanguage(navigator.languages))
    .catch(() => undefined)
    .then(() => {
      const app = new App({ root, store, tabStore: browserStore('session'), settings, joinCode: takeCode('join'),
        watchCode: takeCode('watch'), replayLink: replayLink() });
      app.start();
    });
}

if (root) start(root);

// The installed page and its offline copy (docs/offline.md), once the page has loaded: a
// chunk of its own. Not in `vite dev`, whose files change under their names.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('./parts/updates/updates-part').then((m) => m.watchForUpdates(navigator.serviceWorker)).catch(() => undefined);
  });
}
