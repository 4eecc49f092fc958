// Spectators against a real server: Eve watches Ada's public game from the lobby. She sees
// every hand face down and the table one trick late, reads the chat without a box to write
// in, and Ada sees her watching; Eve stops, and Ada sees that too.

import { expect, test } from '@playwright/test';
import { actOnce, expectStyledButton, shot, ui, waitToAct } from './helpers';
import { openLobby, person, startPublicGame } from './people';

test('watching a game from the lobby: no card of a hand, a trick late, the chat read-only', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada = await person(browser, 'Ada', { speed: 'off', turnTimer: 0 });
  const eve = await person(browser, 'Eve', { speed: 'off' });
  await openLobby(ada);
  const table = await startPublicGame(ada);

  // Eve finds the game in progress in the lobby and watches it.
  await openLobby(eve);
  const watch = eve.page.locator(`[data-testid="lobby-watch"][data-watch="${table}"]`);
  await expectStyledButton(watch);
  await watch.click();
  await expect(ui(eve.page)).toHaveAttribute('data-ui', 'watching');
  await expect(eve.page.getByTestId('table-kind')).toHaveText('Watching · a trick behind the table');
  const eveHand = eve.page.getByTestId('hand');
  await expect(eveHand.locator('.card-back')).toHaveCount(13);
  await expect(eveHand.locator('button')).toHaveCount(0);
  await expect(eve.page.getByTestId('pass-button')).toBeHidden();
  await expect(ada.page.getByTestId('watchers')).toHaveText('Watching: Eve');

  // Ada plays two tricks and it is her turn in the third: Eve is shown the first trick
  // only (Ada's cards at the bottom are 12 backs, while she holds 11).
  await actOnce(ada.page); // the pass
  for (let played = 0; played < 2; ) {
    const mode = await actOnce(ada.page);
    if (mode === 'my-turn') played += 1;
  }
  await expect.poll(async () => waitToAct(ada.page), { timeout: 30_000 }).toBe('my-turn');
  await expect(ada.page.getByTestId('hand').locator('button[data-card]')).toHaveCount(11);
  await expect(eveHand.locator('.card-back')).toHaveCount(12);

  // The chat (open beside the table on a laptop's screen): Eve reads it, and has nothing
  // to write with.
  await ada.page.getByTestId('chat-input').fill('hello Eve');
  await ada.page.getByTestId('chat-send').click();
  await expect(eve.page.getByTestId('chat-log')).toContainText('hello Eve');
  await expect(eve.page.getByTestId('chat-input')).toBeHidden();
  await expect(eve.page.getByTestId('chat-read-only')).toHaveText('Watchers read the chat.');
  await shot(eve.page, 'watching.png');

  // Eve stops: back in the lobby, and Ada no longer sees her.
  await eve.page.getByTestId('stop-watching').click();
  await expect(ui(eve.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(ada.page.getByTestId('watchers')).toBeHidden();
});

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a watcher sees the bottom seat's hand as a row of backs inside the window (${size.name})`, async ({ browser }) => {
    const ada = await person(browser, 'Ada', { speed: 'off', turnTimer: 0 });
    const eve = await person(browser, 'Eve', { speed: 'off', viewport: size });
    await openLobby(ada);
    const table = await startPublicGame(ada);
    await openLobby(eve);
    await eve.page.locator(`[data-testid="lobby-watch"][data-watch="${table}"]`).click();
    await expect(ui(eve.page)).toHaveAttribute('data-ui', 'watching');
    const backs = eve.page.getByTestId('hand').locator('.card-back');
    await expect(backs).toHaveCount(13);
    // Each back is whole inside the window and the hand, on one line, left to right.
    const placed = await eve.page.getByTestId('hand').evaluate((hand) => {
      const h = hand.getBoundingClientRect();
      return [...hand.querySelectorAll('.card-back')].map((el) => {
        const r = el.getBoundingClientRect();
        return {
          inWindow: r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight,
          inHand: r.left >= h.left - 0.5 && r.top >= h.top - 0.5 && r.right <= h.right + 0.5 && r.bottom <= h.bottom + 0.5,
          top: Math.round(r.top),
          left: r.left,
        };
      });
    });
    expect(placed.filter((p) => !p.inWindow || !p.inHand)).toEqual([]);
    expect(new Set(placed.map((p) => p.top)).size).toBe(1);
    expect(placed.every((p, i) => i === 0 || p.left > (placed[i - 1]?.left ?? 0))).toBe(true);
    await shot(eve.page, `watching-hand-${size.name}.png`);
    await ada.context.close();
    await eve.context.close();
  });
}
