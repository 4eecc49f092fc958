import { expect, test } from '@playwright/test';
import { ui } from './helpers';

test('without local storage the page says so, and a game can still be played', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('storage-warning')).toBeVisible();
  await expect(page.getByTestId('storage-warning')).toContainText('Can’t save your game');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await page.getByTestId('new-game').click();
  await expect(ui(page)).toHaveAttribute('data-ui', /^(pass|my-turn|waiting|busy)$/);
  await expect(page.getByTestId('hand').locator('button[data-card]')).toHaveCount(13);
});
