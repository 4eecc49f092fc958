import { describe, expect, it } from 'vitest';
import {
  applySnapshot,
  applyUpdate,
  checkVersion,
  clearHeldTrick,
  initialState,
  passReady,
  toggleSelect,
  uiMode,
  type AppState,
} from '../src/state/state';
import { beforeLeadRaw, leadRaw, passRaw, playRaw, snapshotOf, updateOf } from './fixtures';

function start(raw = playRaw()): AppState {
  return applySnapshot({ ...initialState(), conn: { kind: 'open' } }, snapshotOf(raw, 'k3v9q2mx', 10));
}

describe('versions', () => {
  it('applies the next version, ignores old ones, notices gaps and other tables', () => {
    expect(checkVersion('t', 10, { table: 't', v: 11 })).toBe('apply');
    expect(checkVersion('t', 10, { table: 't', v: 10 })).toBe('stale');
    expect(checkVersion('t', 10, { table: 't', v: 13 })).toBe('gap');
    expect(checkVersion('t', 10, { table: 'u', v: 11 })).toBe('other_table');
    expect(checkVersion(null, -1, { table: 't', v: 0 })).toBe('other_table');
  });
});

describe('updates', () => {
  it('a snapshot shows the table', () => {
    const s = start();
    expect(s.screen).toBe('table');
    expect(s.game?.version).toBe(10);
    expect(uiMode(s)).toBe('my-turn');
  });

  it('the fourth card holds the trick until it is swept', () => {
    let s = start(playRaw({ to_move: 'W', legal: [], trick: { leader: 'N', cards: ['5C', '9C', '2C'] } }));
    s = applyUpdate(s, updateOf(leadRaw({ to_move: 'S' }), { kind: 'play', seat: 'W', card: '4C' }, 11));
    expect(s.game?.heldTrick?.cards).toHaveLength(4);
    s = applyUpdate(s, updateOf(leadRaw({ to_move: 'S' }), { kind: 'trick', winner: 'S', points: 13 }, 12));
    expect(s.game?.heldTrick).not.toBeNull();
    s = clearHeldTrick(s);
    expect(s.game?.heldTrick).toBeNull();
    expect(s.game?.version).toBe(12);
  });

  it('the next card clears a trick that was never swept (animations off)', () => {
    let s = start(beforeLeadRaw());
    s = applyUpdate(s, updateOf(leadRaw({ to_move: 'S' }), { kind: 'play', seat: 'N', card: '2S' }, 11));
    expect(s.game?.heldTrick?.winner).toBe('S');
    s = applyUpdate(s, updateOf(leadRaw({ cards: ['QC', '3D', '8D', 'KD', '4S', 'AS', '2H', '9H', 'JH'], trick: { leader: 'S', cards: ['7C'] }, to_move: 'W', legal: [] }), { kind: 'play', seat: 'S', card: '7C' }, 12));
    expect(s.game?.heldTrick).toBeNull();
  });

  it('a snapshot at my lead (after a reload) shows the trick to lead, not the one won long ago', () => {
    const s = start(leadRaw({ to_move: 'S' }));
    expect(s.game?.heldTrick).toBeNull();
    expect(uiMode(s)).toBe('my-turn');
    const over = start(leadRaw({ phase: 'hand_over', to_move: null, legal: [] }));
    expect(over.game?.heldTrick?.winner).toBe('S');
  });

  it('the exchange lights up the received cards and clears the selection', () => {
    let s = start(passRaw());
    s = toggleSelect(toggleSelect(toggleSelect(s, 'QS'), 'AS'), 'JH');
    expect(passReady(s)).toBe(true);
    s = applyUpdate(s, updateOf(passRaw({ passed: ['QS', 'AS', 'JH'] }), { kind: 'passed', seat: 'S' }, 11));
    expect(s.selected).toEqual([]);
    expect(uiMode(s)).toBe('pass-waiting');
    const after = playRaw({ hand: 1, pass: 'left', received: ['3H', '4H', '5H'] });
    s = applyUpdate(s, updateOf(after, { kind: 'exchange' }, 12));
    expect(s.game?.highlight).toEqual(['3H', '4H', '5H']);
  });

  it('a pending play is settled by its own play event', () => {
    let s: AppState = { ...start(), pending: { id: 4, kind: 'play' } };
    expect(uiMode(s)).toBe('busy');
    s = applyUpdate(s, updateOf(playRaw({ to_move: 'W', legal: [] }), { kind: 'play', seat: 'S', card: '7C' }, 11));
    expect(s.pending).toBeNull();
    expect(uiMode(s)).toBe('waiting');
  });

  it('a moon is kept for its explanation', () => {
    let s = start();
    s = applyUpdate(s, updateOf(playRaw({ phase: 'hand_over' }), { kind: 'moon', shooter: 'E', scored: 'others' }, 11));
    expect(s.game?.moon).toEqual({ shooter: 'E', scored: 'others' });
    // The hand's score follows in the same change: until it comes, the page is busy.
    expect(uiMode(s)).toBe('busy');
    const result = { hand: 3, score: [26, 0, 26, 26], totals: [29, 13, 35, 53], moon: { shooter: 'E', scored: 'others' }, winners: ['E'] };
    s = applyUpdate(s, updateOf(playRaw({ phase: 'hand_over' }), { kind: 'hand_over', result }, 12));
    expect(s.game?.moon).toEqual({ shooter: 'E', scored: 'others' });
    expect(uiMode(s)).toBe('moon-news');
  });

  it('selection only while the pass is open', () => {
    const s = start();
    expect(toggleSelect(s, '2C')).toBe(s);
  });
});
