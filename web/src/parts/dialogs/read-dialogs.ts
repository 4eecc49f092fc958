// Reading the server's answers that only these dialogs show (docs/protocol.md,
// "Statistics", "Leaderboards", "Achievements and looks"): `stats`, `leaderboard` and
// `achievements`, which read.ts passes on as they came (types.ts, Unread). As strict as
// read.ts: a refusal names the field at fault.

import { type Obj, array, asObject, bool, field, int, join, nonNegative, nullable, optional, str } from '../../net/read-fields';
import { achievement, look } from '../../net/read-people';
import { boardRating, ratingPoint } from '../../net/read-ratings';
import type { AchievementEntry, Leaderboard, Look, PlayerStats, RecentGame, StatsGroup, StatsTotals } from '../../net/types';

function statsTotals(x: unknown, path: string): StatsTotals {
  const o = asObject(x, path);
  const n = (key: string): number => nonNegative(field(o, key, path), join(path, key));
  return {
    games: n('games'),
    won: n('won'),
    hands: n('hands'),
    points: int(field(o, 'points', path), join(path, 'points')), // −10 for J♦ can make it negative
    moonsShot: n('moons_shot'),
    moonsSuffered: n('moons_suffered'),
    queens: n('queens'),
    trickless: n('trickless'),
    moonStops: n('moon_stops'),
    conceded: n('conceded'),
  };
}

function statsGroup(x: unknown, path: string): StatsGroup {
  const o = asObject(x, path);
  return {
    ...statsTotals(o, path),
    people: bool(field(o, 'people', path), join(path, 'people')),
    level: str(field(o, 'level', path), join(path, 'level')),
  };
}

function recentGame(x: unknown, path: string): RecentGame {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return { table: get('table', str), at: get('at', nonNegative), score: get('score', int), place: get('place', nonNegative), won: get('won', bool) };
}

/** My statistics: the `stats` answer. */
export function readStats(o: Obj): PlayerStats {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  return {
    all: get('all', statsTotals),
    groups: get('groups', (v, p) => array(v, p, statsGroup)),
    streak: get('streak', nonNegative),
    bestStreak: get('best_streak', nonNegative),
    recent: get('recent', (v, p) => array(v, p, recentGame)),
  };
}

/** A row of a leaderboard. */
function leader(x: unknown, path: string): Leaderboard['leaders'][number] {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return { rank: get('rank', nonNegative), player: get('player', str), name: get('name', str), rating: get('rating', int), games: get('games', nonNegative) };
}

/** A board's leaders, my rank there and my ratings: the `leaderboard` answer. */
export function readLeaderboard(o: Obj): Leaderboard {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  return {
    board: get('board', str),
    // Neither from a server before pages: its one page.
    page: optional(o, 'page', '', nonNegative) ?? 0,
    more: optional(o, 'more', '', bool) ?? false,
    leaders: get('leaders', (v, p) => array(v, p, leader)),
    rank: get('rank', nonNegative),
    boards: get('boards', (v, p) => array(v, p, boardRating)),
    history: optional(o, 'history', '', (v, p) => array(v, p, ratingPoint)) ?? [],
  };
}

function achievementEntry(x: unknown, path: string): AchievementEntry {
  const o = asObject(x, path);
  return { ...achievement(o, path), earned: nullable(o, 'earned', path, nonNegative) };
}

/** Every achievement, earned or not, and my look: the `achievements` answer. */
export function readAchievements(o: Obj): { readonly list: readonly AchievementEntry[]; readonly look: Look } {
  return { list: array(field(o, 'list', ''), 'list', achievementEntry), look: look(o, '') };
}
