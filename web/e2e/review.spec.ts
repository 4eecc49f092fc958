// The review of a finished game, made by a real server: every pass I made and every card
// I played, by hand, weighed against the best one, and what the mistakes cost; a hand
// trick by trick with the numbers, and a mistake seen in the replay.

import { expect, test } from '@playwright/test';
import { actUntil, newGame, shot } from './helpers';

test('Review my play weighs every card I played and says what the mistakes cost', async ({ page }) => {
  // A game to 1 point ends after its first hand (or a few, when a tie plays on).
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  await page.getByTestId('game-over').getByTestId('result-review').click();
  const dialog = page.getByTestId('dialog-review');
  await expect(dialog).toBeVisible();
  // A notice of the last hand ("Hearts are broken") went with it: none covers the review.
  await expect(page.getByTestId('notice')).toBeHidden();
  const summary = dialog.getByTestId('review-summary');
  await expect(summary).toHaveText(/^(You lost about [\d.]+ points? to mistakes: .+\.|No card you passed or played cost noticeably more than the best one: well played\.)$/, { timeout: 30_000 });
  // Each card I chose; in a hand whose score could no longer change (a claim), the row ends
  // with how many were played out after it, nobody's choice: 13 in all.
  const claimed = dialog.getByTestId('review-hand-1').getByTestId('review-claimed');
  const playedOut = (await claimed.count()) === 0 ? 0 : Number(/^\+(\d+) cards? played out$/.exec((await claimed.textContent()) ?? '')?.[1]);
  expect(playedOut).toBeGreaterThanOrEqual(0);
  expect(playedOut).toBeLessThan(13);
  const chosen = 13 - playedOut;
  await expect(dialog.getByTestId('review-hand-1').locator('.review-card')).toHaveCount(chosen);
  // Hand 1 passes: its row starts with the pass, said in words.
  const pass = dialog.getByTestId('review-hand-1').locator('.review-row > li').first();
  await expect(pass).toHaveAttribute('data-testid', 'review-pass-1');
  await expect(pass).toHaveAttribute('aria-label', /^The pass: the .+, .+ and .+ (to the left|across|to the right) \((South|West|North|East)\)(, about [\d.]+ points?[,;] .+| cost about [\d.]+ points?; passing the .+ would cost about [\d.]+ points?)\.$/);
  // Trick by trick: the pass, then each trick I chose a card in, each with both numbers and the loss.
  const timeline = dialog.getByTestId('review-timeline-1');
  await timeline.locator('summary').click();
  const steps = timeline.locator('tbody tr');
  await expect(steps).toHaveCount(1 + chosen);
  await expect(steps.first()).toHaveAttribute('data-testid', 'review-step-1-pass');
  await expect(steps.nth(chosen)).toHaveAttribute('data-testid', `review-step-1-${chosen}`);
  await expect(steps.nth(1).locator('.review-points')).toHaveText([/^\d+\.\d$/, /^\d+\.\d$/]);
  await expect(steps.nth(1).locator('.review-lost')).toHaveText(/^\d+\.\d/);
  // A mistake of hand 1 opens the replay in hand 1; closed, it is back at the review.
  const see = timeline.locator('tr.mistake button');
  if ((await see.count()) > 0) {
    await see.first().click();
    const replay = page.getByTestId('dialog-replay');
    await expect(replay.getByTestId('replay-where')).toHaveText(/^Hand 1 of \d+ · step \d+ of \d+ · \d+ of 13 tricks$/);
    // The card I played there and the better one are marked in my hand, and said.
    await expect(replay.getByTestId('replay-mark')).toHaveText(/^The review's mistake: you (played|passed) the .+ \(marked ✗\) here; the .+ \(marked ✓\) (was|were) better\.$/);
    const mine = replay.getByTestId('replay-cards-S');
    await expect(mine.locator('[data-mark="played"]').first()).toBeVisible();
    await expect(mine.locator('[data-mark="best"]').first()).toBeVisible();
    await expect(mine.locator('[data-mark="played"]').first()).toContainText('(the mistake)');
    await shot(page, 'test-results/review-see-it.png');
    await page.getByTestId('close-dialog').click();
    await expect(dialog).toBeVisible();
    await expect(see.first()).toBeFocused();
  }
  // This page played the first legal card each time: some of that is a mistake.
  const marked = dialog.locator('.review-card.mistake');
  if ((await marked.count()) > 0) {
    await expect(marked.first()).toHaveAttribute('aria-label', /^Trick \d+: the .+ cost about [\d.]+ points?; the .+ (was safe|would cost about [\d.]+ points?)\.$/);
    await expect(dialog.getByTestId('review-largest')).toBeVisible();
  }
  await shot(page, 'test-results/review.png');
});
