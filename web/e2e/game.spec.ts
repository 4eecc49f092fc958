import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { actOnce, ui, waitToAct } from './helpers';

test('a whole game to its end, clicking only legal cards, then a new game', async ({ page }) => {
  test.setTimeout(300_000);
  // The page asks for several messages a frame (docs/protocol.md, "Transport"), and the
  // server sends them so: a card of mine and the computer players' replies come together.
  let framesWithSeveral = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('\n')) framesWithSeveral += 1;
    }),
  );
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');

  // Settings through the dialog: fast random bots, a short game, no animations.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-level').selectOption('random');
  await page.getByTestId('setting-endScore').fill('30');
  await page.getByTestId('setting-speed').selectOption('off');
  await page.getByTestId('setting-nameN').fill('Bea');
  await page.getByTestId('save-settings').click();
  await expect(page.getByTestId('dialog')).toBeHidden();

  await page.getByTestId('new-game').click();
  await waitToAct(page);
  await expect(page.getByTestId('name-W')).toHaveText('Mike');
  await expect(page.getByTestId('name-N')).toHaveText('Bea');
  await expect(page.getByTestId('name-E')).toHaveText('Lisa');

  const seen = new Set<string>();
  let hands = 0;
  for (let i = 0; i < 2000; i++) {
    const mode = await actOnce(page);
    seen.add(mode);
    if (mode === 'hand-over') hands += 1;
    if (mode === 'game-over') break;
  }
  expect(seen.has('game-over')).toBe(true);
  expect(seen.has('my-turn')).toBe(true);
  expect(hands).toBeGreaterThan(0);
  expect(framesWithSeveral).toBeGreaterThan(0);

  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible();
  await expect(page.getByTestId('result-title')).toHaveText(/^(Congratulations, you won!|.+ won( together)?\.)$/);
  // Somebody reached the end score, and the sheet has a row per hand played.
  const totals = await page.getByTestId('sheet-totals').locator('td').allTextContents();
  expect(Math.max(...totals.filter((t) => t !== '').map(Number))).toBeGreaterThanOrEqual(30);
  await expect(over.getByTestId('sheet-row')).toHaveCount(hands + 1);
  // The finished game's record downloads, and it is the whole game (e2e/record.spec.ts
  // checks the token stays out of the page).
  const downloading = page.waitForEvent('download');
  await over.getByTestId('download-record').click();
  const record = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as {
    format: string;
    result: { finished: boolean; hands: unknown[] };
  };
  expect(record.format).toBe('hearts-game-record');
  expect(record.result.finished).toBe(true);
  expect(record.result.hands).toHaveLength(hands + 1);

  await page.getByTestId('new-game-end').click();
  await expect(ui(page)).toHaveAttribute('data-ui', /^(pass|my-turn|waiting|busy)$/);
  await expect(page.getByTestId('score-S')).toHaveText('0');
});
