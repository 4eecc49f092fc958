import { expect, test } from '@playwright/test';
import { actOnce, newGame, waitToAct } from './helpers';

// docs/protocol.md, "Claims": a hand whose rest can no longer change its score ends at
// once. Against random players most hands come to one before their last trick.
test('a hand whose rest cannot change its score ends at once, and its result says why', async ({ page }) => {
  test.setTimeout(120_000);
  await newGame(page, { level: 'random', speed: 'off', names: ['Ann', 'Ben', 'Cat'], endScore: 100 });
  let myCards = 0;
  for (let i = 0; i < 600; i++) {
    const mode = await waitToAct(page);
    if (mode === 'game-over') throw new Error('no hand was claimed in a whole game');
    if (mode === 'hand-over') {
      const claimed = await page.getByTestId('claim-line').isVisible();
      if (claimed) break;
      expect(myCards, 'a hand played out had all 13 of my cards').toBe(13);
      myCards = 0;
    }
    if (mode === 'my-turn') myCards += 1;
    await actOnce(page);
  }
  const line = page.getByTestId('claim-line');
  await expect(line).toHaveText(
    /^((You|Ann|Ben|Cat) took every trick left: nobody could beat (your|those) cards\.|No points were left to take, so the hand ended there\.)$/,
  );
  // The hand ended before I had played all my cards, and it was scored whole: 26 points,
  // or 78 after a moon.
  expect(myCards).toBeLessThan(13);
  const cells = await page.getByTestId('hand-over').getByTestId('sheet-row').last().locator('td').allTextContents();
  const scores = cells.slice(0, 4).map((t) => Number(t.replace(' (shot the moon)', '')));
  expect([26, 78]).toContain(scores.reduce((a, b) => a + b, 0));
  // Thirteen tricks were taken: the markers by the names count them.
  const markers = (await page.locator('[data-testid^="markers-"]').allTextContents()).join('');
  expect([...markers]).toHaveLength(13);
  // A reload at the hand's end (a snapshot, not the events) still says why it ended early.
  const said = await line.textContent();
  await page.reload();
  await expect(page.getByTestId('hand-over')).toBeVisible();
  await expect(page.getByTestId('claim-line')).toHaveText(said ?? '');
});
