// Reading what the server says of ratings that the people's part shows (docs/protocol.md,
// "Ratings" and "Leaderboards"): a rated game's change (`rating`) and a player's profile,
// which read.ts passes on as they came (types.ts, Unread). As strict as read.ts: a
// refusal names the field at fault.

import { type Obj, array, asObject, bool, coded, fail, field, int, join, nonNegative, num, optional, str } from '../net/read-fields';
import { boardRating, ratingPoint } from '../net/read-ratings';
import type { Profile, RatingChange } from '../net/types';

/** The `rating` message: a rated game's change to my rating. */
export function readRatingChange(o: Obj): RatingChange {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  const rating = (x: unknown, path: string): number => int(field(asObject(x, path), 'rating', path), join(path, 'rating'));
  return {
    table: get('table', str),
    board: get('board', str),
    place: get('place', int),
    games: get('games', int),
    provisional: get('provisional', bool),
    before: get('before', rating),
    after: get('after', rating),
    counted: get('counted', num),
    reason: get('reason', str),
    // A clause that does not read as a code is left out: the page then shows `reason`.
    why: (Array.isArray(o['why']) ? (o['why'] as unknown[]) : []).flatMap((c) => {
      const x = typeof c === 'object' && c !== null ? coded(c as Record<string, unknown>) : {};
      return x.msg === undefined ? [] : [{ msg: x.msg, args: x.args ?? {} }];
    }),
  };
}

/** The `profile` answer. */
export function readProfile(o: Obj): Profile {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  return {
    player: get('player', str),
    name: get('name', str),
    rank: get('rank', nonNegative),
    boards: get('boards', (v, p) => array(v, p, boardRating)),
    // Neither from a server before them: no places, no history.
    places: optional(o, 'places', '', places) ?? [],
    history: optional(o, 'history', '', (v, p) => array(v, p, ratingPoint)) ?? [],
  };
}

/** How many games a player finished 1st, 2nd, 3rd and 4th. */
function places(x: unknown, path: string): number[] {
  const counts = array(x, path, nonNegative);
  return counts.length === 4 ? counts : fail(path, `expected 4 counts (1st to 4th), got ${counts.length}`);
}
