// Hints against a real server: H asks what the computer would pass, the three cards
// light up with the reason; the Hint button asks for a card on my turn, and playing the
// hinted card plays it.

import { expect, test } from '@playwright/test';
import { clickCard, expectStyledButton, newGame, shot, ui, waitToAct } from './helpers';

test('a hint for the pass and for a card, with the reason, lighting the cards to choose', async ({ page }) => {
  await newGame(page, { level: 'expert', speed: 'off' });
  await expect(ui(page)).toHaveAttribute('data-ui', 'pass');
  await page.keyboard.press('h');
  const text = page.getByTestId('hint-text');
  await expect(text).toHaveText(/^Pass the .+ to (Mike|Bill|Lisa)\. /);
  const hinted = page.getByTestId('hand').locator('[data-hinted="true"]');
  await expect(hinted).toHaveCount(3);
  // Take the hint: choose the lit cards and pass them.
  for (const card of await hinted.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['card'] ?? ''))) await clickCard(page, card);
  await page.getByTestId('pass-button').click();
  await expect(text).toBeHidden();

  await expect.poll(async () => waitToAct(page), { timeout: 30_000 }).toBe('my-turn');
  await expectStyledButton(page.getByTestId('hint-button'));
  await page.getByTestId('hint-button').click();
  // The numbers read as the hand's points expected with the card, not what the card costs.
  await expect(text).toHaveText(/^Play the [^:]+: (with it you expect to take (no points|about -?[\d.]+ points?) this hand; with the [^,]+, (none|about -?[\d.]+)\.|whichever card you play, you expect to take (no points|about -?[\d.]+ points?) this hand\.|it is the only card you may play\.)( |$)/);
  await expect(hinted).toHaveCount(1);
  await expect(hinted).toHaveAttribute('data-legal', 'true');
  await shot(page, 'test-results/hint.png');
  const card = (await hinted.getAttribute('data-card')) ?? '';
  await clickCard(page, card);
  await expect(page.getByTestId('hand').locator(`[data-card="${card}"]`)).toHaveCount(0);
  await expect(text).toBeHidden();
});
