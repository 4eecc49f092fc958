// The daily deal (docs/protocol.md, "The daily deal"): its messages, as the page reads
// them.

import { describe, expect, it } from 'vitest';
import { completeUpdate, encodeClientMessage, parseServerMessage, type DailyBoard, type ServerMessage } from '../src/protocol';
import { applySnapshot, applyUpdate, initialState } from '../src/state';
import { passRaw, playRaw, snapshotOf, snapshotText, updateText } from './fixtures';

const DAILY_RULES = 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4';

/** A board as the server sends it: 17 finished, I came 2nd with 13 (Ada won with 6). */
export function boardRaw(over: Record<string, unknown> = {}): Record<string, unknown> {
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

function ok(raw: unknown): ServerMessage {
  const r = parseServerMessage(JSON.stringify(raw));
  if (!r.ok) throw new Error(r.error);
  return r.message;
}

function refusal(raw: unknown): string {
  const r = parseServerMessage(JSON.stringify(raw));
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(raw)}`);
  return r.error;
}

export function boardOf(raw: Record<string, unknown> = boardRaw()): DailyBoard {
  const m = ok(raw);
  if (m.t !== 'daily') throw new Error('not a board');
  const { t: _t, ...board } = m;
  return board;
}

describe('the daily deal’s messages', () => {
  it('reads a board: the day, my result, every row', () => {
    const b = boardOf();
    expect(b.day).toBe('2026-12-03');
    expect(b.today).toBe(true);
    expect(b.nextMs).toBe(Date.UTC(2026, 11, 4));
    expect(b.players).toBe(17);
    expect(b.me).toEqual({ table: 'k3v9q2mx', finished: true, score: 13, rank: 2, hands: [0, 13, 0, 0], replay: 'h4t9mmmmmmmmmmmm' });
    expect(b.board.map((r) => [r.rank, r.name, r.score])).toEqual([
      [1, 'Ada', 6],
      [2, 'Bob', 13],
      [2, 'Cy', 13],
      [4, 'Dee', 26],
    ]);
    expect(b.board[0]?.hands).toEqual([0, 2, 4, 0]);
    expect(b.board[0]?.replay).toBe('q7m2x9c4hk0p3v8t');
  });

  it('reads my game not started, in play, and rows without replays (before I have played)', () => {
    expect(boardOf(boardRaw({ me: null })).me).toBeNull();
    expect(boardOf(boardRaw({ me: { table: 'k3v9q2mx', finished: false } })).me).toEqual({ table: 'k3v9q2mx', finished: false });
    const rows = boardOf(boardRaw({ me: null, board: [{ rank: 1, name: 'Ada', score: 6, hands: [0, 2, 4, 0] }] })).board;
    expect(rows).toEqual([{ rank: 1, name: 'Ada', score: 6, hands: [0, 2, 4, 0], replay: null }]);
    expect(boardOf(boardRaw({ players: 0, board: [] })).board).toEqual([]);
  });

  it('refuses a bad board, naming the field, and the page goes on', () => {
    expect(refusal(boardRaw({ day: '3 December' }))).toBe('day: expected a day as YYYY-MM-DD, got "3 December"');
    expect(refusal(boardRaw({ today: 'yes' }))).toBe('today: expected true or false, got "yes"');
    expect(refusal(boardRaw({ next_ms: -1 }))).toBe('next_ms: expected a number of at least 0, got -1');
    expect(refusal(boardRaw({ players: undefined }))).toBe('players: missing');
    expect(refusal(boardRaw({ board: [{ rank: 1, name: 'Ada', score: 6, hands: [0, 'x'] }] }))).toBe('board[0].hands[1]: expected an integer, got "x"');
    expect(refusal(boardRaw({ board: [{ rank: 1, score: 6, hands: [] }] }))).toBe('board[0].name: missing');
    expect(refusal(boardRaw({ board: [{ rank: 1, name: 'Ada', score: 6, hands: [], replay: '<a>' }] }))).toBe(
      'board[0].replay: expected a share link\'s 16 characters, got "<a>"',
    );
    expect(refusal(boardRaw({ me: { table: 'k3v9q2mx', finished: true, score: 13, hands: [] } }))).toBe('me.rank: missing');
    expect(refusal(boardRaw({ me: { finished: false } }))).toBe('me.table: missing');
    expect(refusal(boardRaw({ board: null }))).toBe('board: expected an array, got null');
  });

  it('reads the day of a daily game’s snapshot, and its rules; any other game has none', () => {
    const m = snapshotOf(playRaw({ rules: DAILY_RULES }));
    expect(ok({ ...JSON.parse(snapshotText(playRaw())), daily: '2026-12-03' })).toMatchObject({ t: 'snapshot', daily: '2026-12-03' });
    expect(m.daily).toBeNull();
    expect(m.view.rules).toBe(DAILY_RULES);
    expect(refusal({ ...JSON.parse(snapshotText(playRaw())), daily: 20261203 })).toBe('daily: expected a string, got 20261203');
  });

  it('keeps the day and the rules of the game across its updates', () => {
    const { names: _n, sheet: _s, rules: _r, ...leanPass } = passRaw({ passed: ['2C', '7C', 'QC'] });
    const snap = ok({ ...JSON.parse(snapshotText(passRaw({ rules: DAILY_RULES }))), daily: '2026-12-03' });
    if (snap.t !== 'snapshot') throw new Error('not a snapshot');
    let s = applySnapshot(initialState(), snap);
    expect(s.game?.daily).toBe('2026-12-03');
    expect(s.game?.view.rules).toBe(DAILY_RULES);
    // An update has no day beside its view, and its view no rules: both stay the snapshot's.
    const m = ok(JSON.parse(updateText(leanPass, { kind: 'passed', seat: 'S' }, 11)));
    if (m.t !== 'update') throw new Error('not an update');
    expect(m.view.rules).toBeUndefined();
    const full = completeUpdate(m, snap.view);
    if (full === null) throw new Error('not completed');
    s = applyUpdate(s, full);
    expect(s.game?.daily).toBe('2026-12-03');
    expect(s.game?.view.rules).toBe(DAILY_RULES);
    // Another game's snapshot: no day.
    s = applySnapshot(s, snapshotOf(playRaw(), 'other123'));
    expect(s.game?.daily).toBeNull();
  });

  it('writes daily_start and daily as documented', () => {
    expect(JSON.parse(encodeClientMessage({ t: 'daily_start', id: 4 }))).toEqual({ t: 'daily_start', id: 4 });
    expect(JSON.parse(encodeClientMessage({ t: 'daily', id: 5 }))).toEqual({ t: 'daily', id: 5 });
    expect(JSON.parse(encodeClientMessage({ t: 'daily', day: '2026-12-02', id: 6 }))).toEqual({ t: 'daily', day: '2026-12-02', id: 6 });
  });
});
