import { expect, test, type Page } from '@playwright/test';
import { newGame, ui, waitToAct } from './helpers';

async function focusedCard(page: Page): Promise<{ card: string; legal: string } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const card = el?.dataset['card'];
    return card ? { card, legal: el?.dataset['legal'] ?? '' } : null;
  });
}

/** Tricks taken this hand by everyone, from the markers by the names. */
async function tricksTaken(page: Page): Promise<number> {
  return [...(await page.locator('[data-testid^="markers-"]').allTextContents()).join('')].length;
}

/** Tabs from wherever focus is into the hand. */
async function tabIntoHand(page: Page): Promise<void> {
  for (let i = 0; i < 20 && (await focusedCard(page)) === null; i++) await page.keyboard.press('Tab');
  expect(await focusedCard(page)).not.toBeNull();
}

test('keyboard only: pass with Space, then play a whole trick with arrows and Enter', async ({ page }) => {
  await newGame(page, { level: 'random', speed: 'off' });
  let mode = await waitToAct(page);
  if (mode === 'pass') {
    await tabIntoHand(page);
    for (let k = 0; k < 3; k++) {
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
    }
    await expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).toHaveCount(3);
    // The focused card shows a visible focus ring.
    await expect(page.locator('[data-testid="hand"] button:focus-visible')).toHaveCount(1);
    // Back through the hand to the Pass cards button (it comes before the hand).
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      if (await page.getByTestId('pass-button').evaluate((b) => b === document.activeElement)) break;
    }
    await page.keyboard.press('Enter');
    mode = await waitToAct(page);
  }
  expect(mode).toBe('my-turn');

  await tabIntoHand(page);
  const count = await page.getByTestId('hand').locator('button[data-card]').count();
  for (let i = 0; i < count; i++) {
    const f = await focusedCard(page);
    if (f?.legal === 'true') break;
    await page.keyboard.press('ArrowRight');
  }
  const chosen = await focusedCard(page);
  expect(chosen?.legal).toBe('true');
  const tricksBefore = await tricksTaken(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`card-${chosen?.card}`)).toHaveCount(0);
  // Focus stays in the hand for the next card.
  expect(await focusedCard(page)).not.toBeNull();
  // The others complete the trick (with animations off it may already be swept away).
  await expect(ui(page)).toHaveAttribute('data-ui', /^(my-turn|hand-over|game-over)$/);
  expect(await tricksTaken(page)).toBe(tricksBefore + 1);
  await expect(page.getByTestId('announcer')).toContainText(/takes? the trick/);
});
