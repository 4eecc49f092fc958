import { expect, test, type Page } from '@playwright/test';
import { presetSettings, ui, waitToAct } from './helpers';

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
  await presetSettings(page, { level: 'random', speed: 'off' });
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await expect(ui(page)).toHaveAttribute('data-conn', 'open');
  // From the start screen: focus goes into the hand with the deal, not to the page.
  await page.getByTestId('new-game').focus();
  await page.keyboard.press('Enter');
  let mode = await waitToAct(page);
  await expect.poll(() => focusedCard(page)).not.toBeNull();
  if (mode === 'pass') {
    for (let k = 0; k < 3; k++) {
      await page.keyboard.press('Space');
      if (k < 2) await page.keyboard.press('ArrowRight');
    }
    await expect(page.locator('[data-testid="hand"] [aria-pressed="true"]')).toHaveCount(3);
    // The third card chosen, focus is on Pass cards, with a visible ring.
    await expect(page.getByTestId('pass-button')).toBeFocused();
    await expect(page.locator('[data-testid="pass-button"]:focus-visible')).toHaveCount(1);
    await page.keyboard.press('Enter');
    mode = await waitToAct(page);
  }
  expect(mode).toBe('my-turn');
  // After the pass, focus is back in the hand, on a card that can be played.
  await expect.poll(async () => (await focusedCard(page))?.legal).toBe('true');
  // The hand is one Tab stop: one Tab leaves it, one Shift+Tab comes back.
  await page.keyboard.press('Tab');
  expect(await focusedCard(page)).toBeNull();
  await page.keyboard.press('Shift+Tab');
  expect(await focusedCard(page)).not.toBeNull();

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
