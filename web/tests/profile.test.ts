// A player's profile in the dialog their name opens, and mine from Statistics' "My
// profile" (docs/protocol.md, "Leaderboards", `profile`): the rating with its uncertainty,
// the places as shares that add up to 100, the rating's history as a chart with a table of
// the same for screen readers, and what it says when there is none.

import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../src/net/types';
import { historySummary, placesText, playerRatingText, shares, uncertainty, whose } from '../src/people/profile-view';
import { readProfile } from '../src/people/read-rated';
import { INITIAL_SOCIAL, type Social } from '../src/state/social';
import { initialState, type AppState } from '../src/state/state';
import { TableView } from '../src/table/table-view';
import { bootPage, flush } from './boot';
import { readByPart } from './fixtures';
import { spyHandlers, type Spied } from './handlers';

const q = (selector: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`missing ${selector}`);
  return el;
};
const tid = (id: string): HTMLElement => q(`[data-testid="${id}"]`);
const none = (id: string): boolean => document.querySelector(`[data-testid="${id}"]`) === null;

const DAY = 24 * 3600 * 1000;
const AT = Date.UTC(2026, 11, 1, 12);

/** Ada's profile as the page reads it (docs/protocol.md's example, with `over`). */
function profile(over: Record<string, unknown> = {}): Profile {
  const raw = {
    t: 'profile',
    player: 'p_ada',
    name: 'Ada',
    rank: 3,
    boards: [{ board: 'standard', rating: 1412, games: 57, provisional: false, sigma: 48 }],
    places: [21, 15, 12, 9],
    history: [
      { at: AT, rating: 1398, games: 55 },
      { at: AT + DAY, rating: 1380, games: 56 },
      { at: AT + 2 * DAY, rating: 1412, games: 57 },
    ],
    ...over,
  };
  const { t: _t, ...read } = readByPart(JSON.stringify(raw), readProfile);
  return read;
}

describe('the profile in words', () => {
  it('gives the places as whole shares that add up to 100', () => {
    expect(shares([21, 15, 12, 9])).toEqual([37, 26, 21, 16]);
    // A third each: the odd point to the first of the equal remainders.
    expect(shares([1, 1, 1, 0])).toEqual([34, 33, 33, 0]);
    // Two thirds and one third: the larger remainder gets it.
    expect(shares([2, 1, 0, 0])).toEqual([67, 33, 0, 0]);
    expect(shares([1, 0, 0, 0])).toEqual([100, 0, 0, 0]);
    expect(shares([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
    for (const counts of [[3, 3, 1, 0], [5, 7, 11, 13], [1, 2, 2, 2]]) expect(shares(counts).reduce((a, b) => a + b, 0)).toBe(100);
    expect(placesText([21, 15, 12, 9])).toBe('Won 37% · 2nd 26% · 3rd 21% · 4th 16%');
    expect(placesText([0, 1, 0, 0])).toBe('Won 0% · 2nd 100% · 3rd 0% · 4th 0%');
    expect(placesText([0, 0, 0, 0])).toBe('');
    expect(placesText([])).toBe('');
  });

  it('says the rating with its uncertainty, twice the server’s sigma', () => {
    expect(uncertainty(48)).toBe('±96');
    expect(uncertainty(47.6)).toBe('±95');
    expect(uncertainty(600)).toBe('±1,200');
    expect(uncertainty(undefined)).toBeNull();
    expect(playerRatingText(profile())).toBe('Rating 1,412 ± 96 · 57 rated games · ranked 3');
    expect(playerRatingText(profile({ boards: [{ board: 'standard', rating: 1036, games: 1, provisional: true, sigma: 300 }] }))).toBe(
      'Rating 1,036 ± 600 · provisional (1 of 10 games)',
    );
    // A server before sigma: the rating alone, as before.
    expect(playerRatingText(profile({ boards: [{ board: 'standard', rating: 1412, games: 57, provisional: false }] }))).toBe('Rating 1,412 · 57 rated games · ranked 3');
  });

  it('says the history in a sentence, another’s or mine', () => {
    const p = profile();
    expect(historySummary(p.history, whose('Ada', false))).toBe(
      'Ada’s rating after each of their last 3 rated games with the standard rules, oldest first: from 1,398 to 1,412 (lowest 1,380, highest 1,412).',
    );
    expect(historySummary(p.history.slice(0, 1), whose('Bob', true))).toBe('Your rating after your one rated game with the standard rules: 1,398.');
  });
});

describe('the player’s dialog', () => {
  let hs: Spied;
  let table: TableView;
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    hs = spyHandlers();
    table = new TableView(q('#root'), hs);
  });

  function open(who: { player: string; name: string }, p: Profile | null, over: Partial<Social> = {}): AppState {
    const s: AppState = {
      ...initialState(),
      screen: 'lobby',
      social: { ...INITIAL_SOCIAL, player: 'p_bob', name: 'Bob', lobby: [], prompt: { kind: 'player', ...who }, profile: p, ...over },
    };
    table.render(s);
    return s;
  }

  it('shows the rating with its uncertainty, the places, and the history as a chart and a table', () => {
    open({ player: 'p_ada', name: 'Ada' }, profile());
    expect(tid('player-name').textContent).toBe('Ada');
    expect(tid('prompt').getAttribute('aria-labelledby')).toBe('prompt-title');
    expect(tid('player-name').id).toBe('prompt-title');
    expect(tid('player-rating').textContent).toBe('Rating 1,412 ± 96 · 57 rated games · ranked 3');
    expect(tid('player-rating').getAttribute('aria-live')).toBe('polite');
    expect(tid('player-sigma').getAttribute('title')).toBe('uncertainty: ±96');
    expect(tid('player-uncertainty').textContent).toBe('Uncertainty: ±96. It narrows as Ada plays more rated games.');
    expect(tid('player-places').textContent).toBe('Won 37% · 2nd 26% · 3rd 21% · 4th 16%');
    expect(tid('player-profile').textContent).toContain('Of 57 rated games, among the people at the table.');
    const chart = tid('player-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Ada’s rating after each of their last 3 rated games with the standard rules, oldest first: from 1,398 to 1,412 (lowest 1,380, highest 1,412).',
    );
    const points = (chart.querySelector('polyline')?.getAttribute('points') ?? '').split(' ');
    expect(points).toHaveLength(3);
    // The same numbers as a table, for screen readers only.
    const t = tid('player-history-table');
    expect(t.tagName).toBe('TABLE');
    expect(t.parentElement?.classList.contains('sr-only')).toBe(true);
    expect([...t.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Date', 'Rating', 'Rated games']);
    const rows = [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['1,398', '55'],
      ['1,380', '56'],
      ['1,412', '57'],
    ]);
    expect(rows[0]?.[0]).toBe(new Date(AT).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
    // Another's: the toggles and the challenge are there too.
    expect(tid('prompt').textContent).toContain('Block, mute, favorite');
    expect(none('relation-block')).toBe(false);
    expect(none('challenge-player')).toBe(false);
  });

  it('draws one game as a dot, with its row in the table', () => {
    const one = [{ at: AT, rating: 1036, games: 1 }];
    open({ player: 'p_ada', name: 'Ada' }, profile({ boards: [{ board: 'standard', rating: 1036, games: 1, provisional: true, sigma: 300 }], places: [1, 0, 0, 0], history: one }));
    expect(tid('player-rating').textContent).toBe('Rating 1,036 ± 600 · provisional (1 of 10 games)');
    expect(tid('player-places').textContent).toBe('Won 100% · 2nd 0% · 3rd 0% · 4th 0%');
    expect(tid('player-profile').textContent).toContain('Of 1 rated game, among the people at the table.');
    const chart = tid('player-chart');
    expect(chart.querySelector('polyline')).toBeNull();
    expect(chart.querySelectorAll('circle')).toHaveLength(1);
    expect(chart.getAttribute('aria-label')).toBe('Ada’s rating after their one rated game with the standard rules: 1,036.');
    expect(tid('player-history-table').querySelectorAll('tbody tr')).toHaveLength(1);
  });

  it('says when there are no rated games, and shows nothing before the answer', () => {
    open({ player: 'p_ada', name: 'Ada' }, null);
    expect(tid('player-rating').textContent).toBe('');
    expect(tid('player-profile').children).toHaveLength(0);
    open({ player: 'p_ada', name: 'Ada' }, profile({ rank: 0, boards: [], places: [0, 0, 0, 0], history: [] }));
    expect(tid('player-rating').textContent).toBe('No rated games yet.');
    expect(none('player-places')).toBe(true);
    expect(none('player-chart')).toBe(true);
    expect(none('player-history-table')).toBe(true);
    // Someone else's answer is not hers.
    open({ player: 'p_ada', name: 'Ada' }, { ...profile(), player: 'p_cy', name: 'Cy' });
    expect(tid('player-rating').textContent).toBe('');
    // A server before places, history and sigma: the rating alone.
    open({ player: 'p_ada', name: 'Ada' }, profile({ boards: [{ board: 'standard', rating: 1412, games: 57, provisional: false }], places: undefined, history: undefined }));
    expect(tid('player-rating').textContent).toBe('Rating 1,412 · 57 rated games · ranked 3');
    expect(none('player-sigma')).toBe(true);
    expect(none('player-uncertainty')).toBe(true);
    expect(none('player-places')).toBe(true);
    expect(none('player-chart')).toBe(true);
  });

  it('mine: my profile, in words of mine, without the toggles or a challenge', () => {
    open({ player: 'p_bob', name: 'Bob' }, { ...profile(), player: 'p_bob', name: 'Bob' });
    expect(tid('player-name').textContent).toBe('Bob');
    expect(tid('player-you').textContent).toBe('Your profile: what others see when they open your name.');
    expect(tid('player-uncertainty').textContent).toBe('Uncertainty: ±96. It narrows as you play more rated games.');
    expect(tid('player-chart').getAttribute('aria-label')).toMatch(/^Your rating after each of your last 3 rated games/);
    expect(tid('prompt').textContent).not.toContain('Block, mute, favorite');
    expect(none('relation-block')).toBe(true);
    expect(none('challenge-player')).toBe(true);
    expect(document.activeElement).toBe(tid('prompt-ok'));
    tid('prompt-ok').click();
    expect(hs.closePrompt).toHaveBeenCalled();
  });
});

describe('“My profile” in Statistics', () => {
  it('opens my own profile, which asks the server for it', async () => {
    const sockets = bootPage();
    const last = () => sockets.at(-1)!;
    last().open();
    last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [], name: 'Bob' }));
    tid('start-stats').click();
    const totals = { games: 0, won: 0, hands: 0, points: 0, moons_shot: 0, moons_suffered: 0, queens: 0, trickless: 0, moon_stops: 0, conceded: 0 };
    last().receive(JSON.stringify({ t: 'stats', all: totals, groups: [], streak: 0, best_streak: 0, recent: [] }));
    last().receive(JSON.stringify({ t: 'leaderboard', board: 'standard', leaders: [], rank: 0, boards: [] }));
    // A click focuses the button in a browser (jsdom's click does not).
    tid('my-profile').focus();
    tid('my-profile').click();
    await flush();
    expect(tid('prompt').dataset['prompt']).toBe('player');
    expect(tid('player-name').textContent).toBe('Bob');
    expect(last().messages().at(-1)).toEqual({ t: 'profile', player: 'p_bob' });
    last().receive(JSON.stringify({ t: 'profile', player: 'p_bob', name: 'Bob', rank: 0, boards: [], places: [0, 0, 0, 0], history: [] }));
    await flush();
    expect(tid('player-rating').textContent).toBe('No rated games yet.');
    // Done goes back to Statistics, which stayed open under it.
    tid('prompt-ok').click();
    await flush();
    expect(tid('prompt').hidden).toBe(true);
    expect(tid('dialog-stats').hidden).toBe(false);
    expect(document.activeElement).toBe(tid('my-profile'));
  });

  it('is not offered before I have a name', () => {
    const sockets = bootPage();
    const last = () => sockets.at(-1)!;
    last().open();
    last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [] }));
    tid('start-stats').click();
    const totals = { games: 0, won: 0, hands: 0, points: 0, moons_shot: 0, moons_suffered: 0, queens: 0, trickless: 0, moon_stops: 0, conceded: 0 };
    last().receive(JSON.stringify({ t: 'stats', all: totals, groups: [], streak: 0, best_streak: 0, recent: [] }));
    last().receive(JSON.stringify({ t: 'leaderboard', board: 'standard', leaders: [], rank: 0, boards: [] }));
    expect(none('my-ratings')).toBe(false);
    expect(none('my-profile')).toBe(true);
  });
});
