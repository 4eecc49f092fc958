// A public game between two people played to its end is rated (docs/ratings.md): each
// sees their new rating under the result, its change from 1000, their place among the
// people, and that it is provisional; Statistics shows it with the leaderboard. After a
// game with the standard rules, a player's profile (the dialog their name opens, and mine
// from Statistics) has that rating with its uncertainty, the places and the history.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
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

/** axe's WCAG 2.1 A and AA findings that count (as in axe.spec.ts) in the open dialog of playing with people. */
async function axeOnPrompt(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).include('[data-testid="prompt"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** My new rating as the result says it ("1,036") and my place among the people (1 or 2). */
async function myRating(page: Page): Promise<{ rating: string; place: number }> {
  const first = page.getByTestId('game-over').getByTestId('rating-change').locator('p').first();
  await expect(first).toHaveText(/^Your rating: [\d,]+ \([+−±]\d+\) · (1st|2nd) of 2 people$/);
  const [, rating, place] = /^Your rating: ([\d,]+) .* · (\d)/.exec((await first.textContent()) ?? '') ?? [];
  return { rating: rating ?? '', place: Number(place) };
}

/**
 * The profile open in `page`'s dialog after one rated game with the standard rules: the
 * rating (provisional, with its uncertainty), the places as shares of that one game, the
 * history as a chart of one point and a table of one row; it fits the window and passes axe.
 */
async function oneGameProfile(page: Page, name: string, you: boolean, r: { rating: string; place: number }): Promise<void> {
  const prompt = page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'player');
  await expect(page.getByTestId('player-name')).toHaveText(name);
  await expect(page.getByTestId('player-rating')).toHaveText(new RegExp(`^Rating ${r.rating} ± [\\d,]+ · provisional \\(1 of 10 games\\)$`));
  await expect(page.getByTestId('player-sigma')).toHaveAttribute('title', /^uncertainty: ±[\d,]+$/);
  await expect(page.getByTestId('player-uncertainty')).toContainText(`It narrows as ${you ? 'you play' : `${name} plays`} more rated games.`);
  await expect(page.getByTestId('player-places')).toHaveText(r.place === 1 ? 'Won 100% · 2nd 0% · 3rd 0% · 4th 0%' : 'Won 0% · 2nd 100% · 3rd 0% · 4th 0%');
  const chart = page.getByTestId('player-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('role', 'img');
  await expect(chart).toHaveAttribute('aria-label', `${you ? 'Your' : `${name}’s`} rating after ${you ? 'your' : 'their'} one rated game with the standard rules: ${r.rating}.`);
  await expect(chart.locator('circle')).toHaveCount(1);
  const table = page.getByTestId('player-history-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody td')).toHaveText([/\d/, r.rating, '1']);
  // For screen readers only: on the page, not on the screen.
  expect(await table.evaluate((el) => (el.parentElement?.getBoundingClientRect().width ?? 99) <= 1)).toBe(true);
  // The dialog fits the window's width, and scrolls in itself when it is taller.
  const width = page.viewportSize()?.width ?? 0;
  const panel = prompt.locator('.panel');
  const box = await panel.boundingBox();
  expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
  expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await axeOnPrompt(page)).toEqual([]);
}

test('after a rated game with the standard rules each opens the other’s profile from the chat (laptop, and phone by keyboard), and Ada her own from Statistics', async ({ browser }) => {
  test.setTimeout(480_000);
  // The default rules, to 100 (their board is `standard`, which a profile tells of), no turn timer.
  const ada = await person(browser, 'Ada', { turnTimer: 0, endScore: 100, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off', viewport: { width: 390, height: 844 } });
  await openLobby(ada);
  await ada.page.getByTestId('create-public').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'room');
  const table = (await ada.page.getByTestId('room').getAttribute('data-table')) ?? '';
  await openLobby(bob);
  await bob.page.locator(`[data-testid="lobby-table"][data-table="${table}"]`).click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  // A word each in the chat: its names open the profiles at the end.
  await ada.page.getByTestId('chat-input').fill('good luck');
  await ada.page.getByTestId('chat-send').click();
  await bob.page.getByTestId('chat-toggle').click();
  await bob.page.getByTestId('chat-input').fill('you too');
  await bob.page.keyboard.press('Enter');
  await expect(ada.page.getByTestId('chat-text')).toHaveText(['good luck', 'you too']);
  await bob.page.getByTestId('chat-close').click();
  await ada.page.getByTestId('start-game').click();

  const finished = (mode: string): boolean => mode === 'game-over';
  await Promise.all([playUntil(ada.page, finished, 420_000), playUntil(bob.page, finished, 420_000)]);
  const adaRated = await myRating(ada.page);
  const bobRated = await myRating(bob.page);

  // Ada, on a laptop, clicks Bob's name in the chat beside the result.
  await ada.page.getByTestId('chat-name').filter({ hasText: 'Bob' }).first().click();
  await oneGameProfile(ada.page, 'Bob', false, bobRated);
  await expect(ada.page.getByTestId('prompt')).toContainText('Block, mute, favorite');
  await shot(ada.page, 'people-profile-laptop.png');
  await ada.page.getByTestId('prompt-ok').click();
  await expect(ada.page.getByTestId('prompt')).toBeHidden();

  // Bob, on a phone, by keyboard: the chat's drawer, Ada's name, Enter; Escape closes it.
  await bob.page.getByTestId('chat-toggle').click();
  const adaName = bob.page.getByTestId('chat-name').filter({ hasText: 'Ada' }).first();
  await adaName.focus();
  await bob.page.keyboard.press('Enter');
  await oneGameProfile(bob.page, 'Ada', false, adaRated);
  await expect(bob.page.getByTestId('prompt-ok')).toBeFocused();
  await shot(bob.page, 'people-profile-phone.png');
  await bob.page.keyboard.press('Escape');
  await expect(bob.page.getByTestId('prompt')).toBeHidden();
  await expect(adaName).toBeFocused();

  // Ada's own, from Statistics: "My profile", by keyboard, and back to Statistics.
  await ada.page.getByTestId('game-over').getByTestId('result-stats').click();
  const mine = ada.page.getByTestId('my-profile');
  await expect(mine).toBeVisible();
  await mine.focus();
  await ada.page.keyboard.press('Enter');
  await oneGameProfile(ada.page, 'Ada', true, adaRated);
  await expect(ada.page.getByTestId('player-you')).toHaveText('Your profile: what others see when they open your name.');
  await expect(ada.page.getByTestId('relation-block')).toHaveCount(0);
  await ada.page.keyboard.press('Escape');
  await expect(ada.page.getByTestId('prompt')).toBeHidden();
  await expect(ada.page.getByTestId('dialog-stats')).toBeVisible();
  await expect(mine).toBeFocused();
  await ada.context.close();
  await bob.context.close();
});
