// Quick match ("Play now (rated)", docs/ratings.md): the page's bookkeeping (quick.ts),
// the countdown and when it asks again. Its fields are read in people-protocol.test.ts.

import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../src/net/read';
import type { ServerMessage, TableInfo } from '../src/net/types';
import { QUICK_ASK_MS, QuickAsk, SETTLE_MS, clockText, fillSeconds, quickWaiting } from '../src/people/quick';
import type { SeatedTable } from '../src/state/social';
import { tableText, waitingInfoRaw } from './fixtures';

function ok(text: string): ServerMessage {
  const r = parseServerMessage(text);
  if (!r.ok) throw new Error(r.error);
  return r.message;
}

function info(over: Record<string, unknown> = {}): TableInfo {
  const m = ok(tableText(waitingInfoRaw(over)));
  if (m.t !== 'table') throw new Error(m.t);
  return m.info;
}

const FILL = 1_700_000_030_000;
/** Ada (S, host) and me (W) waiting at a quick table that fills at FILL. */
const quickInfo = (over: Record<string, unknown> = {}): TableInfo => info({ kind: 'public', quick: true, fill_at: FILL, rated: true, ...over });
const seated = (i: TableInfo, table = 'q1', receivedAt = 0): SeatedTable => ({ table, info: i, receivedAt });

describe('the countdown', () => {
  it('counts whole seconds down from fill_in, from when the info arrived, never below 0, whatever the page’s clock says', () => {
    // The info came at the page's 5,000, 23 s before the fill; fill_at is by the server's clock, an hour ahead.
    const t = seated(quickInfo({ fill_in: 23_000, fill_at: FILL }), 'q1', 5000);
    const page = (ms: number): number | null => fillSeconds(t, 5000 + ms);
    expect(page(0)).toBe(23);
    expect(page(999)).toBe(23);
    expect(page(1000)).toBe(22);
    expect(page(22_001)).toBe(1);
    expect(page(23_000)).toBe(0);
    expect(page(28_000)).toBe(0);
    // A clock set back after the info came: never more than was said.
    expect(fillSeconds(t, 4000)).toBe(23);
    // A started table has neither.
    expect(fillSeconds(seated(quickInfo({ state: 'playing', fill_in: null, fill_at: null })), 5000)).toBeNull();
    expect(fillSeconds(seated(quickInfo({ state: 'playing', fill_in: 3000 })), 5000)).toBeNull();
    expect(fillSeconds(seated(info({ fill_in: 3000 })), 0)).toBeNull();
  });

  it('from a server before fill_in: whole seconds up to fill_at, never below 0', () => {
    const t = seated(quickInfo());
    expect(fillSeconds(t, FILL - 23_000)).toBe(23);
    expect(fillSeconds(t, FILL - 22_001)).toBe(23);
    expect(fillSeconds(t, FILL - 1)).toBe(1);
    expect(fillSeconds(t, FILL)).toBe(0);
    expect(fillSeconds(t, FILL + 5000)).toBe(0);
  });

  it('none at a table that is not quick, or has started', () => {
    expect(fillSeconds(seated(info({ fill_at: FILL })), FILL - 5000)).toBeNull();
    expect(fillSeconds(seated(quickInfo({ state: 'playing' })), FILL - 5000)).toBeNull();
    expect(fillSeconds(seated(quickInfo({ fill_at: null })), FILL - 5000)).toBeNull();
    expect(fillSeconds(seated(quickInfo({ fill_at: null, fill_in: null })), FILL - 5000)).toBeNull();
    expect(fillSeconds(null, 0)).toBeNull();
  });

  it('shows minutes and seconds', () => {
    expect(clockText(23)).toBe('0:23');
    expect(clockText(5)).toBe('0:05');
    expect(clockText(65)).toBe('1:05');
    expect(clockText(0)).toBe('0:00');
    expect(clockText(-3)).toBe('0:00');
  });
});

describe('asking again while waiting', () => {
  it('waits at a quick table with free seats, seated there, before the start', () => {
    expect(quickWaiting(seated(quickInfo()))).toBe(true);
    expect(quickWaiting(seated(info()))).toBe(false);
    expect(quickWaiting(seated(quickInfo({ state: 'playing' })))).toBe(false);
    expect(quickWaiting(seated(quickInfo({ you: null })))).toBe(false);
    expect(quickWaiting(seated(quickInfo({ ended: 'closed' })))).toBe(false);
    const person = (p: string) => ({ player: p, name: p, human: true, connected: true, away: false });
    expect(quickWaiting(seated(quickInfo({ seats: ['a', 'b', 'c', 'd'].map(person) })))).toBe(false);
  });

  it('asks every 5 seconds from the table it waits at, one request at a time', () => {
    const q = new QuickAsk();
    const t = seated(quickInfo());
    expect(q.due(t, true, 1000)).toBeNull(); // begins to wait
    expect(q.due(t, true, 1000 + QUICK_ASK_MS - 1)).toBeNull();
    expect(q.due(t, true, 1000 + QUICK_ASK_MS)).toBe('q1');
    q.sent(7, 1000 + QUICK_ASK_MS);
    // Not answered yet: no second one, however long.
    expect(q.due(t, true, 1000 + 2 * QUICK_ASK_MS)).toBeNull();
    expect(q.due(t, true, 1000 + 2 * QUICK_ASK_MS + 100)).toBeNull();
    q.answered(7, 1000 + 2 * QUICK_ASK_MS + 200);
    expect(q.due(t, true, 1000 + 2 * QUICK_ASK_MS + 300)).toBe('q1');
  });

  it('a request that never comes back is taken as lost after a while', () => {
    const q = new QuickAsk();
    const t = seated(quickInfo());
    q.due(t, true, 0);
    expect(q.due(t, true, QUICK_ASK_MS)).toBe('q1');
    q.sent(1, QUICK_ASK_MS);
    expect(q.due(t, true, QUICK_ASK_MS + 14_000)).toBeNull();
    expect(q.due(t, true, QUICK_ASK_MS + 15_000)).toBe('q1');
    // After a new connection, at once.
    q.sent(2, 21_000);
    q.lost();
    expect(q.due(t, true, 26_000)).toBe('q1');
  });

  it('stops when the table starts, I am not seated, or the room is not on screen; begins again at another table', () => {
    const q = new QuickAsk();
    const t = seated(quickInfo());
    q.due(t, true, 0);
    expect(q.due(seated(quickInfo({ state: 'playing' })), true, QUICK_ASK_MS)).toBeNull();
    expect(q.due(t, true, QUICK_ASK_MS + 1)).toBeNull(); // waiting again from now
    expect(q.due(t, false, 2 * QUICK_ASK_MS)).toBeNull();
    expect(q.due(t, true, 2 * QUICK_ASK_MS)).toBeNull();
    expect(q.due(seated(quickInfo(), 'q2'), true, 3 * QUICK_ASK_MS)).toBeNull(); // moved: a new wait
    expect(q.due(seated(quickInfo(), 'q2'), true, 4 * QUICK_ASK_MS)).toBe('q2');
    expect(q.due(null, true, 5 * QUICK_ASK_MS)).toBeNull();
  });

  it('after a quick_match, the table it seats me at is expected, and the old one’s leaving is a move for a moment', () => {
    const q = new QuickAsk();
    expect(q.seating).toBe(false);
    expect(q.moving(0)).toBe(false);
    q.sent(3, 0);
    expect(q.seating).toBe(true);
    expect(q.moving(100)).toBe(true);
    q.answered(3, 200);
    expect(q.moving(200 + SETTLE_MS - 1)).toBe(true);
    expect(q.moving(200 + SETTLE_MS)).toBe(false);
    q.entered();
    expect(q.seating).toBe(false);
    q.sent(4, 5000);
    q.refused(4);
    expect(q.seating).toBe(false);
    expect(q.moving(5001)).toBe(false);
  });
});
