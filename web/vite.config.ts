// Build: `vite build` -> dist/ (served by `hearts serve --web-dir web/dist`), then
// scripts/compress.mjs writes .br and .gz copies beside the text files. No source maps:
// nothing served may include them (they would publish the sources and cost a download).
// Dev: `vite` proxies /ws and /api to a running server (HEARTS_SERVER, default
// http://127.0.0.1:8080). Unit tests: Vitest with jsdom.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const server = process.env['HEARTS_SERVER'] ?? 'http://127.0.0.1:8080';
// The engine, the bots and the offline server in WebAssembly (wasm/, `make build-wasm`),
// for playing with no network (src/parts/offline/).
const engine = fileURLToPath(new URL('../build/wasm/wasm/hearts-engine', import.meta.url));

// The version the About dialog shows: package.json's, and the commit it was built from
// when the folder is a git checkout ("0.1.0 (9f8ac2d)").
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit === '' ? pkg.version : `${pkg.version} (${commit})`;
  } catch {
    return pkg.version;
  }
}

export default defineConfig({
  base: './',
  define: { __HEARTS_VERSION__: JSON.stringify(version()) },
  // No modulepreload polyfill: the browsers of es2022 preload modules themselves, and it
  // cost 566 bytes of the first load's budget (e2e/build.spec.ts).
  resolve: {
    alias: [
      { find: /^hearts-engine$/, replacement: `${engine}.js` },
      { find: /^hearts-engine-wasm/, replacement: `${engine}.wasm` },
    ],
  },
  // The offline server's worker is a module, split like the page.
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
  server: {
    proxy: {
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
      '/api': { target: server },
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'jsdom',
    // Each test file in a VM context of its own, two at a time: as isolated as a worker of
    // its own per file, without starting one (the run took 59 s in forks, one at a time,
    // and 17 s so on two cores). `npx vitest run --sequence.shuffle` checks that no test
    // leans on another's leftovers.
    pool: 'vmThreads',
    poolOptions: { vmThreads: { minThreads: 1, maxThreads: 2 } },
  },
});
