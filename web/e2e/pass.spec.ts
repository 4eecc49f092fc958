import { expect, test } from '@playwright/test';
import { cardsOf, clickCard, handCards, newGame, ui } from './helpers';

test('passing three cards to the left, then the received cards light up', async ({ page }) => {
  // The page's clock is the test's (page.clock), running as the real one does, so the
  // light on the received cards can be run out of time instead of waited out (below).
  await page.clock.install();
  await newGame(page, { level: 'random', speed: 'normal' });
  await expect(ui(page)).toHaveAttribute('data-ui', 'pass');
  await expect(page.getByTestId('status')).toContainText('Pass three cards to the left (Mike)');

  const button = page.getByTestId('pass-button');
  const before = await cardsOf(handCards(page));
  expect(before).toHaveLength(13);
  const chosen = before.slice(-3);
  await expect(button).toBeDisabled();
  for (const [i, c] of chosen.entries()) {
    await clickCard(page, c);
    await expect(page.getByTestId(`card-${c}`)).toHaveAttribute('aria-pressed', 'true');
    if (i < 2) await expect(button).toBeDisabled();
  }
  await expect(button).toBeEnabled();
  // A fourth card is refused with a reason; unselecting works.
  const fourth = before[0] as string;
  await clickCard(page, fourth);
  await expect(page.getByTestId('notice')).toContainText('exactly three');
  await expect(page.getByTestId(`card-${fourth}`)).toHaveAttribute('aria-pressed', 'false');

  await button.click();
  const received = page.locator('[data-testid="hand"] [data-received="true"]');
  await expect(received).toHaveCount(3);
  const got = await cardsOf(received);
  const after = await cardsOf(handCards(page));
  expect(after).toHaveLength(13);
  for (const c of chosen) expect(after).not.toContain(c);
  for (const c of got) expect(before).not.toContain(c);
  // "For a moment": the light goes out again (after 3 s, src/app/animation-queue.ts HIGHLIGHT_MS; the
  // page's clock is run on past that).
  await page.clock.runFor(3000);
  await expect(received).toHaveCount(0, { timeout: 8000 });
});
