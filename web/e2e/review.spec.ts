// The review of a finished game, made by a real server: every card I played, by hand,
// weighed against the best one, and what the mistakes cost.

import { expect, test } from '@playwright/test';
import { actUntil, newGame } from './helpers';

test('Review my play weighs every card I played and says what the mistakes cost', async ({ page }) => {
  // A game to 1 point ends after its first hand (or a few, when a tie plays on).
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  await page.getByTestId('game-over').getByTestId('result-review').click();
  const dialog = page.getByTestId('dialog-review');
  await expect(dialog).toBeVisible();
  const summary = dialog.getByTestId('review-summary');
  await expect(summary).toHaveText(/^(You lost about [\d.]+ points? to mistakes: .+\.|No card you played cost noticeably more than the best one: well played\.)$/, { timeout: 30_000 });
  await expect(dialog.getByTestId('review-hand-1').locator('.review-card')).toHaveCount(13);
  // This page played the first legal card each time: some of that is a mistake.
  const marked = dialog.locator('.review-card.mistake');
  if ((await marked.count()) > 0) {
    await expect(marked.first()).toHaveAttribute('aria-label', /^Trick \d+: the .+ cost about [\d.]+ points?; the .+ (was safe|would cost about [\d.]+ points?)\.$/);
    await expect(dialog.getByTestId('review-largest')).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/review.png' });
});
