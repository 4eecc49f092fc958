// The Statistics dialog's words and chart, from the server's `stats` message: pure
// functions, so the numbers a player reads are tested without a page.
import type { PlayerStats, RecentGame, StatsGroup, StatsTotals } from '../../net/types';

/** One number of the dialog. */
export interface StatLine {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

const LEVEL_NAMES: Readonly<Record<string, string>> = {
  random: 'Random',
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
};

export function levelName(level: string): string {
  return LEVEL_NAMES[level] ?? level;
}

/** "40%", rounded; "–" when there is nothing to divide by. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : '–';
}

/** One decimal: "6.3"; "–" when there is nothing to divide by. */
export function average(total: number, count: number): string {
  return count > 0 ? (total / count).toFixed(1) : '–';
}

function streakText(n: number): string {
  return n === 1 ? '1 win' : `${n} wins`;
}

/** The numbers at the top of the dialog. */
export function headline(s: PlayerStats): readonly StatLine[] {
  const a = s.all;
  return [
    { key: 'games', label: 'Games played', value: String(a.games) },
    { key: 'won', label: 'Games won', value: String(a.won) },
    { key: 'win-rate', label: 'Win rate', value: percent(a.won, a.games) },
    { key: 'per-hand', label: 'Points per hand', value: average(a.points, a.hands) },
    { key: 'per-game', label: 'Average final score', value: average(a.points, a.games) },
    { key: 'streak', label: 'Current streak', value: streakText(s.streak) },
    { key: 'best-streak', label: 'Best streak', value: streakText(s.bestStreak) },
  ];
}

/** What happened in the hands: moons, the queen, tricks. */
export function details(a: StatsTotals): readonly StatLine[] {
  const lines: StatLine[] = [
    { key: 'hands', label: 'Hands played', value: String(a.hands) },
    { key: 'moons-shot', label: 'Moons shot', value: String(a.moonsShot) },
    { key: 'moons-suffered', label: 'Moons shot against you', value: String(a.moonsSuffered) },
    { key: 'moon-stops', label: 'Moons stopped with one heart', value: String(a.moonStops) },
    { key: 'queens', label: 'Q♠ taken', value: `${a.queens} (${percent(a.queens, a.hands)} of hands)` },
    { key: 'trickless', label: 'Hands without a trick', value: String(a.trickless) },
  ];
  if (a.conceded > 0) lines.push({ key: 'conceded', label: 'Games given up', value: String(a.conceded) });
  return lines;
}

/** Who the games in a group were against. */
export function groupLabel(g: Pick<StatsGroup, 'people' | 'level'>): string {
  if (!g.people) return `${levelName(g.level)} computer players`;
  if (g.level === '') return 'People only';
  return `People and ${levelName(g.level)} computer players`;
}

/** The rows of the table by opponents: against, games, won, win rate, points per hand. */
export function groupRows(s: PlayerStats): readonly (readonly string[])[] {
  return s.groups.map((g) => [groupLabel(g), String(g.games), String(g.won), percent(g.won, g.games), average(g.points, g.hands)]);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
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
  const date = (at: number): string => new Date(at).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const bars = recent.map((g, i) => {
    const height = Math.max(CHART_HEIGHT - y(g.score), 1); // a 0 still shows
    return {
      x: i * slot + slot * 0.15,
      y: CHART_HEIGHT - height,
      width: slot * 0.7,
      height,
      won: g.won,
      title: `${date(g.at)}: ${g.score} points, ${g.won ? 'won' : `${ordinal(g.place)} place`}`,
    };
  });
  const lines = [];
  for (let score = 0; score <= top; score += 50) lines.push({ score, y: y(score) });
  const wins = recent.filter((g) => g.won).length;
  const summary =
    recent.length === 0
      ? 'No finished games yet.'
      : `Final scores of your last ${recent.length === 1 ? 'game' : `${recent.length} games`}, oldest first: ` +
        `${recent.map((g) => g.score).join(', ')}. ${wins} won.`;
  return { width: CHART_WIDTH, height: CHART_HEIGHT, top, lines, bars, summary };
}
