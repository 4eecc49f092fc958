// Reading a player's ratings (docs/protocol.md, "Leaderboards"): a board's rating and the
// rating after each game, as the leaderboard (the Statistics dialog's chunk) and a
// profile (the people's chunk) carry them. Only those chunks import it: a chunk of its
// own, shared by them, never in the first load.

import { asObject, bool, field, int, join, nonNegative, num, optional, str } from './read-fields';
import type { BoardRating, RatingPoint } from './types';

/** A player's rating on one board. */
export function boardRating(x: unknown, path: string): BoardRating {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  const rating = { board: get('board', str), rating: get('rating', int), games: get('games', nonNegative), provisional: get('provisional', bool) };
  // Left out by a server before it: no uncertainty is shown.
  const sigma = optional(o, 'sigma', path, num);
  return sigma === undefined ? rating : { ...rating, sigma };
}

/** A player's rating after one rated game. */
export function ratingPoint(x: unknown, path: string): RatingPoint {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return { at: get('at', nonNegative), rating: get('rating', int), games: get('games', nonNegative) };
}
