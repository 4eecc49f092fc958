import { describe, expect, it } from 'vitest';
import {
  INITIAL_CONN,
  backoffDelay,
  inTrouble,
  onClose,
  onOpen,
  onRetry,
  onTick,
  secondsLeft,
  type ConnState,
  type ReconnectPolicy,
} from '../src/net/reconnect';

const P: ReconnectPolicy = { baseDelayMs: 500, maxDelayMs: 4000, giveUpAfterMs: 30000 };

describe('reconnect state machine', () => {
  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, P))).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('connects without trouble the first time', () => {
    expect(inTrouble(INITIAL_CONN)).toBe(false);
    const open = onOpen(INITIAL_CONN);
    expect(open).toEqual({ kind: 'open' });
    expect(secondsLeft(open, 0, P)).toBeNull();
  });

  it('retries after a close with a countdown, then recovers', () => {
    let s: ConnState = onOpen(INITIAL_CONN);
    s = onClose(s, 10000, P);
    expect(s).toEqual({ kind: 'waiting', attempt: 1, retryAt: 10500, troubleSince: 10000 });
    expect(inTrouble(s)).toBe(true);
    expect(secondsLeft(s, 10000, P)).toBe(30);
    expect(onTick(s, 10400, P)).toBe(s);
    s = onTick(s, 10500, P);
    expect(s).toEqual({ kind: 'connecting', attempt: 1, troubleSince: 10000 });
    expect(inTrouble(s)).toBe(true);
    s = onClose(s, 10600, P);
    expect(s).toEqual({ kind: 'waiting', attempt: 2, retryAt: 11600, troubleSince: 10000 });
    expect(secondsLeft(s, 12100, P)).toBe(28);
    s = onOpen(s);
    expect(inTrouble(s)).toBe(false);
    // A later loss starts a fresh countdown and backoff.
    s = onClose(s, 50000, P);
    expect(s).toEqual({ kind: 'waiting', attempt: 1, retryAt: 50500, troubleSince: 50000 });
  });

  it('gives up at the deadline, and a retry starts over', () => {
    let s: ConnState = onClose(onOpen(INITIAL_CONN), 0, P);
    let now = 0;
    while (s.kind !== 'gave_up' && now < 100000) {
      now += 250;
      s = onTick(s, now, P);
      if (s.kind === 'connecting') s = onClose(s, now, P);
    }
    expect(s.kind).toBe('gave_up');
    expect(now).toBe(30000);
    expect(onClose(s, now + 1, P)).toBe(s);
    expect(onOpen(s)).toBe(s);
    expect(onRetry()).toEqual(INITIAL_CONN);
  });

  it('never schedules a retry after the deadline', () => {
    const s = onClose({ kind: 'connecting', attempt: 6, troubleSince: 0 }, 29000, P);
    expect(s).toEqual({ kind: 'waiting', attempt: 7, retryAt: 30000, troubleSince: 0 });
  });

  it('a first connection that fails is trouble too', () => {
    const s = onClose(INITIAL_CONN, 5000, P);
    expect(s).toEqual({ kind: 'waiting', attempt: 1, retryAt: 5500, troubleSince: 5000 });
  });
});
