// Screenshots of the fixture page (fixture.html: the table drawn from fixture views,
// no game server), at desktop 1280×800 and phone 375×667:
//
//   npm run shots:fixtures -- [name[?query]...]     e.g. play pass "received?four=1"
//
// Starts its own Vite dev server; writes test-results/fixtures/<name>-<size>.png.
// Names are the keys of STATES in tests/fixture-page.ts.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer } from 'vite';

const names = process.argv.slice(2).filter((a) => a !== '--');
const wanted =
  names.length > 0
    ? names
    : ['play', 'pass', 'received?four=1', 'lead', 'handover', 'gameover', 'gameover-notice', 'moon', 'settings', 'rules', 'notice', 'connection', 'start',
       'people', 'people-away', 'timer-vote', 'people-handover', 'rematch', 'room', 'lobby', 'name', 'private', 'player',
       'challenge', 'challenge-game', 'room-challenge', 'room-declined', 'player-refused', 'daily', 'daily-gameover', 'daily-board', 'daily-before'];
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;
const out = 'test-results/fixtures';
mkdirSync(out, { recursive: true });

const server = await createServer({ server: { port: 0, host: '127.0.0.1' }, logLevel: 'error' });
await server.listen();
const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  for (const name of wanted) {
    const [f, query = ''] = name.split('?');
    for (const [size, viewport] of Object.entries(sizes)) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: size === 'phone' ? 2 : 1 });
      await page.goto(`${base}fixture.html?f=${f}${query ? `&${query}` : ''}`);
      await page.waitForSelector('[data-testid="app"]');
      await page.waitForTimeout(300);
      const file = `${out}/${f}${query ? `-${query.replace(/[^a-z0-9]/gi, '')}` : ''}-${size}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
