// The leaderboard's two pages (docs/protocol.md, "Leaderboards"): with more than 50
// players listed, Statistics shows ranks 1 to 50 and "Next 50" shows 51 on, with my row
// marked when it is there, and "Previous 50" comes back; a player who has not played for
// 30 days is not listed, and is told why. At laptop and phone sizes.
//
// A server of this spec's own, on its own port and data dir: the board is written into its
// database directly (the sqlite3 program, while the server runs: SQLite's WAL lets it), and
// the requests for statistics, of which an address has 30 a minute, are not the other
// specs'. Its tests run in order, in one worker, against the one server.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shot } from './helpers';

test.describe.configure({ mode: 'default' });

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DAY_MS = 24 * 3600 * 1000;
/** Seeded players listed on the board: more than a page. */
const LISTED = 60;

let server: ChildProcess | null = null;
let dataDir = '';
let base = '';

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

/** Runs SQL on the server's database, beside the server. */
function sql(text: string): void {
  execFileSync('sqlite3', ['-bail', '-cmd', '.timeout 5000', join(dataDir, 'hearts.db'), text], { stdio: ['ignore', 'pipe', 'pipe'] });
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * A player on the standard board: `ordinal` (mu - 3 sigma; the rating shown is
 * 1000 + 40 × it), `games` rated games, the last `daysAgo` days ago.
 */
function rate(player: string, ordinal: number, games: number, daysAgo: number): string {
  const sigma = 2;
  return (
    `INSERT INTO ratings(player, board, mu, sigma, games, at_ms, ordinal) VALUES(${quote(player)}, 'standard', ` +
    `${ordinal + 3 * sigma}, ${sigma}, ${games}, ${Date.now() - daysAgo * DAY_MS}, ${ordinal}) ` +
    `ON CONFLICT(player, board) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, ` +
    `at_ms = excluded.at_ms, ordinal = excluded.ordinal;`
  );
}

function addPlayer(id: string, name: string): string {
  return `INSERT INTO players(id, token_hash, created, name) VALUES(${quote(id)}, X'00', ${Date.now()}, ${quote(name)});`;
}

/** The seeded i-th (from 1): ordinal 10 − i/4, so ranked by i. */
const ordinalOf = (i: number): number => 10 - i / 4;

test.beforeAll(async () => {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error('this spec writes its leaderboard with the sqlite3 program: apt-get install -y sqlite3');
  }
  dataDir = mkdtempSync(join(tmpdir(), 'hearts-e2e-leaders-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const bin = process.env['HEARTS_BIN'] ?? './build/release/hearts';
  server = spawn(bin, ['serve', '--port', String(port), '--data-dir', dataDir, '--web-dir', 'web/dist'], { cwd: repoRoot, stdio: 'ignore' });
  const until = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the spec's server did not start (${bin})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // 60 players who played lately, one who has not for 31 days (the best of all, and not
  // listed), and one with 9 rated games (provisional, not listed).
  const rows: string[] = [];
  for (let i = 1; i <= LISTED; i++) {
    const id = `p_seed${String(i).padStart(10, '0')}`;
    rows.push(addPlayer(id, `Seeded ${String(i).padStart(2, '0')}`), rate(id, ordinalOf(i), 10 + i, i % 20));
  }
  rows.push(addPlayer('p_seedgone000000', 'Gone a month'), rate('p_seedgone000000', 50, 200, 31));
  rows.push(addPlayer('p_seednew0000000', 'New here'), rate('p_seednew0000000', 40, 9, 0));
  sql(`BEGIN; ${rows.join(' ')} COMMIT;`);
});

test.afterAll(async () => {
  if (server !== null && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  server = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the spec's server; returns my player id once the server has said it. */
async function open(page: Page): Promise<string> {
  await page.goto(`${base}/`);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ui', 'start');
  const handle = await page.waitForFunction(() => window.localStorage.getItem('hearts.player'));
  return (await handle.jsonValue()) as string;
}

/** The leaderboard's rows on show: rank and name. */
async function rows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('leaderboard')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 2).map((c) => c.textContent ?? '')));
}

/** axe's WCAG 2.1 A and AA findings that count (as in axe.spec.ts) on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing of the dialog sticks out sideways. */
async function fits(page: Page, width: number): Promise<void> {
  const panel = page.getByTestId('dialog-stats').locator('.panel');
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

test('ranks 51 on are a page away, with my row marked there, and back (laptop)', async ({ page }) => {
  const size = { width: 1280, height: 800 };
  await page.setViewportSize(size);
  const me = await open(page);
  // Me, between the seeded 56th and 57th: ranked 57th, on the second page.
  sql(`UPDATE players SET name = 'Lea' WHERE id = ${quote(me)}; ${rate(me, (ordinalOf(56) + ordinalOf(57)) / 2, 12, 1)}`);

  await page.getByTestId('start-stats').click();
  const dialog = page.getByTestId('dialog-stats');
  await expect(dialog.getByTestId('leaderboard').locator('tbody tr')).toHaveCount(50);
  await expect(dialog.getByTestId('my-ratings')).toContainText('12 rated games · ranked 57');
  const first = await rows(page);
  expect(first[0]).toEqual(['1', 'Seeded 01']);
  expect(first[49]).toEqual(['50', 'Seeded 50']);
  expect(first.flat()).not.toContain('Gone a month');
  expect(first.flat()).not.toContain('New here');
  await expect(dialog.locator('tr.me')).toHaveCount(0);
  await expect(dialog.getByTestId('leaders-who')).toHaveText('The top 100 of players with 10 or more rated games here, who played one in the last 30 days.');
  await expect(dialog.getByTestId('leaders-inactive')).toHaveCount(0);
  await expect(dialog.getByTestId('leaders-prev')).toHaveCount(0);

  // By keyboard: from the dialog's close button, Tab reaches the button (nothing else
  // between takes the focus), and Enter presses it.
  const next = dialog.getByTestId('leaders-next');
  await expect(dialog.getByTestId('close-dialog')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('leaderboard').locator('caption')).toHaveText('Leaderboard: standard rules, ranks 51–61');
  const second = await rows(page);
  expect(second.map((r) => r[0])).toEqual(Array.from({ length: 11 }, (_, i) => String(51 + i)));
  expect(second[6]).toEqual(['57', 'Lea']);
  await expect(dialog.locator('tr.me')).toHaveText(/^57Lea/);
  await expect(dialog.locator('tr.me')).toHaveAttribute('aria-current', 'true');
  await expect(dialog.getByTestId('leaders-next')).toHaveCount(0);
  // The focus went to the button left, which goes back.
  await expect(dialog.getByTestId('leaders-prev')).toBeFocused();
  await expect(dialog.getByTestId('leaders-prev')).toBeEnabled();
  await shot(page, 'leaderboard-page-2-laptop.png');
  await fits(page, size.width);
  expect(await axeFindings(page)).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('leaderboard').locator('caption')).toHaveText('Leaderboard: standard rules, ranks 1–50');
  expect((await rows(page))[0]).toEqual(['1', 'Seeded 01']);
  await expect(dialog.getByTestId('leaders-prev')).toHaveCount(0);
  await expect(dialog.getByTestId('leaders-next')).toBeFocused();
});

test('a phone pages the board too; a player away for 30 days is told why they are not on it (phone)', async ({ page }) => {
  const size = { width: 390, height: 844 };
  await page.setViewportSize(size);
  const me = await open(page);
  // 30 rated games, the last 40 days ago: no longer provisional, and not listed.
  sql(`UPDATE players SET name = 'Max' WHERE id = ${quote(me)}; ${rate(me, 20, 30, 40)}`);

  await page.getByTestId('start-stats').click();
  const dialog = page.getByTestId('dialog-stats');
  await expect(dialog.getByTestId('leaderboard').locator('tbody tr')).toHaveCount(50);
  await expect(dialog.getByTestId('my-ratings')).toContainText('30 rated games');
  await expect(dialog.getByTestId('my-ratings')).not.toContainText('ranked');
  await expect(dialog.getByTestId('leaders-inactive')).toHaveText('Play a rated game to appear here again: the board lists players of the last 30 days.');

  const next = dialog.getByTestId('leaders-next');
  await expect(next).toBeVisible();
  await next.scrollIntoViewIfNeeded();
  const box = await next.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await next.click();
  const caption = dialog.getByTestId('leaderboard').locator('caption');
  await expect(caption).toHaveText(/^Leaderboard: standard rules, ranks 51–6\d$/);
  const second = await rows(page);
  expect(second[0]?.[0]).toBe('51');
  expect(second.map((r) => Number(r[0]))).toEqual(second.map((_, i) => 51 + i));
  expect(second.flat()).not.toContain('Max');
  await expect(dialog.locator('tr.me')).toHaveCount(0);
  await shot(page, 'leaderboard-page-2-phone.png');
  await fits(page, size.width);
  expect(await axeFindings(page)).toEqual([]);

  await dialog.getByTestId('leaders-prev').click();
  await expect(caption).toHaveText('Leaderboard: standard rules, ranks 1–50');
  expect((await rows(page))[0]).toEqual(['1', 'Seeded 01']);
  await expect(dialog.getByTestId('leaders-prev')).toHaveCount(0);
  await expect(dialog.getByTestId('leaders-next')).toBeVisible();
});
