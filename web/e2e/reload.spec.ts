import { expect, test } from '@playwright/test';
import { actUntil, cardsOf, handCards, newGame, playLegal, ui } from './helpers';

test('a reload mid-hand resumes the same position', async ({ page }) => {
  await newGame(page, { level: 'random', speed: 'off' });
  // Play into the hand: my turn with at most 10 cards left.
  await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) <= 10);

  const position = async (): Promise<Record<string, unknown>> => ({
    hand: await cardsOf(handCards(page)),
    legal: await cardsOf(page.locator('[data-testid="hand"] button[data-legal="true"]')),
    trick: await cardsOf(page.getByTestId('trick').locator('[data-card]')),
    scores: await page.locator('[data-testid^="score-"]').allTextContents(),
    markers: await page.locator('[data-testid^="markers-"]').allTextContents(),
    status: await page.getByTestId('status').textContent(),
  });
  const before = await position();
  await page.reload();
  await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
  // The same position, except that a trick I won and now lead after is not held in the
  // middle after a reload: the table shows the trick to lead and says it is my turn
  // (rough-edges.spec.ts).
  const expected =
    before['status'] === 'You take the trick — your lead' ? { ...before, trick: [], status: 'Your turn' } : before;
  expect(await position()).toEqual(expected);
  // And the game goes on from there.
  await playLegal(page);
  await expect(handCards(page)).toHaveCount((before['hand'] as string[]).length - 1);
});

test('a reload, or Back then Forward, at game over brings the finished game back with its links', async ({ page }) => {
  // A game to 1 point ends after its first hand.
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible();
  const title = await page.getByTestId('result-title').textContent();

  const cameBack = async (): Promise<void> => {
    await expect(ui(page)).toHaveAttribute('data-ui', 'game-over');
    await expect(over).toBeVisible();
    await expect(page.getByTestId('result-title')).toHaveText(title ?? '');
    await expect(over.getByTestId('download-record')).toBeVisible();
    // The score sheet has the game, not "No game yet."
    await page.getByTestId('open-sheet').click();
    await expect(page.getByTestId('dialog-sheet').getByTestId('sheet-row').first()).toBeVisible();
    await expect(page.getByTestId('dialog-sheet')).not.toContainText('No game yet.');
    // It says the computer players' level of this game (the server's), and leads to Verify.
    await expect(page.getByTestId('sheet-level')).toHaveText('Computer players: Random');
    await expect(page.getByTestId('sheet-verify')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('dialog')).toBeHidden();
  };
  await page.reload();
  await cameBack();

  await page.goto('about:blank');
  await page.goBack();
  await cameBack();
  await page.getByTestId('open-sheet').click();
  await page.getByTestId('sheet-verify').click();
  await expect(page.getByTestId('dialog-verify')).toBeVisible();
  await expect(page.getByTestId('dialog-verify').getByTestId('verify-summary')).toContainText(/The deal checks out|All \d+ deals check out/);
});
