import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { actUntil, handCards, presetSettings, ui, waitToAct } from './helpers';

// Playing with no network (docs/offline.md): the page, kept by its service worker, plays a
// game against the computer with the offline server in a Web Worker (the engine and the
// bots in WebAssembly), keeps it in IndexedDB, downloads and replays its record from the
// offline server, and goes online again when asked.
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (after a reload, as the first version takes no page over). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('with no network at all, a whole game against the computer is played in the page, a reload resumes it, its record is downloaded and replayed, its play reviewed, and the page goes online again', async ({ page, context }) => {
  test.setTimeout(180_000);
  await presetSettings(page, { level: 'expert', speed: 'off', endScore: 30 });
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await controlled(page);

  // Every request refused, not only the browser told it is offline.
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('connection-problem')).toBeVisible();
  await page.getByTestId('play-offline').click();
  const bar = page.getByTestId('offline-bar');
  await expect(bar).toContainText('These games count for no statistics, ratings or achievements.');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await expect(page.getByTestId('connection-problem')).toBeHidden();

  // A game, as online: the pass, then cards, until a few tricks are played.
  await page.getByTestId('new-game').click();
  expect(await waitToAct(page)).toBe('pass');
  await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) <= 10);
  const hand = await handCards(page).allTextContents();
  const scores = await page.getByTestId('name-W').locator('..').textContent();

  // Closed and opened again, still with no network: the game is where it was.
  await page.reload();
  await expect(bar).toBeVisible();
  await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
  expect(await handCards(page).allTextContents()).toEqual(hand);
  expect(await page.getByTestId('name-W').locator('..').textContent()).toBe(scores);

  // What needs the server says so, and the game goes on.
  await page.getByTestId('open-stats').click();
  await expect(page.getByTestId('notice')).toContainText('Offline, the page plays against the computer only');
  await page.keyboard.press('Escape');

  // To the game's end (30 points), every hand scored by the page's own engine.
  const end = await actUntil(page, (mode) => mode === 'game-over', 600);
  expect(end).toBe('game-over');
  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible();

  // Its record, still with no network: downloaded in the server's format, and replayed.
  const downloading = page.waitForEvent('download');
  await over.getByTestId('download-record').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hearts-[0-9a-z]+\.json$/);
  const record = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string; result: { finished: boolean } };
  expect(record.format).toBe('hearts-game-record');
  expect(record.result.finished).toBe(true);
  await over.getByTestId('result-replay').click();
  const replay = page.getByTestId('dialog-replay');
  await expect(replay.getByTestId('replay-what')).toBeVisible();
  for (const seat of ['S', 'W', 'N', 'E']) await expect(replay.getByTestId(`replay-cards-${seat}`).locator('[data-card]')).toHaveCount(13);
  await page.keyboard.press('Escape');
  await expect(replay).toBeHidden();
  // Its review, made in the page by the same search as the server's: every card I chose
  // in the first hand is weighed (those played out after a claim are not).
  await over.getByTestId('result-review').click();
  const review = page.getByTestId('dialog-review');
  await expect(review.getByTestId('review-summary')).toBeVisible({ timeout: 60_000 });
  await expect(review.getByTestId('review-error')).toHaveCount(0);
  const claimedFirst = review.getByTestId('review-hand-1').getByTestId('review-claimed');
  const playedOut = (await claimedFirst.count()) > 0 ? Number(/\d+/.exec((await claimedFirst.textContent()) ?? '')?.[0] ?? 0) : 0;
  await expect(review.getByTestId('review-hand-1').locator('.review-card')).toHaveCount(13 - playedOut);
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();

  // The network is back: online again, and a game there is the server's.
  await context.unroute('**/*');
  await context.setOffline(false);
  const socket = page.waitForEvent('websocket');
  await page.getByTestId('go-online').click();
  expect((await socket).url()).toMatch(/\/ws$/);
  await expect(bar).toHaveCount(0);
  await expect(ui(page)).toHaveAttribute('data-conn', 'open');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await page.getByTestId('new-game').click();
  expect(await waitToAct(page)).toBe('pass');
  // And a reload stays online.
  await page.reload();
  await expect(ui(page)).toHaveAttribute('data-ui', 'pass');
  await expect(bar).toHaveCount(0);
});
