// A public game between two people played to its end is rated (docs/ratings.md): each
// sees their new rating under the result, its change from 1000, their place among the
// people, and that it is provisional; Statistics shows it with the leaderboard.

import { expect, test } from '@playwright/test';
import { shot, ui } from './helpers';
import { openLobby, person, playUntil } from './people';

test('two people finish a public game: each is shown their new rating and their place', async ({ browser }) => {
  test.setTimeout(300_000);
  // A short game (ends at 10 points: a board of its own), no turn timer.
  const ada = await person(browser, 'Ada', { turnTimer: 0, endScore: 10, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  await openLobby(ada);
  await ada.page.getByTestId('create-public').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'room');
  const table = (await ada.page.getByTestId('room').getAttribute('data-table')) ?? '';
  await openLobby(bob);
  await bob.page.locator(`[data-testid="lobby-table"][data-table="${table}"]`).click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await ada.page.getByTestId('start-game').click();

  const finished = (mode: string): boolean => mode === 'game-over';
  await Promise.all([playUntil(ada.page, finished), playUntil(bob.page, finished)]);
  const places: number[] = [];
  for (const p of [ada, bob]) {
    const rating = p.page.getByTestId('game-over').getByTestId('rating-change');
    await expect(rating).toBeVisible();
    const first = rating.locator('p').first();
    await expect(first).toHaveText(/^Your rating: [\d,]+ \([+−±]\d+\) · (1st|2nd) of 2 people$/);
    const text = (await first.textContent()) ?? '';
    const [, shown, sign, change, place] = /^Your rating: ([\d,]+) \(([+−±])(\d+)\) · (\d)/.exec(text) ?? [];
    // Both began at 1000: the change is the new rating's distance from it.
    const delta = sign === '−' ? -Number(change) : Number(change);
    expect(Number((shown ?? '').replace(/,/g, ''))).toBe(1000 + delta);
    places.push(Number(place));
    await expect(rating).toContainText('These rules have a rating of their own.');
    await expect(rating).toContainText('Provisional until 10 rated games (1 so far).');
  }
  await shot(ada.page, 'people-rated.png');
  // Two people: one is first, or they share first.
  expect(places.includes(1)).toBe(true);

  // Statistics has the rating too, on its board, and the default rules' leaderboard.
  await ada.page.getByTestId('game-over').getByTestId('result-stats').click();
  await expect(ada.page.getByTestId('my-ratings')).toContainText('provisional until 10 rated games (1 so far)');
  await expect(ada.page.getByTestId('leaderboard')).toContainText('Leaderboard: standard rules');
});
