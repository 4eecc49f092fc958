// Browser tests against the real C++ server, which Playwright starts:
//
//   ./build/release/hearts serve --port PORT --data-dir DIR --web-dir web/dist --daily-level random
//
// from the repository root, on a free port with a fresh temporary data dir (build the
// client first: `npm run e2e` does, via its "pree2e" script). The multiplayer specs
// (e2e/people-*.spec.ts) use a second server with short clocks, on its own port:
//
//   hearts serve ... --grace 3 --timer-scale 0.1 --quick-fill 12
//
// (`--quick-fill`: a quick match table waits 12 s for people, not 30, before computer
// players take its empty seats; only quick tables have that wait.)
// and the inactivity spec a third one that closes idle connections after a few seconds
// (`--inactivity 4`), so its idleness cannot disturb the other specs. Environment:
//   HEARTS_BIN=path           another server binary (default ./build/release/hearts)
//   HEARTS_E2E_SEED=n         the seed of the tests' own random choices (e2e/seed.ts), an
//                             integer; 1 when not given, and printed when a test
//                             fails, so `HEARTS_E2E_SEED=n npx playwright test <spec>` draws
//                             the same numbers again (the deal and the bots are the server's)
//   HEARTS_E2E_PORT, HEARTS_E2E_DATA   fixed port / data dir (otherwise chosen here)
//   HEARTS_E2E_MP_PORT, HEARTS_E2E_IDLE_PORT   the same for the multiplayer servers
//   HEARTS_E2E_TRACE=full     a failing test's trace with its screencast and DOM snapshots
// Uses Debian's chromium at /usr/bin/chromium; never downloads a browser.

import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(webDir, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

// The config is loaded again in each worker: keep the first choice in the environment,
// which the workers inherit, so every process agrees on the port and folder.
process.env['HEARTS_E2E_PORT'] ??= String(await freePort());
process.env['HEARTS_E2E_DATA'] ??= mkdtempSync(join(tmpdir(), 'hearts-e2e-'));
process.env['HEARTS_E2E_MP_PORT'] ??= String(await freePort());
process.env['HEARTS_E2E_IDLE_PORT'] ??= String(await freePort());
// Fixed unless given, as the server's deals are: a run repeats anywhere.
process.env['HEARTS_E2E_SEED'] ??= '1';
const seed = process.env['HEARTS_E2E_SEED'];
if (!/^\d{1,10}$/.test(seed) || Number(seed) >= 2 ** 32) {
  throw new Error(`HEARTS_E2E_SEED must be an integer from 0 to ${2 ** 32 - 1}, not "${seed}"`);
}
const port = Number(process.env['HEARTS_E2E_PORT']);
const mpPort = Number(process.env['HEARTS_E2E_MP_PORT']);
const idlePort = Number(process.env['HEARTS_E2E_IDLE_PORT']);
const dataDir = process.env['HEARTS_E2E_DATA'];
const bin = process.env['HEARTS_BIN'] ?? './build/release/hearts';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results/playwright',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // At most two: a multiplayer spec drives up to four pages at once.
  workers: process.env['CI'] ? 2 : '50%',
  retries: 0,
  // The seed reporter prints HEARTS_E2E_SEED when a test fails (after the list's report).
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['./e2e/seed-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace's screencast and DOM snapshots were half of the run's CPU (Chromium's GPU
    // and browser processes drawing every frame for it): the trace keeps the actions,
    // the network and the console, and a failure still takes a screenshot.
    // HEARTS_E2E_TRACE=full records them again, to look into one failing spec.
    trace:
      process.env['HEARTS_E2E_TRACE'] === 'full'
        ? 'retain-on-failure'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
    // The pages ask for less motion, as a player may: with software rendering, the
    // received cards' endless glow and the cards' flights repaint every frame, in up to
    // four pages at once. The specs that are about motion ask for it again.
    reducedMotion: 'reduce',
    // The page's service worker (docs/offline.md) would answer requests that some specs
    // route or count themselves: only e2e/offline.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // The daily deal's computer players at the level the other specs' games use (the
      // server's default is expert, slow on a busy machine): e2e/daily.spec.ts plays 4 hands.
      command: `${bin} serve --port ${port} --data-dir ${dataDir} --web-dir web/dist --daily-level random`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `${bin} serve --port ${mpPort} --data-dir ${join(dataDir, 'people')} --web-dir web/dist --grace 3 --timer-scale 0.1 --quick-fill 12`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${mpPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: `${bin} serve --port ${idlePort} --data-dir ${join(dataDir, 'idle')} --web-dir web/dist --inactivity 4`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${idlePort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
