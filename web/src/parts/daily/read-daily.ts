// Reading a day's board of the daily deal (docs/protocol.md, "The daily deal"), which
// read.ts passes on as it came (types.ts, Unread). As strict as read.ts: a refusal names
// the field at fault.

import { type Obj, array, asObject, bool, field, int, join, nonNegative, nullable, optional, shareId, str } from '../../net/read-fields';
import { dayText } from '../../net/read-people';
import type { DailyBoard, DailyMine, DailyResult, DailyRow } from '../../net/types';

function dailyResult(o: Obj, path: string): DailyResult {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    rank: get('rank', nonNegative),
    score: get('score', int),
    hands: get('hands', (v, p) => array(v, p, int)),
    replay: optional(o, 'replay', path, shareId) ?? null,
  };
}

function dailyRow(x: unknown, path: string): DailyRow {
  const o = asObject(x, path);
  return { name: str(field(o, 'name', path), join(path, 'name')), ...dailyResult(o, path) };
}

function dailyMine(x: unknown, path: string): DailyMine {
  const o = asObject(x, path);
  const table = str(field(o, 'table', path), join(path, 'table'));
  if (!bool(field(o, 'finished', path), join(path, 'finished'))) return { table, finished: false };
  const conceded = optional(o, 'conceded', path, bool) ?? false;
  // A game I conceded has no rank (null).
  return { table, finished: true, conceded, ...dailyResult({ ...o, rank: 0 }, path), rank: nullable(o, 'rank', path, nonNegative) };
}

/** The `daily` answer: a day's board. */
export function readDailyBoard(o: Obj): DailyBoard {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  return {
    day: get('day', dayText),
    today: get('today', bool),
    nextMs: get('next_ms', nonNegative),
    players: get('players', nonNegative),
    me: optional(o, 'me', '', dailyMine) ?? null,
    board: get('board', (v, p) => array(v, p, dailyRow)),
  };
}
