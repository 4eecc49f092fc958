// A finished game's replay, against a real server: every hand face up, step by step with
// the keys and the buttons, from the deal to the score.

import { expect, test } from '@playwright/test';
import { actUntil, newGame, shot } from './helpers';

test('Replay the game shows every card from the deal to the score, with the keys and the buttons', async ({ page, browser }) => {
  // A game to 1 point ends after its first hand.
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  await page.getByTestId('game-over').getByTestId('result-replay').click();
  const dialog = page.getByTestId('dialog-replay');
  await expect(dialog).toBeVisible();
  const replay = dialog.getByTestId('replay');
  await expect(replay).toBeFocused();
  const where = dialog.getByTestId('replay-where');
  // (A tie for the lowest score plays on, so the game may have more than one hand.)
  await expect(where).toHaveText(/^Hand 1 of \d+ · step 1 of 55 · 0 of 13 tricks$/);
  // The deal: all 52 cards, 13 a seat, face up.
  for (const seat of ['S', 'W', 'N', 'E']) await expect(dialog.getByTestId(`replay-cards-${seat}`).locator('[data-card]')).toHaveCount(13);
  await expect(dialog.locator('[data-card]')).toHaveCount(52);

  await page.keyboard.press('ArrowRight'); // the pass
  await expect(dialog.getByTestId('replay-what')).toHaveText('The pass: each seat gives 3 cards to the left.');
  await page.keyboard.press('ArrowRight'); // the 2♣ is led
  await expect(dialog.getByTestId('replay-what')).toHaveText(/leads? the 2♣\.$/);
  await expect(dialog.getByTestId('replay-trick').locator('[data-card]')).toHaveText(['2♣']);
  await expect(dialog.locator('[data-card="2C"]')).toHaveCount(1); // on the table, no longer in a hand
  for (let i = 0; i < 3; i++) await dialog.getByTestId('replay-next').click();
  await expect(dialog.getByTestId('replay-what')).toHaveText(/takes? the trick/);
  await expect(where).toHaveText(/1 of 13 tricks$/);

  await page.keyboard.press('End');
  await expect(where).toHaveText(/^Hand (\d+) of \1 · step (\d+) of \2 · 13 of 13 tricks$/);
  await expect(dialog.getByTestId('replay-what')).toHaveText(/Hand \d+ is scored\.$/);
  await expect(dialog.getByTestId('replay-result')).toContainText('Total');
  await expect(dialog.getByTestId('replay-next')).toBeDisabled();
  await shot(page, 'test-results/replay-end.png');
  await page.keyboard.press('Home');
  await expect(where).toHaveText(/^Hand 1 of \d+ · step 1 of 55/);

  // Shared: a link anyone can open, in a browser that has never been here.
  await dialog.getByTestId('replay-share-button').click();
  const link = await dialog.getByTestId('replay-link').inputValue();
  expect(link).toMatch(/\/\?replay=[0-9a-z]{16}$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const auth: (string | null)[] = [];
  other.on('request', (r) => {
    if (r.url().includes('/api/replays/')) auth.push(r.headers()['authorization'] ?? null);
  });
  await other.goto(link);
  const theirs = other.getByTestId('dialog-replay');
  await expect(theirs).toBeVisible();
  await expect(theirs.getByTestId('replay-where')).toHaveText(/^Hand 1 of \d+ · step 1 of 55/);
  await expect(theirs.getByTestId('replay-seat-S')).toContainText('South'); // not "You": they are not the player
  await expect(theirs.getByTestId('replay-seat-W')).toContainText('Mike');
  await expect(theirs.getByTestId('replay-shared')).toBeVisible();
  expect(auth).toEqual([null]);
  // Closed, the replay leaves the address, and the page is the game's.
  await other.keyboard.press('Escape');
  await expect(theirs).toBeHidden();
  expect(new URL(other.url()).search).toBe('');
  await expect(other.getByTestId('start')).toBeVisible();
  // A link that is not one says so.
  await other.goto(new URL('/?replay=0123456789abcdef', link).href);
  await expect(other.getByTestId('replay-error')).toHaveText('No shared game has this link: check that it was copied whole');
  await stranger.close();
});
