// A player's profile in the dialog their name opens (docs/protocol.md, "Leaderboards",
// `profile`), mine too (Statistics' "My profile"): the rating with the default rules and
// its uncertainty, provisional or ranked, the games played, their places as shares, and
// their rating after each of their last rated games as a chart (ui/line-chart.ts, as
// Statistics draws mine), with a table of the same for screen readers.

import { peopleWords as w } from '../i18n/people';
import { formatDate, formatNumber } from '../i18n/words';
import type { Profile, RatingPoint } from '../net/types';
import { h } from '../ui/dom';
import { lineChart } from '../ui/line-chart';

/** Whose profile it is: another player's (their sentences name them), or mine (they say "your"). */
export interface Whose {
  readonly name: string;
  readonly me: boolean;
}

export function whose(name: string, me: boolean): Whose {
  return { name, me };
}

const number = (n: number): string => formatNumber(n);

/** The uncertainty shown beside a rating, "±96": twice the server's sigma; null when it did not say. */
export function uncertainty(sigma: number | undefined): string | null {
  return sigma === undefined ? null : `±${number(Math.round(2 * sigma))}`;
}

interface RatingParts {
  readonly head: string;
  /** "± 96" as the line says it, and "±96" as its title does. */
  readonly sigma: string | null;
  readonly pm: string | null;
  readonly tail: string;
}

/** The rating line in its parts: "Rating 1,412", "± 96" (or null), " · 57 rated games · ranked 3". */
function ratingParts(profile: Pick<Profile, 'boards' | 'rank'>): RatingParts {
  const standard = profile.boards.find((b) => b.board === 'standard');
  if (standard === undefined) {
    const others = profile.boards.length;
    if (others === 0) return { head: w('noRatedGames'), sigma: null, pm: null, tail: '' };
    return { head: w('noStandardRating', { n: others }), sigma: null, pm: null, tail: '' };
  }
  const head = w('rating', { rating: standard.rating });
  const sigma = standard.sigma === undefined ? null : w('plusMinus', { n: Math.round(2 * standard.sigma) });
  // Labels after the rating, each after a " · ".
  const items = standard.provisional
    ? [w('provisional', { n: standard.games })]
    : [w('ratedGames', { n: standard.games }), ...(profile.rank > 0 ? [w('ranked', { rank: profile.rank })] : [])];
  return { head, sigma, pm: uncertainty(standard.sigma), tail: items.map((x) => ` · ${x}`).join('') };
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
  const title = w('uncertaintyTitle', { pm: p.pm ?? '' });
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

const PLACE_SHARES = ['placeShare1', 'placeShare2', 'placeShare3', 'placeShare4'] as const;

/** "Won 37% · 2nd 26% · 3rd 21% · 4th 16%"; "" when there are no places to share. */
export function placesText(places: readonly number[]): string {
  if (places.reduce((a, b) => a + b, 0) === 0) return '';
  return shares(places)
    .slice(0, PLACE_SHARES.length)
    .map((pct, i) => w(PLACE_SHARES[i] ?? 'placeShare4', { pct }))
    .join(' · ');
}

/** The history chart's sentence: where the rating went over the games. */
export function historySummary(history: readonly RatingPoint[], who: Whose): string {
  const ratings = history.map((p) => p.rating);
  const first = ratings[0] ?? 0;
  const last = ratings[ratings.length - 1] ?? 0;
  if (ratings.length === 1) return who.me ? w('historyOneMine', { rating: first }) : w('historyOne', { name: who.name, rating: first });
  const numbers = { n: ratings.length, first, last, low: Math.min(...ratings), high: Math.max(...ratings) };
  return who.me ? w('historyMine', numbers) : w('history', { ...numbers, name: who.name });
}

/** When a game ended, as the history's table says it. */
function when(at: number): string {
  return formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The chart of the rating after each game, and the same as a table that only screen readers see. */
function historyEls(history: readonly RatingPoint[], who: Whose): HTMLElement[] {
  const chart = lineChart(
    history.map((p) => p.rating),
    number,
    { summary: historySummary(history, who), className: 'rating-chart', testid: 'player-chart' },
  );
  const table = h(
    'table',
    { 'data-testid': 'player-history-table' },
    h('caption', {}, who.me ? w('historyCaptionMine') : w('historyCaption', { name: who.name })),
    h('thead', {}, h('tr', {}, ...[w('date'), w('ratingHead'), w('ratedGamesHead')].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...history.map((p) => h('tr', {}, h('td', {}, when(p.at)), h('td', {}, number(p.rating)), h('td', {}, number(p.games))))),
  );
  // Hidden in a box of its own: a table keeps its width whatever its own is said to be.
  return [h('h3', {}, w('ratingHistory')), h('div', { class: 'chart-wrap' }, chart), h('div', { class: 'sr-only' }, table)];
}

/**
 * What the profile shows under its rating line: what the uncertainty means, the places
 * as shares, and the rating's history. Nothing before the answer came, or without rated
 * games with the standard rules.
 */
export function profileDetails(profile: Profile | null, who: Whose): HTMLElement[] {
  const standard = profile?.boards.find((b) => b.board === 'standard');
  if (profile === null || standard === undefined) return [];
  const out: HTMLElement[] = [];
  const pm = uncertainty(standard.sigma);
  if (pm !== null) {
    const text = who.me ? w('uncertaintyMine', { pm }) : w('uncertainty', { pm, name: who.name });
    out.push(h('p', { class: 'hint', 'data-testid': 'player-uncertainty' }, text));
  }
  const shared = placesText(profile.places);
  if (shared !== '') {
    const games = profile.places.reduce((a, b) => a + b, 0);
    out.push(
      h('h3', {}, w('places')),
      h('p', { 'data-testid': 'player-places' }, shared),
      h('p', { class: 'hint' }, w('placesOf', { n: games })),
    );
  }
  if (profile.history.length > 0) out.push(...historyEls(profile.history, who));
  return out;
}
