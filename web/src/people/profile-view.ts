// A player's profile in the dialog their name opens (docs/protocol.md, "Leaderboards",
// `profile`), mine too (Statistics' "My profile"): the rating with the default rules and
// its uncertainty, provisional or ranked, the games played, their places as shares, and
// their rating after each of their last rated games as a chart (ui/line-chart.ts, as
// Statistics draws mine), with a table of the same for screen readers.

import type { Profile, RatingPoint } from '../net/types';
import { h } from '../ui/dom';
import { lineChart } from '../ui/line-chart';

/** Whose profile it is, in the words that speak of them: another player's, or mine. */
export interface Whose {
  /** "Ada’s", "Your". */
  readonly possessive: string;
  /** "their", "your". */
  readonly their: string;
  /** "Ada plays", "you play". */
  readonly plays: string;
}

export function whose(name: string, me: boolean): Whose {
  return me ? { possessive: 'Your', their: 'your', plays: 'you play' } : { possessive: `${name}’s`, their: 'their', plays: `${name} plays` };
}

const number = (n: number): string => n.toLocaleString('en');

/** The uncertainty shown beside a rating, "±96": twice the server's sigma; null when it did not say. */
export function uncertainty(sigma: number | undefined): string | null {
  return sigma === undefined ? null : `±${number(Math.round(2 * sigma))}`;
}

/** The rating line in its parts: "Rating 1,412", "± 96" (or null), " · 57 rated games · ranked 3". */
function ratingParts(profile: Pick<Profile, 'boards' | 'rank'>): { readonly head: string; readonly sigma: string | null; readonly tail: string } {
  const standard = profile.boards.find((b) => b.board === 'standard');
  if (standard === undefined) {
    const others = profile.boards.length;
    if (others === 0) return { head: 'No rated games yet.', sigma: null, tail: '' };
    return { head: `No rated games with the standard rules (${others === 1 ? 'one other set of rules' : `${others} other sets of rules`}).`, sigma: null, tail: '' };
  }
  const head = `Rating ${number(standard.rating)}`;
  const pm = uncertainty(standard.sigma);
  const sigma = pm === null ? null : `± ${pm.slice(1)}`;
  if (standard.provisional) return { head, sigma, tail: ` · provisional (${standard.games} of 10 games)` };
  return { head, sigma, tail: ` · ${standard.games} rated games${profile.rank > 0 ? ` · ranked ${number(profile.rank)}` : ''}` };
}

/** A player's rating with the default rules as their dialog says it ("" until the server has said it). */
export function playerRatingText(profile: Pick<Profile, 'boards' | 'rank'> | null): string {
  if (profile === null) return '';
  const p = ratingParts(profile);
  return `${p.head}${p.sigma === null ? '' : ` ${p.sigma}`}${p.tail}`;
}

/** The rating line's content: its text, the uncertainty with a title that says what it is. */
export function ratingLine(profile: Pick<Profile, 'boards' | 'rank'> | null): (Node | string)[] {
  if (profile === null) return [];
  const p = ratingParts(profile);
  if (p.sigma === null) return [`${p.head}${p.tail}`];
  const title = `uncertainty: ${p.sigma.replace(' ', '')}`;
  return [`${p.head} `, h('span', { class: 'sigma', title, 'data-testid': 'player-sigma' }, p.sigma), p.tail];
}

/**
 * Whole percentages of `counts` that add up to 100: each share rounded down, and the
 * points left over to the largest remainders (the first of equal ones). All 0 when there
 * is nothing to share.
 */
export function shares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (100 * c) / total);
  const out = exact.map((e) => Math.floor(e));
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ rest: e - Math.floor(e), i })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

const PLACE_WORDS = ['Won', '2nd', '3rd', '4th'];

/** "Won 37% · 2nd 26% · 3rd 21% · 4th 16%"; "" when there are no places to share. */
export function placesText(places: readonly number[]): string {
  if (places.reduce((a, b) => a + b, 0) === 0) return '';
  return shares(places)
    .map((s, i) => `${PLACE_WORDS[i] ?? `${i + 1}th`} ${s}%`)
    .join(' · ');
}

/** The history chart's sentence: where the rating went over the games. */
export function historySummary(history: readonly RatingPoint[], w: Whose): string {
  const ratings = history.map((p) => p.rating);
  const first = ratings[0] ?? 0;
  const last = ratings[ratings.length - 1] ?? 0;
  if (ratings.length === 1) return `${w.possessive} rating after ${w.their} one rated game with the standard rules: ${number(first)}.`;
  return (
    `${w.possessive} rating after each of ${w.their} last ${ratings.length} rated games with the standard rules, oldest first: ` +
    `from ${number(first)} to ${number(last)} (lowest ${number(Math.min(...ratings))}, highest ${number(Math.max(...ratings))}).`
  );
}

/** When a game ended, as the history's table says it. */
function when(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The chart of the rating after each game, and the same as a table that only screen readers see. */
function historyEls(history: readonly RatingPoint[], w: Whose): HTMLElement[] {
  const chart = lineChart(
    history.map((p) => p.rating),
    number,
    { summary: historySummary(history, w), className: 'rating-chart', testid: 'player-chart' },
  );
  const table = h(
    'table',
    { 'data-testid': 'player-history-table' },
    h('caption', {}, `${w.possessive} rating after each rated game with the standard rules, oldest first`),
    h('thead', {}, h('tr', {}, ...['Date', 'Rating', 'Rated games'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...history.map((p) => h('tr', {}, h('td', {}, when(p.at)), h('td', {}, number(p.rating)), h('td', {}, String(p.games))))),
  );
  // Hidden in a box of its own: a table keeps its width whatever its own is said to be.
  return [h('h3', {}, 'Rating history'), h('div', { class: 'chart-wrap' }, chart), h('div', { class: 'sr-only' }, table)];
}

/**
 * What the profile shows under its rating line: what the uncertainty means, the places
 * as shares, and the rating's history. Nothing before the answer came, or without rated
 * games with the standard rules.
 */
export function profileDetails(profile: Profile | null, w: Whose): HTMLElement[] {
  const standard = profile?.boards.find((b) => b.board === 'standard');
  if (profile === null || standard === undefined) return [];
  const out: HTMLElement[] = [];
  const pm = uncertainty(standard.sigma);
  if (pm !== null) {
    out.push(h('p', { class: 'hint', 'data-testid': 'player-uncertainty' }, `Uncertainty: ${pm}. It narrows as ${w.plays} more rated games.`));
  }
  const shared = placesText(profile.places);
  if (shared !== '') {
    const games = profile.places.reduce((a, b) => a + b, 0);
    out.push(
      h('h3', {}, 'Places'),
      h('p', { 'data-testid': 'player-places' }, shared),
      h('p', { class: 'hint' }, `Of ${games === 1 ? '1 rated game' : `${number(games)} rated games`}, among the people at the table.`),
    );
  }
  if (profile.history.length > 0) out.push(...historyEls(profile.history, w));
  return out;
}
