// The daily deal against a real server (docs/protocol.md, "The daily deal"): a player
// gives a name, plays the day's 4 hands, finds their row on the day's board, and
// replays their game from it; the day's deal is played once. The server's daily players
// are `random` here (playwright.config.ts), as quick as the other specs' games.

import { expect, test, type Page } from '@playwright/test';
import { ACTIONABLE, presetSettings, shot, ui } from './helpers';

/**
 * Acts for the player until the page is at `mode`: each turn is seen at the page's next
 * frame and taken with one click in the page (the first legal card, the first three to
 * pass, Next hand, the moon's buttons), since 4 hands are about 60 turns. Clicking cards
 * as a person does is e2e/game.spec.ts's and helpers.ts's.
 */
async function actUntil(page: Page, mode: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const now = await page.waitForFunction(
      (pattern) => {
        const m = document.querySelector('[data-testid="app"]')?.getAttribute('data-ui') ?? '';
        return new RegExp(pattern).test(m) ? m : null;
      },
      ACTIONABLE.source,
      { polling: 'raf', timeout: 30_000 },
    );
    const seen = await now.jsonValue();
    if (seen === mode) return;
    if (seen === 'game-over') throw new Error(`the game ended before ${mode}`);
    // One click, which sets the page busy at once (app.ts): the next frame shows the next turn.
    const clicked = await page.evaluate((m) => {
      const click = (selector: string): boolean => {
        const el = document.querySelector<HTMLElement>(selector);
        el?.click();
        return el !== null;
      };
      if (m === 'pass') {
        for (const card of [...document.querySelectorAll<HTMLElement>('[data-testid="hand"] button[data-card]')].slice(0, 3)) card.click();
        return click('[data-testid="pass-button"]:not(:disabled)');
      }
      if (m === 'my-turn') return click('[data-testid="hand"] button[data-legal="true"]:not([aria-disabled="true"])');
      if (m === 'hand-over') return click('[data-testid="next-hand"]');
      if (m === 'moon-choice') return click('[data-testid="moon-others"]');
      return click('[data-testid="moon-ok"]');
    }, seen);
    if (!clicked) throw new Error(`nothing to click at ${seen}`);
  }
  throw new Error('gave up acting');
}

test('a player plays the daily deal to its end, finds their place on the board and replays their game from it', async ({ page }) => {
  // The server's Content-Security-Policy refuses inline styles: the bar and the board break none of it.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await presetSettings(page, { speed: 'off' });
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');

  // The board shows names: a new player gives one first, then the game starts.
  await page.getByTestId('daily-start').click();
  await expect(page.getByTestId('prompt')).toHaveAttribute('data-prompt', 'name');
  await page.getByTestId('name-input').fill('Dee');
  await page.getByTestId('name-ok').click();
  await expect(ui(page)).toHaveAttribute('data-ui', 'pass');
  const title = page.getByTestId('daily-title');
  await expect(title).toHaveText(/^Daily deal · .+ · hand 1 of 4$/);
  await expect(page.getByTestId('hint-button')).toBeHidden();
  await shot(page, 'daily-bar.png');

  // Four hands, one of each pass; the line says which.
  await actUntil(page, 'hand-over');
  await expect(title).toHaveText(/ · hand 1 of 4$/);
  await page.getByTestId('next-hand').click();
  await expect(title).toHaveText(/ · hand 2 of 4$/);
  await actUntil(page, 'game-over');
  await expect(title).toHaveText(/ · hand 4 of 4$/);
  await expect(page.getByTestId('game-over').getByTestId('sheet-row')).toHaveCount(4);
  const total = Number(await page.getByTestId('sheet-totals').locator('td[data-seat="S"]').textContent());

  // The result leads to the day's board: my row, marked, with my total and rank.
  await page.getByTestId('result-daily').click();
  const board = page.getByTestId('dialog-daily');
  await expect(board).toBeVisible();
  await expect(board.getByTestId('daily-me')).toHaveText(new RegExp(`^You: ${total} points?, \\d+(st|nd|rd|th) of \\d+$`));
  const mine = board.locator('[data-testid="daily-row"][data-mine="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('th')).toHaveText('Dee (you)');
  await expect(mine.locator('.daily-total')).toHaveText(String(total));
  await expect(board.getByTestId('daily-next')).toBeDisabled();
  await shot(page, 'daily-board.png');

  // My replay, from my row: the day's 4 hands, and back to the board.
  await mine.getByTestId('daily-replay').click();
  const replay = page.getByTestId('dialog-replay');
  await expect(replay.getByTestId('replay-where')).toHaveText(/^Hand 1 of 4 · step 1 of 55 · 0 of 13 tricks$/);
  await expect(replay.getByTestId('replay-seat-S')).toContainText('Dee');
  await expect(replay.getByTestId('replay-shared')).toContainText('daily deal');
  await page.keyboard.press('Escape');
  await expect(board).toBeVisible();
  await expect(mine).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(board).toBeHidden();

  // A reload brings the finished game back, with its day and hand.
  await page.reload();
  await expect(ui(page)).toHaveAttribute('data-ui', 'game-over');
  await expect(title).toHaveText(/ · hand 4 of 4$/);

  // Once a day: in another tab (no game shown there), starting it again opens the board
  // with the server's reason.
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(ui(other)).toHaveAttribute('data-ui', 'start');
  await other.getByTestId('daily-start').click();
  const otherBoard = other.getByTestId('dialog-daily');
  await expect(otherBoard.getByTestId('daily-note')).toHaveText(/^You have played today.s deal/);
  await expect(otherBoard.getByTestId('daily-me')).toHaveText(/^You: /);
  await expect(ui(other)).toHaveAttribute('data-ui', 'start');
  expect(refused).toEqual([]);
});

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the day's board can be seen from the start screen before playing (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await presetSettings(page, { speed: 'off' });
    await page.goto('/');
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
    // The menu's Daily, beside the start screen's "Daily deal" (which plays it).
    const daily = page.getByTestId('open-daily');
    await expect(daily).toBeVisible();
    await expect(daily).toBeInViewport();
    await daily.click();
    const board = page.getByTestId('dialog-daily');
    await expect(board).toBeVisible();
    await expect(board.getByTestId('daily-day')).toContainText('today');
    await expect(board.getByTestId('daily-me')).toBeVisible();
    // Not played: it offers to play it, and nothing was started.
    await expect(board.getByTestId('daily-play')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  });
}
