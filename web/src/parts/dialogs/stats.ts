// The Statistics dialog's words and chart, from the server's `stats` message: pure
// functions, so the numbers a player reads are tested without a page.
import { dialogWords as w } from '../../i18n/dialogs';
import { formatNumber, language } from '../../i18n/words';
import type { PlayerStats, RecentGame, StatsGroup, StatsTotals } from '../../net/types';

/** One number of the dialog. */
export interface StatLine {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

const LEVEL_KEYS = { random: 'levelRandom', easy: 'levelEasy', medium: 'levelMedium', hard: 'levelHard', expert: 'levelExpert' } as const;

export function levelName(level: string): string {
  return Object.hasOwn(LEVEL_KEYS, level) ? w(LEVEL_KEYS[level as keyof typeof LEVEL_KEYS]) : level;
}

/** "40%", rounded; "–" when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '–';
  return new Intl.NumberFormat(language(), { style: 'percent' }).format(Math.round((100 * part) / whole) / 100);
}

/** One decimal: "6.3"; "–" when there is nothing to divide by. */
export function average(total: number, count: number): string {
  if (count <= 0) return '–';
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(total / count);
}

/** The numbers at the top of the dialog. */
export function headline(s: PlayerStats): readonly StatLine[] {
  const a = s.all;
  return [
    { key: 'games', label: w('gamesPlayed'), value: formatNumber(a.games) },
    { key: 'won', label: w('gamesWon'), value: formatNumber(a.won) },
    { key: 'win-rate', label: w('winRate'), value: percent(a.won, a.games) },
    { key: 'per-hand', label: w('perHand'), value: average(a.points, a.hands) },
    { key: 'per-game', label: w('perGame'), value: average(a.points, a.games) },
    { key: 'streak', label: w('streak'), value: w('wins', { n: s.streak }) },
    { key: 'best-streak', label: w('bestStreak'), value: w('wins', { n: s.bestStreak }) },
  ];
}

/** What happened in the hands: moons, the queen, tricks. */
export function details(a: StatsTotals): readonly StatLine[] {
  const lines: StatLine[] = [
    { key: 'hands', label: w('handsPlayed'), value: formatNumber(a.hands) },
    { key: 'moons-shot', label: w('moonsShot'), value: formatNumber(a.moonsShot) },
    { key: 'moons-suffered', label: w('moonsSuffered'), value: formatNumber(a.moonsSuffered) },
    { key: 'moon-stops', label: w('moonStops'), value: formatNumber(a.moonStops) },
    { key: 'queens', label: w('queens'), value: w('queensValue', { count: a.queens, percent: percent(a.queens, a.hands) }) },
    { key: 'trickless', label: w('trickless'), value: formatNumber(a.trickless) },
  ];
  if (a.conceded > 0) lines.push({ key: 'conceded', label: w('conceded'), value: formatNumber(a.conceded) });
  return lines;
}

/** Who the games in a group were against. */
export function groupLabel(g: Pick<StatsGroup, 'people' | 'level'>): string {
  if (!g.people) return w('vsComputers', { level: levelName(g.level) });
  if (g.level === '') return w('vsPeople');
  return w('vsMixed', { level: levelName(g.level) });
}

/** The rows of the table by opponents: against, games, won, win rate, points per hand. */
export function groupRows(s: PlayerStats): readonly (readonly string[])[] {
  return s.groups.map((g) => [groupLabel(g), formatNumber(g.games), formatNumber(g.won), percent(g.won, g.games), average(g.points, g.hands)]);
}

const PLACE_KEYS = ['place1', 'place2', 'place3', 'place4'] as const;

/** "2nd": a place at a table of four. */
function ordinal(n: number): string {
  const key = PLACE_KEYS[n - 1];
  return key === undefined ? formatNumber(n) : w(key);
}

/** A bar of the chart, in the chart's own units (see `scoreChart`). */
export interface Bar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly won: boolean;
  /** What the bar says to a pointer or a screen reader. */
  readonly title: string;
}

export interface Chart {
  readonly width: number;
  readonly height: number;
  /** The score at the top of the chart: 100 or more, a multiple of 25. */
  readonly top: number;
  /** Grid lines: the score and its height. */
  readonly lines: readonly { readonly score: number; readonly y: number }[];
  readonly bars: readonly Bar[];
  /** The chart in one sentence, for those who do not see it. */
  readonly summary: string;
}

export const CHART_WIDTH = 300;
export const CHART_HEIGHT = 120;

/**
 * The final score of each recent game as a bar, oldest on the left; a won game's bar is
 * marked. Lower is better in Hearts, so the chart has a line at 100, where games usually
 * end.
 */
export function scoreChart(recent: readonly RecentGame[], locale?: string): Chart {
  const highest = recent.reduce((m, g) => Math.max(m, g.score), 0);
  const top = Math.max(100, Math.ceil(highest / 25) * 25);
  const y = (score: number): number => CHART_HEIGHT - (Math.max(0, score) / top) * CHART_HEIGHT;
  const slot = CHART_WIDTH / Math.max(recent.length, 10);
  const dates = new Intl.DateTimeFormat(locale ?? language(), { day: 'numeric', month: 'short', year: 'numeric' });
  const bars = recent.map((g, i) => {
    const height = Math.max(CHART_HEIGHT - y(g.score), 1); // a 0 still shows
    return {
      x: i * slot + slot * 0.15,
      y: CHART_HEIGHT - height,
      width: slot * 0.7,
      height,
      won: g.won,
      title: g.won ? w('barWon', { date: dates.format(g.at), n: g.score }) : w('barPlace', { date: dates.format(g.at), n: g.score, place: ordinal(g.place) }),
    };
  });
  const lines = [];
  for (let score = 0; score <= top; score += 50) lines.push({ score, y: y(score) });
  const wins = recent.filter((g) => g.won).length;
  const scores = new Intl.ListFormat(language(), { type: 'unit', style: 'short' }).format(recent.map((g) => formatNumber(g.score)));
  const summary =
    recent.length === 0 ? w('noGames') : `${w('chartSummary', { n: recent.length, scores })} ${w('chartWins', { n: wins })}`;
  return { width: CHART_WIDTH, height: CHART_HEIGHT, top, lines, bars, summary };
}
