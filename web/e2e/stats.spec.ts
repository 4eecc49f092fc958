// Statistics live on the server: a new player has none, a game played to its end is
// counted with the score the table showed, and a reload (or any later visit with the same
// player) shows the same numbers. The dialog fits a phone as well as a laptop.

import { expect, test, type Page } from '@playwright/test';
import { actUntil, newGame } from './helpers';

async function statNumber(page: Page, key: string): Promise<string> {
  return ((await page.getByTestId(`stat-${key}`).locator('dd').textContent()) ?? '').trim();
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a finished game is in the statistics, after a reload too (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    // A game to 1 point ends after its first hand.
    await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
    await page.getByTestId('open-stats').click();
    await expect(page.getByTestId('stats-empty')).toContainText('No finished games yet.');
    await page.getByTestId('close-dialog').click();

    await actUntil(page, (mode) => mode === 'game-over');
    const over = page.getByTestId('game-over');
    await expect(over).toBeVisible();
    const title = (await page.getByTestId('result-title').textContent()) ?? '';
    const won = title === 'Congratulations, you won!' || /\bYou\b/.test(title);
    const myScore = ((await page.getByTestId('score-S').textContent()) ?? '').trim();
    // Usually one hand; more when the lowest totals tie (rules tie=continue).
    const hands = await over.getByTestId('sheet-row').count();

    await over.getByTestId('result-stats').click();
    const dialog = page.getByTestId('dialog-stats');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('stat-games').locator('dd')).toHaveText('1');
    expect(await statNumber(page, 'won')).toBe(won ? '1' : '0');
    expect(await statNumber(page, 'win-rate')).toBe(won ? '100%' : '0%');
    expect(await statNumber(page, 'per-game')).toBe(Number(myScore).toFixed(1));
    expect(await statNumber(page, 'hands')).toBe(String(hands));
    await expect(page.getByTestId('stats-groups').locator('tbody tr')).toHaveText([/^Random computer players\s*1/]);
    await expect(page.getByTestId('stats-chart').locator('rect.bar')).toHaveCount(1);
    await expect(page.getByTestId('stats-chart')).toHaveAttribute('aria-label', `Final scores of your last game, oldest first: ${myScore}. ${won ? 1 : 0} won.`);

    // Nothing sticks out of the dialog, at either size.
    const panel = dialog.locator('.panel');
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.reload();
    await page.getByTestId('open-stats').click();
    await expect(page.getByTestId('stat-games').locator('dd')).toHaveText('1');
    expect(await statNumber(page, 'per-game')).toBe(Number(myScore).toFixed(1));
  });
}
