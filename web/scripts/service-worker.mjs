// After `vite build` and scripts/documents.ts, before scripts/compress.mjs: writes dist/sw.js,
// the service worker that lets the page load with no network (docs/offline.md), with
// Workbox's generateSW (workbox-build, from npm) rather than a worker written by hand:
// precaching by content hash, cleaning up old caches and the update handshake are what
// Workbox is for, and it is kept up with the browsers.
//
// - Precached: every script and style of the build (assets/, named by their content), the
//   offline server's WebAssembly (docs/offline.md), the old-browser check, so that a solo game's page and every part of it (its
//   chunks and each language's words) open offline once the page has been seen online.
// - Pages: network first, so the server still sends the page in the player's language
//   (docs/protocol.md, "The player's language") and the newest version; with no network,
//   the last one seen.
// - Scripts of another version than the worker's (a newer page loaded online while this
//   worker still ran): kept as they come, for that page offline.
// - Nothing else: the WebSocket, /api and the record downloads always go to the network.
// - A new version waits until the page asks it to take over (`SKIP_WAITING`, which the
//   page sends when the player accepts its offer: src/parts/updates/updates-part.ts).
//
//   node scripts/service-worker.mjs [dir]   (default: dist/ next to this script's folder)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ['assets/*.{js,css,wasm}', 'old-browser.js'],
  swDest: join(dist, 'sw.js'),
  mode: 'production',
  sourcemap: false,
  inlineWorkboxRuntime: true,
  // Waits for the page's word (SKIP_WAITING) before taking over from an older version.
  skipWaiting: false,
  clientsClaim: false,
  cleanupOutdatedCaches: true,
  // The page sends no query the server needs kept apart in the cache.
  ignoreURLParametersMatching: [/.*/],
  runtimeCaching: [
    // A script of another version than this worker's: the page of a newer version loaded
    // online while this worker still ran (its player chose Later), kept for when it is
    // opened again offline.
    {
      urlPattern: ({ url }) => url.pathname.includes('/assets/'),
      handler: 'CacheFirst',
      options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
    },
    {
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: { cacheName: 'pages', networkTimeoutSeconds: 5, expiration: { maxEntries: 8 } },
    },
  ],
});
for (const w of warnings) console.warn(`service worker: ${w}`);
console.log(`service worker: sw.js precaches ${count} files, ${Math.round(size / 1024)} KiB`);
