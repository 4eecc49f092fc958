// Views as the server sends them (raw JSON, docs/protocol.md), for unit tests and the
// fixture page. Each goes through the real parser before use.

import { parseServerMessage } from '../src/net/read';
import { ParseError, type Obj } from '../src/net/read-fields';
import type { ServerMessage, Update, View } from '../src/net/types';
import { completeUpdate } from '../src/state/update';

export type RawView = Record<string, unknown>;

const NAMES = ['You', 'Mike', 'Bill', 'Lisa'];

const SHEET = [
  { hand: 1, pass: 'left', points: [0, 13, 9, 4], score: [0, 13, 9, 4], totals: [0, 13, 9, 4], moon: null, winners: ['S'] },
  { hand: 2, pass: 'right', points: [3, 0, 0, 23], score: [3, 0, 0, 23], totals: [3, 13, 9, 27], moon: null, winners: ['W', 'N'] },
];

/** Hand 3, play: North led 5♣, East followed 9♣; South to play and holds clubs. */
export function playRaw(over: RawView = {}): RawView {
  return {
    seat: 'S',
    phase: 'play',
    hand: 3,
    pass: 'across',
    names: NAMES,
    cards: ['2C', '7C', 'QC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH'],
    legal: ['2C', '7C', 'QC'],
    passed: ['KS', 'AH', 'KH'],
    received: ['3D', '8D', '4S'],
    has_passed: [true, true, true, true],
    rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue',
    to_move: 'S',
    trick: { leader: 'N', cards: ['5C', '9C'] },
    last_trick: { leader: 'W', cards: ['3C', '6C', 'AC', '4C'], winner: 'N' },
    hearts_broken: false,
    points: [0, 0, 0, 0],
    markers: ['', '', '·', ''],
    scores: [3, 13, 9, 27],
    sheet: SHEET,
    winners: [],
    ...over,
  };
}

/** Hand 1, pass left: 13 cards, nothing chosen yet. */
export function passRaw(over: RawView = {}): RawView {
  return playRaw({
    phase: 'pass',
    hand: 1,
    pass: 'left',
    cards: ['2C', '7C', 'QC', 'AC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH'],
    legal: [],
    passed: [],
    received: [],
    has_passed: [false, true, true, false],
    to_move: null,
    trick: null,
    last_trick: null,
    markers: ['', '', '', ''],
    scores: [0, 0, 0, 0],
    sheet: [],
    ...over,
  });
}

/** South leads a trick; hearts are not broken, so hearts are not legal. */
export function leadRaw(over: RawView = {}): RawView {
  return playRaw({
    cards: ['7C', 'QC', '3D', '8D', 'KD', '4S', 'AS', '2H', '9H', 'JH'],
    legal: ['7C', 'QC', '3D', '8D', 'KD', '4S', 'AS'],
    trick: { leader: 'S', cards: [] },
    last_trick: { leader: 'E', cards: ['5S', 'KS', 'QS', '2S'], winner: 'S' },
    markers: ['·♠', '', '·', ''],
    points: [13, 0, 0, 0],
    ...over,
  });
}

/** The trick of leadRaw with its last card still to come (East plays 2S into it). */
export function beforeLeadRaw(over: RawView = {}): RawView {
  return playRaw({
    cards: ['7C', 'QC', '3D', '8D', 'KD', '4S', 'AS', '2H', '9H', 'JH'],
    legal: [],
    trick: { leader: 'E', cards: ['5S', 'KS', 'QS'] },
    to_move: 'N',
    ...over,
  });
}

/** The hand is over: the score sheet has three rows. */
export function handOverRaw(over: RawView = {}): RawView {
  return playRaw({
    phase: 'hand_over',
    cards: [],
    legal: [],
    to_move: null,
    trick: { leader: 'N', cards: [] },
    last_trick: { leader: 'N', cards: ['2H', '5H', '9H', 'TH'], winner: 'E' },
    hearts_broken: true,
    points: [5, 0, 13, 8],
    markers: ['·♥·♥', '··', '♠·♥', '♥♥·♥'],
    scores: [8, 13, 22, 35],
    sheet: [
      ...SHEET,
      { hand: 3, pass: 'across', points: [5, 0, 13, 8], score: [5, 0, 13, 8], totals: [8, 13, 22, 35], moon: null, winners: ['W'] },
    ],
    ...over,
  });
}

export function gameOverRaw(over: RawView = {}): RawView {
  return handOverRaw({
    phase: 'game_over',
    hand: 4,
    scores: [8, 39, 48, 61],
    sheet: [
      ...SHEET,
      { hand: 3, pass: 'across', points: [5, 0, 13, 8], score: [5, 0, 13, 8], totals: [8, 13, 22, 35], moon: null, winners: ['W'] },
      {
        hand: 4,
        pass: 'none',
        points: [26, 0, 0, 0],
        score: [0, 26, 26, 26],
        totals: [8, 39, 48, 61],
        moon: { shooter: 'S', scored: 'others' },
        winners: ['S'],
      },
    ],
    winners: ['S'],
    ...over,
  });
}

export function snapshotText(raw: RawView, table = 'k3v9q2mx', v = 10): string {
  return JSON.stringify({ t: 'snapshot', table, v, view: raw });
}

export function updateText(raw: RawView, event: Record<string, unknown>, v: number, table = 'k3v9q2mx'): string {
  return JSON.stringify({ t: 'update', table, v, event, view: raw });
}

/** One change of several events, as the server sends it: an update each, from version `first`, all with the view at its end. */
export function changeTexts(raw: RawView, events: readonly Record<string, unknown>[], first: number, table = 'k3v9q2mx'): string[] {
  return events.map((event, i) => updateText(raw, event, first + i, table));
}

/** Parses, failing loudly: fixtures must be valid protocol. */
export function parsed(text: string): ServerMessage {
  const r = parseServerMessage(text);
  if (!r.ok) throw new Error(`fixture does not parse: ${r.error}`);
  return r.message;
}

/** The message a part reads itself (types.ts, Unread) as parseServerMessage passes it on, or why it refused it. */
function unread(text: string): Extract<ServerMessage, { raw: Obj }> | string {
  const r = parseServerMessage(text);
  if (!r.ok) return r.error;
  if (!('raw' in r.message)) throw new Error(`read by read.ts, not passed on: ${r.message.t}`);
  return r.message;
}

/**
 * A message that a part of the page reads itself (types.ts, Unread), read as the page
 * reads it: passed on by parseServerMessage, then read by the part's `read`; `t` kept.
 * Fails loudly when it does not read.
 */
export function readByPart<T>(text: string, read: (o: Obj) => T): { readonly t: string } & T {
  const m = unread(text);
  if (typeof m === 'string') throw new Error(m);
  return { t: m.t, ...read(m.raw) };
}

/** Why such a message does not read: parseServerMessage's refusal, or the part's reader's. */
export function refusedByPart<T>(text: string, read: (o: Obj) => T): string {
  const m = unread(text);
  if (typeof m === 'string') return m;
  try {
    read(m.raw);
  } catch (e) {
    if (e instanceof ParseError) return e.message;
    throw e;
  }
  throw new Error(`accepted: ${text}`);
}

export function viewOf(raw: RawView): View {
  const m = parsed(snapshotText(raw));
  if (m.t !== 'snapshot') throw new Error('not a snapshot');
  return m.view;
}

export function snapshotOf(raw: RawView, table = 'k3v9q2mx', v = 10): Extract<ServerMessage, { t: 'snapshot' }> {
  const m = parsed(snapshotText(raw, table, v));
  if (m.t !== 'snapshot') throw new Error('not a snapshot');
  return m;
}

export function updateOf(
  raw: RawView,
  event: Record<string, unknown>,
  v: number,
  table = 'k3v9q2mx',
): Update {
  const m = parsed(updateText(raw, event, v, table));
  if (m.t !== 'update') throw new Error('not an update');
  const full = completeUpdate(m, null);
  if (full === null) throw new Error('fixture update leaves out names or sheet');
  return full;
}

// ---- playing with people ----

export type RawInfo = Record<string, unknown>;

const seatRaw = (player: string | null, name: string | null, human: boolean, more: Record<string, unknown> = {}) => ({
  player,
  name,
  human,
  connected: human,
  away: false,
  ...more,
});

/** A private table playing: Ada (S, host), Bob (W, me), a computer player (N), Cy (E). */
export function infoRaw(over: RawInfo = {}): RawInfo {
  return {
    kind: 'private',
    state: 'playing',
    host: 'S',
    you: 'W',
    code: 'k3v9q2mx',
    rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue',
    timer: 30,
    deadline: 21500,
    waiting_for: ['W'],
    seats: [
      seatRaw('p_ada', 'Ada', true),
      seatRaw('p_bob', 'Bob', true),
      seatRaw(null, 'Bill', false, { connected: true }),
      seatRaw('p_cy', 'Cy', true),
    ],
    timer_votes: [],
    ready: [],
    rematch_votes: [],
    next: null,
    ended: null,
    ...over,
  };
}

/** The same table before the start: Ada (host) and Bob, two empty seats. */
export function waitingInfoRaw(over: RawInfo = {}): RawInfo {
  return infoRaw({
    state: 'waiting',
    deadline: null,
    waiting_for: [],
    seats: [seatRaw('p_ada', 'Ada', true), seatRaw('p_bob', 'Bob', true), seatRaw(null, null, false), seatRaw(null, null, false)],
    ...over,
  });
}

export function tableText(info: RawInfo, table = 'k3v9q2mx'): string {
  return JSON.stringify({ t: 'table', table, info });
}

export function chatText(text: string, over: Record<string, unknown> = {}): string {
  return JSON.stringify({ t: 'chat', table: 'k3v9q2mx', seat: 'S', player: 'p_ada', name: 'Ada', text, at: 1_700_000_000_000, ...over });
}

export function lobbyEntryRaw(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    table: 'pub12345',
    rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue',
    state: 'waiting',
    timer: 30,
    seats: [
      { player: 'p_ada', name: 'Ada', human: true },
      { player: null, name: null, human: false },
      { player: null, name: null, human: false },
      { player: null, name: null, human: false },
    ],
    created: 1_700_000_000_000,
    ...over,
  };
}

/** A view of seat W (Bob) in the play of hand 3, for the table above. */
export function westPlayRaw(over: RawView = {}): RawView {
  return playRaw({
    seat: 'W',
    names: ['Ada', 'Bob', 'Bill', 'Cy'],
    to_move: 'W',
    trick: { leader: 'N', cards: ['5C', '9C', '3C'] },
    ...over,
  });
}

// ---- the daily deal ----

export const DAILY_RULES = 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4';

/** A day's board as the server sends it: 17 finished, Bob (me) came 2nd with 13, Ada won with 6. */
export function dailyBoardRaw(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    t: 'daily',
    day: '2026-12-03',
    today: true,
    next_ms: Date.UTC(2026, 11, 4),
    players: 17,
    me: { table: 'k3v9q2mx', finished: true, score: 13, rank: 2, hands: [0, 13, 0, 0], replay: 'h4t9mmmmmmmmmmmm' },
    board: [
      { rank: 1, name: 'Ada', score: 6, hands: [0, 2, 4, 0], replay: 'q7m2x9c4hk0p3v8t' },
      { rank: 2, name: 'Bob', score: 13, hands: [0, 13, 0, 0], replay: 'h4t9mmmmmmmmmmmm' },
      { rank: 2, name: 'Cy', score: 13, hands: [13, 0, 0, 0], replay: 'c000000000000000' },
      { rank: 4, name: 'Dee', score: 26, hands: [0, 0, 26, 0], replay: 'd000000000000000' },
    ],
    ...over,
  };
}

/** A snapshot of a game of the daily deal of 3 December 2026. */
export function dailySnapshotText(raw: RawView, table = 'dly12345', v = 10): string {
  return JSON.stringify({ ...JSON.parse(snapshotText({ ...raw, rules: DAILY_RULES }, table, v)), daily: '2026-12-03' });
}
