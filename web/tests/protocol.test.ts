import { describe, expect, it } from 'vitest';
import { encodeClientMessage } from '../src/net/encode';
import { parseServerMessage } from '../src/net/read';
import { isCard, type ServerMessage } from '../src/net/types';
import { completeUpdate } from '../src/state/update';
import { gameOverRaw, handOverRaw, passRaw, playRaw, snapshotText, updateText } from './fixtures';

function ok(text: string): ServerMessage {
  const r = parseServerMessage(text);
  if (!r.ok) throw new Error(r.error);
  return r.message;
}

function refusal(text: string): string {
  const r = parseServerMessage(text);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.error;
}

describe('parseServerMessage', () => {
  it('reads welcome, ack, error and pong', () => {
    expect(ok('{"t":"welcome","player":"p_1","token":"sec","tables":["k3v9q2mx"]}')).toEqual({
      t: 'welcome',
      player: 'p_1',
      token: 'sec',
      tables: ['k3v9q2mx'],
      name: null,
      relations: { block: [], mute: [], favorite: [] },
      look: { face: -1, wearing: '' },
      lang: null,
    });
    expect(ok('{"t":"ack","id":7,"v":18}')).toEqual({ t: 'ack', id: 7, v: 18 });
    expect(ok('{"t":"error","code":"illegal","reason":"You must follow suit","id":3}')).toEqual({
      t: 'error',
      code: 'illegal',
      reason: 'You must follow suit',
      id: 3,
    });
    expect(ok('{"t":"error","code":"auth","reason":"unknown player or wrong token"}')).toEqual({
      t: 'error',
      code: 'auth',
      reason: 'unknown player or wrong token',
    });
    expect(ok('{"t":"pong"}')).toEqual({ t: 'pong' });
  });

  it('reads a snapshot with the documented view', () => {
    const m = ok(snapshotText(playRaw(), 'k3v9q2mx', 18));
    expect(m.t).toBe('snapshot');
    if (m.t !== 'snapshot') return;
    expect(m.v).toBe(18);
    expect(m.view.toMove).toBe('S');
    expect(m.view.legal).toEqual(['2C', '7C', 'QC']);
    expect(m.view.trick).toEqual({ leader: 'N', cards: ['5C', '9C'] });
    expect(m.view.lastTrick?.winner).toBe('N');
    expect(m.view.sheet[1]?.winners).toEqual(['W', 'N']);
    expect(m.view.names).toEqual(['You', 'Mike', 'Bill', 'Lisa']);
    expect(m.level).toBeNull();
  });

  it('reads the computer players’ level, and leaves out one it does not know', () => {
    const level = (l: unknown): unknown => {
      const m = ok(JSON.stringify({ ...JSON.parse(snapshotText(playRaw())), level: l }));
      return m.t === 'snapshot' ? m.level : 'not a snapshot';
    };
    expect(level('medium')).toBe('medium');
    expect(level('grandmaster')).toBeNull();
    expect(level(3)).toBeNull();
  });

  it('reads the example view of docs/protocol.md', () => {
    const view = {
      seat: 'S', phase: 'play', hand: 3, pass: 'across', names: ['You', 'Mike', 'Bill', 'Lisa'],
      cards: ['2C', '7C', 'QD'], legal: ['2C', '7C'], passed: ['QS', 'AH', 'KH'], received: ['3D', '4D', '9S'],
      to_move: 'S', trick: { leader: 'N', cards: ['5C', '9C'] },
      last_trick: { leader: 'W', cards: ['3C', '4C', '6C', '8C'], winner: 'N' },
      hearts_broken: false, points: [0, 0, 13, 1], markers: ['·', '', '♠·', '♥'], scores: [12, 40, 3, 22],
      sheet: [{ hand: 1, score: [0, 13, 9, 4], totals: [0, 13, 9, 4], moon: null, winners: ['S'] }],
      winners: [],
    };
    expect(parseServerMessage(JSON.stringify({ t: 'snapshot', table: 'k3v9q2mx', v: 18, view })).ok).toBe(true);
  });

  it('reads every event kind', () => {
    const events = [
      { kind: 'deal', hand: 2, pass: 'right' },
      { kind: 'passed', seat: 'W' },
      { kind: 'exchange' },
      { kind: 'play', seat: 'E', card: 'QS' },
      { kind: 'trick', winner: 'N', points: 14 },
      { kind: 'hearts_broken' },
      { kind: 'claim', why: 'no_points' },
      { kind: 'claim', why: 'every_trick', seat: 'W', points: 9 },
      { kind: 'hand_over', result: { hand: 3, score: [1, 2, 3, 20], totals: [1, 2, 3, 20], moon: null, winners: ['S'] } },
      { kind: 'moon', shooter: 'N', scored: 'others' },
      { kind: 'game_over', winners: ['S', 'E'] },
    ];
    events.forEach((event, i) => {
      const m = ok(updateText(handOverRaw(), event, i + 1));
      expect(m.t === 'update' && m.event.kind).toBe(event.kind);
    });
  });

  it('reads a claim: whose the rest of the tricks are, or that no points are left', () => {
    const read = (event: Record<string, unknown>) => {
      const m = ok(updateText(playRaw(), event, 5));
      return m.t === 'update' ? m.event : null;
    };
    expect(read({ kind: 'claim', why: 'every_trick', seat: 'N', points: 13 })).toEqual({ kind: 'claim', seat: 'N', points: 13 });
    expect(read({ kind: 'claim', why: 'no_points' })).toEqual({ kind: 'claim', seat: null, points: 0 });
    expect(refusal(updateText(playRaw(), { kind: 'claim', why: 'every_trick', points: 1 }, 5))).toBe('event.seat: missing');
  });

  it('accepts the phases the engine names, and extra fields', () => {
    for (const raw of [passRaw(), playRaw({ phase: 'moon' }), handOverRaw(), gameOverRaw()]) {
      expect(parseServerMessage(snapshotText({ ...raw, future_field: 1 })).ok).toBe(true);
    }
  });

  it('refuses malformed input, naming the field', () => {
    expect(refusal('not json')).toBe('not JSON');
    expect(refusal('[1,2]')).toBe('expected an object');
    expect(refusal('{"x":1}')).toBe('t: missing');
    expect(refusal('{"t":"hug"}')).toBe('t: unknown message type "hug"');
    expect(refusal('{"t":"ack","id":"7","v":1}')).toBe('id: expected an integer, got "7"');
    expect(refusal('{"t":"ack","id":1.5,"v":1}')).toBe('id: expected an integer, got 1.5');
    expect(refusal('{"t":"error","code":"oops","reason":"x"}')).toMatch(/^code: expected one of/);
    expect(refusal(snapshotText(playRaw({ cards: ['2C', 'ZZ'] })))).toBe('view.cards[1]: "ZZ" is not a card');
    expect(refusal(snapshotText(playRaw({ to_move: 'X' })))).toBe('view.to_move: "X" is not a seat (S, W, N, E)');
    expect(refusal(snapshotText(playRaw({ scores: [1, 2, 3] })))).toBe('view.scores: expected 4 entries (S, W, N, E), got 3');
    expect(refusal(snapshotText(playRaw({ phase: 'lunch' })))).toMatch(/^view\.phase: expected one of/);
    expect(refusal(snapshotText(playRaw({ hearts_broken: 'no' })))).toBe('view.hearts_broken: expected true or false, got "no"');
    expect(refusal(snapshotText(playRaw({ trick: { leader: 'N', cards: ['2C', '3C', '4C', '5C', '6C'] } })))).toBe(
      'view.trick.cards: a trick has at most 4 cards, got 5',
    );
    const noLegal = playRaw();
    delete noLegal['legal'];
    expect(refusal(snapshotText(noLegal))).toBe('view.legal: missing');
    expect(refusal(updateText(playRaw(), { kind: 'dance' }, 3))).toBe('event.kind: unknown event "dance"');
    expect(refusal(updateText(playRaw(), { kind: 'play', seat: 'E' }, 3))).toBe('event.card: missing');
    expect(refusal(updateText(handOverRaw(), { kind: 'hand_over', result: { hand: 1 } }, 3))).toBe('event.result.score: missing');
  });

  it('lower-case or long card codes are not cards', () => {
    expect(isCard('QS')).toBe(true);
    expect(isCard('TC')).toBe(true);
    expect(isCard('qs')).toBe(false);
    expect(isCard('10H')).toBe(false);
    expect(isCard(12)).toBe(false);
  });
});

describe('an update that leaves out what has not changed', () => {
  const lean = (): Record<string, unknown> => {
    const { names: _n, sheet: _s, rules: _r, ...rest } = handOverRaw();
    return rest;
  };

  it('reads without names, sheet or rules, and completes from the view before it', () => {
    const before = ok(snapshotText(handOverRaw()));
    if (before.t !== 'snapshot') throw new Error('not a snapshot');
    const m = ok(updateText(lean(), { kind: 'passed', seat: 'W' }, 11));
    if (m.t !== 'update') throw new Error('not an update');
    expect(m.view.names).toBeUndefined();
    expect(m.view.sheet).toBeUndefined();
    const full = completeUpdate(m, before.view);
    expect(full?.view).toEqual(before.view);
    expect(full?.v).toBe(11);
  });

  it('takes what it carries over the view before it', () => {
    const before = ok(snapshotText(handOverRaw()));
    if (before.t !== 'snapshot') throw new Error('not a snapshot');
    const m = ok(updateText({ ...lean(), names: ['Ann', 'Mike', 'Bill', 'Lisa'], sheet: [] }, { kind: 'exchange' }, 11));
    if (m.t !== 'update') throw new Error('not an update');
    const full = completeUpdate(m, before.view);
    expect(full?.view.names).toEqual(['Ann', 'Mike', 'Bill', 'Lisa']);
    expect(full?.view.sheet).toEqual([]);
  });

  it('cannot be completed without a view before it', () => {
    const m = ok(updateText(lean(), { kind: 'exchange' }, 11));
    if (m.t !== 'update') throw new Error('not an update');
    expect(completeUpdate(m, null)).toBeNull();
  });

  it('refuses a snapshot that leaves them out', () => {
    expect(refusal(snapshotText(lean()))).toMatch(/names/);
  });
});

describe('encodeClientMessage', () => {
  it('writes each client message as documented', () => {
    const cases: [Parameters<typeof encodeClientMessage>[0], unknown][] = [
      [{ t: 'hello' }, { t: 'hello' }],
      [{ t: 'hello', player: 'p_1', token: 's' }, { t: 'hello', player: 'p_1', token: 's' }],
      [
        { t: 'new_game', rules: 'end=30', names: ['A', 'B', 'C'], level: 'random', name: 'Me', id: 1 },
        { t: 'new_game', rules: 'end=30', names: ['A', 'B', 'C'], level: 'random', name: 'Me', id: 1 },
      ],
      [{ t: 'resume', table: 'k3', since: 17 }, { t: 'resume', table: 'k3', since: 17 }],
      [{ t: 'pass', table: 'k3', cards: ['QS', 'AH', 'KH'], id: 4 }, { t: 'pass', table: 'k3', cards: ['QS', 'AH', 'KH'], id: 4 }],
      [{ t: 'play', table: 'k3', card: 'QS', id: 7 }, { t: 'play', table: 'k3', card: 'QS', id: 7 }],
      [{ t: 'moon', table: 'k3', choice: 'shooter' }, { t: 'moon', table: 'k3', choice: 'shooter' }],
      [{ t: 'next', table: 'k3' }, { t: 'next', table: 'k3' }],
      [{ t: 'ping' }, { t: 'ping' }],
    ];
    for (const [message, json] of cases) expect(JSON.parse(encodeClientMessage(message))).toEqual(json);
  });

  it('leaves out undefined fields', () => {
    expect(encodeClientMessage({ t: 'resume', table: 'k3' })).toBe('{"t":"resume","table":"k3"}');
  });
});
