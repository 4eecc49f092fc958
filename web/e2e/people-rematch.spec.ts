import { expect, test } from '@playwright/test';
import { shot, ui } from './helpers';
import { createPrivate, joinByCode, openLobby, person, playUntil } from './people';

test('two people: private table, a rated game agreed, chat, the timer voted off, a short game to its end, and a rematch', async ({ browser }) => {
  test.setTimeout(420_000);
  // A short game (ends at 10 points), a 12 s clock at --timer-scale 0.1.
  const ada = await person(browser, 'Ada', { turnTimer: 120, endScore: 10, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  await openLobby(ada);
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);
  await expect(ada.page.getByTestId('table-code')).toHaveText(`Code ${code}`);

  await ada.page.getByTestId('chat-input').fill('good luck!');
  await ada.page.getByTestId('chat-send').click();
  await expect(bob.page.getByTestId('chat-text')).toHaveText(['good luck!']);
  // Ada asks for a rated game and Bob agrees, before the first card.
  await ada.page.getByTestId('allow-rated').click();
  await expect(bob.page.getByTestId('rated-line')).toHaveText(/^Ada asks for a rated game: it is rated if everyone agrees before the start/);
  await bob.page.getByTestId('allow-rated').click();
  for (const p of [ada, bob]) await expect(p.page.getByTestId('rated-line')).toHaveText('This game is rated: everyone here agreed.');
  await ada.page.getByTestId('start-game').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'pass');
  await expect(bob.page.getByTestId('table-kind')).toHaveText('Private table · rated');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');

  // Ada suggests turning off the timer; Bob is asked, agrees, and the clock stops.
  await expect(ada.page.getByTestId('turn-timer')).toHaveText(/\d+ s/);
  await ada.page.getByTestId('timer-off').click();
  await expect(ada.page.getByTestId('timer-voted')).toContainText('You suggested turning off the timer');
  const vote = bob.page.getByTestId('timer-vote');
  await expect(vote).toContainText('Turn off the timer?');
  await expect(vote).toContainText('Ada has suggested that you turn off the timer for the game.');
  await shot(bob.page, 'people-timer-vote.png');
  await bob.page.getByTestId('timer-accept').click();
  await expect(vote).toBeHidden();
  for (const p of [ada, bob]) {
    await expect(p.page.getByTestId('turn-timer')).toHaveText('Timer off');
    await expect(p.page.locator('[data-testid^="clock-"]:visible')).toHaveCount(0);
  }
  await bob.page.getByTestId('chat-input').fill('thanks, you too');
  await bob.page.getByTestId('chat-send').click();
  await expect(ada.page.getByTestId('chat-text')).toHaveText(['good luck!', 'thanks, you too']);

  // The whole game.
  const finished = (mode: string): boolean => mode === 'game-over' || mode === 'rematch-waiting';
  await Promise.all([playUntil(ada.page, finished, 360_000), playUntil(bob.page, finished, 360_000)]);
  for (const p of [ada, bob]) {
    await expect(p.page.getByTestId('game-over')).toBeVisible();
    await expect(p.page.getByTestId('result-title')).toHaveText(/^(Congratulations, you won!|.+ won( together)?\.)$/);
    await expect(p.page.getByTestId('rematch-question')).toContainText('Rematch?');
    await expect(p.page.getByTestId('rematch-question')).toContainText('Would you like to play another game with the same players?');
    await expect(p.page.getByTestId('new-game-end')).toBeHidden();
    // Rated, as both agreed.
    await expect(p.page.getByTestId('game-over').getByTestId('rating-change')).toContainText(/^Your rating: [\d,]+ \([+−±]\d+\) · (1st|2nd) of 2 people/);
  }
  const totals = await ada.page.getByTestId('game-over').getByTestId('sheet-totals').locator('td[data-seat]').allTextContents();
  expect(Math.max(...totals.map((t) => Number(t.replace(/\D+$/, ''))))).toBeGreaterThanOrEqual(10);
  await shot(ada.page, 'people-game-over.png');

  // Both accept the rematch; each sees who has accepted; a new game starts for both.
  await ada.page.getByTestId('rematch').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'rematch-waiting');
  await expect(ada.page.getByTestId('rematch-votes')).toContainText('You want a rematch. Waiting for Bob.');
  await expect(bob.page.getByTestId('rematch-votes')).toContainText('Ada wants a rematch. Waiting for you.');
  await bob.page.getByTestId('rematch').click();
  for (const p of [ada, bob]) {
    await expect(ui(p.page)).toHaveAttribute('data-ui', 'pass', { timeout: 20_000 });
    await expect(p.page.getByTestId('table-code')).not.toHaveText(`Code ${code}`);
    for (const seat of ['S', 'W', 'N', 'E']) await expect(p.page.getByTestId(`score-${seat}`)).toHaveText('0');
    // The chat goes on at the new table.
    await expect(p.page.getByTestId('chat-text')).toHaveText(['good luck!', 'thanks, you too']);
  }
  await expect(bob.page.getByTestId('name-S')).toHaveText('Ada');
  await ada.context.close();
  await bob.context.close();
});
