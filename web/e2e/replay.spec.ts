// A finished game's replay, against a real server: every hand face up, step by step with
// the keys and the buttons, from the deal to the score.

import { expect, test } from '@playwright/test';
import { actUntil, newGame } from './helpers';

test('Replay the game shows every card from the deal to the score, with the keys and the buttons', async ({ page }) => {
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
  await page.screenshot({ path: 'test-results/replay-end.png' });
  await page.keyboard.press('Home');
  await expect(where).toHaveText(/^Hand 1 of \d+ · step 1 of 55/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
