import { expect, test } from '@playwright/test';
import { actUntil, newGame } from './helpers';

test('the score sheet after a hand', async ({ page }) => {
  await newGame(page, { level: 'random', speed: 'off', names: ['Ann', 'Ben', 'Cat'], endScore: 100 });
  await actUntil(page, (mode) => mode === 'hand-over');

  const panel = page.getByTestId('hand-over');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('result-title')).toHaveText('Hand 1 is over');
  await expect(panel.locator('thead th')).toHaveText(['Hand', 'You', 'Ann', 'Ben', 'Cat', 'Winner(s)']);
  const row = panel.getByTestId('sheet-row');
  await expect(row).toHaveCount(1);
  const cells = await row.locator('td').allTextContents();
  const scores = cells.slice(0, 4).map((t) => Number(t.replace(' (shot the moon)', '')));
  // 26 points in a hand, or 78 after a moon.
  expect([26, 78]).toContain(scores.reduce((a, b) => a + b, 0));
  const totals = await panel.getByTestId('sheet-totals').locator('td').allTextContents();
  expect(totals.slice(0, 4).map(Number)).toEqual(scores);
  // The totals by the names agree with the sheet, and markers were shown.
  for (const [i, seat] of ['S', 'W', 'N', 'E'].entries()) {
    await expect(page.getByTestId(`score-${seat}`)).toHaveText(String(scores[i]));
  }
  const markers = (await page.locator('[data-testid^="markers-"]').allTextContents()).join('');
  expect([...markers]).toHaveLength(13);
  expect(markers).toContain('♠');

  await page.getByTestId('next-hand').click();
  await expect(page.getByTestId('status')).toContainText('to the right (Cat)');
  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('dialog-sheet').getByTestId('sheet-row')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dialog')).toBeHidden();
});
