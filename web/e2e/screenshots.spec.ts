import { expect, test } from '@playwright/test';
import { actUntil, handCards, newGame, shot } from './helpers';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } } as const;

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screenshots of the table (${size} ${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await newGame(page, { level: 'random', speed: 'off' });
    await shot(page, `${size}-1-start.png`);
    // Mid-hand, my turn with cards on the table.
    await actUntil(
      page,
      async (mode) =>
        mode === 'my-turn' &&
        (await handCards(page).count()) <= 10 &&
        (await page.getByTestId('trick').locator('[data-card]').count()) >= 2,
    );
    // Everything the player needs is inside the viewport.
    for (const id of ['hand', 'trick', 'seat-W', 'seat-N', 'seat-E', 'status']) {
      await expect(page.getByTestId(id)).toBeInViewport();
    }
    await shot(page, `${size}-2-play.png`);
    await actUntil(page, (mode) => mode === 'hand-over');
    await shot(page, `${size}-3-hand-over.png`);
  });
}
