// Reading what the server sends about people (docs/protocol.md, "Playing with people"):
// tables and their seats, the lobby, relations, looks and achievements. read.ts reads
// the messages that carry them. What only a lazily loaded part shows (statistics, the
// leaderboard, a profile, the achievements' list, a review, the daily deal's board) is
// read in that part's chunk (types.ts, Unread), from read-fields.ts's steps.

import {
  type Obj,
  array,
  asObject,
  bool,
  challengeState,
  describe,
  fail,
  field,
  int,
  join,
  nonNegative,
  nullable,
  num,
  optional,
  perSeat,
  seat,
  str,
  tableEnd,
  tableKind,
  tableState,
} from './read-fields';
import type {
  Achievement,
  ChallengeInfo,
  LobbyEntry,
  LobbySeat,
  Look,
  PlayerRef,
  RelationKind,
  Relations,
  Seat,
  SeatInfo,
  TableInfo,
} from './types';

function seatInfo(x: unknown, path: string): SeatInfo {
  const o = asObject(x, path);
  return {
    player: nullable(o, 'player', path, str),
    name: nullable(o, 'name', path, str),
    human: bool(field(o, 'human', path), join(path, 'human')),
    connected: bool(field(o, 'connected', path), join(path, 'connected')),
    away: bool(field(o, 'away', path), join(path, 'away')),
    // Sent since achievements came; a server from before them leaves them out.
    face: optional(o, 'face', path, faceNumber) ?? -1,
    wearing: optional(o, 'wearing', path, str) ?? '',
  };
}

function faceNumber(x: unknown, path: string): number {
  const n = int(x, path);
  if (n < -1) fail(path, `expected a face from -1 up, got ${n}`);
  return n;
}

export function look(o: Obj, path: string): Look {
  return { face: optional(o, 'face', path, faceNumber) ?? -1, wearing: optional(o, 'wearing', path, str) ?? '' };
}

export function achievement(o: Obj, path: string, idKey = 'id'): Achievement {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    id: get(idKey, str),
    name: get('name', str),
    how: get('how', str),
    title: get('title', str),
    item: get('item', str),
    itemName: get('item_name', str),
  };
}

export function tableInfo(x: unknown, path: string): TableInfo {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const seats = (v: unknown, p: string): Seat[] => array(v, p, seat);
  const ended = nullable(o, 'ended', path, tableEnd);
  return {
    kind: get('kind', tableKind),
    state: get('state', tableState),
    host: get('host', seat),
    you: nullable(o, 'you', path, seat),
    code: get('code', str),
    rules: get('rules', str),
    timer: get('timer', nonNegative),
    deadline: nullable(o, 'deadline', path, nonNegative),
    waitingFor: get('waiting_for', seats),
    seats: get('seats', (v, p) => perSeat(v, p, seatInfo)),
    timerVotes: get('timer_votes', seats),
    ready: get('ready', seats),
    rematchVotes: get('rematch_votes', seats),
    next: nullable(o, 'next', path, str),
    ended,
    // Came with challenges; a server from before them leaves it out (no challenge).
    challenge: optional(o, 'challenge', path, challengeInfo) ?? null,
    // Came with spectators and hints at tables with people.
    watchable: optional(o, 'watchable', path, bool) ?? false,
    watchVotes: optional(o, 'watch_votes', path, seats) ?? [],
    watchers: optional(o, 'watchers', path, (v, p) => array(v, p, playerRef)) ?? [],
    watcherCount: optional(o, 'watcher_count', path, nonNegative) ?? 0,
    watching: optional(o, 'watching', path, bool) ?? false,
    hints: optional(o, 'hints', path, bool) ?? false,
    hintVotes: optional(o, 'hint_votes', path, seats) ?? [],
    rated: optional(o, 'rated', path, bool) ?? false,
    ratedVotes: optional(o, 'rated_votes', path, seats) ?? [],
    // Came with quick match.
    quick: optional(o, 'quick', path, bool) ?? false,
    fillAt: optional(o, 'fill_at', path, nonNegative) ?? null,
    fillIn: optional(o, 'fill_in', path, nonNegative) ?? null,
  };
}

function challengeInfo(x: unknown, path: string): ChallengeInfo {
  const o = asObject(x, path);
  return {
    ...playerRef(o, path),
    state: challengeState(field(o, 'state', path), join(path, 'state')),
  };
}

function lobbySeat(x: unknown, path: string): LobbySeat {
  const o = asObject(x, path);
  return {
    player: nullable(o, 'player', path, str),
    name: nullable(o, 'name', path, str),
    human: bool(field(o, 'human', path), join(path, 'human')),
  };
}

export function lobbyEntry(x: unknown, path: string): LobbyEntry {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  return {
    table: get('table', str),
    rules: get('rules', str),
    state: get('state', tableState),
    timer: get('timer', nonNegative),
    seats: get('seats', (v, p) => perSeat(v, p, lobbySeat)),
    created: get('created', nonNegative),
    quick: optional(o, 'quick', path, bool) ?? false,
    skill: optional(o, 'skill', path, num) ?? null,
  };
}

export function playerRef(x: unknown, path: string): PlayerRef {
  const o = asObject(x, path);
  return { player: str(field(o, 'player', path), join(path, 'player')), name: str(field(o, 'name', path), join(path, 'name')) };
}

export function relations(x: unknown, path: string): Relations {
  const o = asObject(x, path);
  const list = (key: RelationKind): PlayerRef[] => array(field(o, key, path), join(path, key), playerRef);
  return { block: list('block'), mute: list('mute'), favorite: list('favorite') };
}

/** A day of the daily deal: "YYYY-MM-DD". */
export function dayText(x: unknown, path: string): string {
  const s = str(x, path);
  return /^\d{4}-\d\d-\d\d$/.test(s) ? s : fail(path, `expected a day as YYYY-MM-DD, got ${describe(s)}`);
}
