// The daily deal in words (docs/protocol.md, "The daily deal"): its days, the line over
// its game, and what a day's board says about me, in the language in use: daily-part.ts draws it. In the
// daily deal's chunk (table/parts.ts, DAILY_PART), with the board's drawing.

import { dailyWords as w } from '../../i18n/daily';
import { formatDate, language } from '../../i18n/words';
import type { DailyBoard, DailyRow } from '../../net/types';

const DAY_MS = 86_400_000;
/** How many days back the server keeps a board (docs/protocol.md: a day more than 366 days ago is refused). */
export const DAYS_KEPT = 366;

/** The UTC day of a time (ms since 1970), as the daily deal names it: "2026-12-03". */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function shiftDay(day: string, n: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** Whole days from `a` to `b` ("2026-12-01" to "2026-12-03": 2). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * A day in the page's language (or `locale`): "3 December" ("December 3" in American
 * English), `short` "3 Dec", `long` with the weekday and year.
 */
export function dayWords(day: string, style: 'day' | 'short' | 'long' = 'day', locale?: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const parts: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: style === 'short' ? 'short' : 'long', timeZone: 'UTC' };
  return locale === undefined ? formatDate(date, parts) : date.toLocaleDateString(locale, parts);
}

const PLACE = { one: 'placeOne', two: 'placeTwo', few: 'placeFew' } as const;

/** A place, by the language's ordinal rules: "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const form = new Intl.PluralRules(language(), { type: 'ordinal' }).select(n);
  return w(form in PLACE ? PLACE[form as keyof typeof PLACE] : 'placeOther', { n });
}

/**
 * The line over a game of the daily deal: "Daily deal · 3 December · hand 2 of 4" (of
 * the rules' hands; without them, only the hand).
 */
export function dailyTitle(day: string, hand: number, hands: number, locale?: string, deal: string = w('dailyDeal')): string {
  const d = dayWords(day, 'day', locale);
  return hands > 0 ? w('titleOf', { deal, day: d, hand, hands }) : w('title', { deal, day: d, hand });
}

/** The result's button to the day's board: "See today’s board", or the day's when it is over. */
export function boardLabel(day: string, now: number, locale?: string): string {
  return day === dayOf(now) ? w('seeToday') : w('seeDay', { day: dayWords(day, 'day', locale) });
}

/** What the board says about my game of its day: "You: 13 points, 2nd of 17", "In progress", "Not played yet". */
export function mineWords(b: DailyBoard): string {
  const me = b.me;
  if (me === null) return w(b.today ? 'notPlayed' : 'didNotPlay');
  if (!me.finished) return w('inProgress');
  if (me.rank === null) return w('conceded', { n: me.score });
  return w('mine', { n: me.score, rank: ordinal(me.rank), players: b.players });
}

/** "17 players have finished this deal.", "Nobody finished this deal." */
export function playersWords(b: DailyBoard): string {
  const n = b.players;
  if (n === 0) return w(b.today ? 'nobodyYet' : 'nobody');
  return w(b.today ? 'finishedToday' : 'finished', { n });
}

/** "The next deal is dealt at midnight UTC, in 5 h 12 min." */
export function nextDealWords(nextMs: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((nextMs - now) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const left = h > 0 ? (m > 0 ? w('hoursMinutes', { h, m }) : w('hours', { h })) : w('minutes', { m });
  return w('nextDeal', { left });
}

/**
 * My row on the board: the one with my name, rank, score and hands (the board has names
 * only), or -1 when it is not there (not finished, or below the best shown).
 */
export function myRow(b: DailyBoard, name: string | null): number {
  const me = b.me;
  if (me === null || !me.finished || me.rank === null || name === null) return -1;
  return b.board.findIndex((r: DailyRow) => r.name === name && r.rank === me.rank && r.score === me.score && r.hands.join() === me.hands.join());
}

/** The number of hand columns: 4 for the daily deal, more if a row has them. */
export function handColumns(b: DailyBoard): number {
  return Math.max(4, ...b.board.map((r) => r.hands.length), b.me?.finished ? b.me.hands.length : 0);
}
