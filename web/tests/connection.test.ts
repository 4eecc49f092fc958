// The connection's heartbeat: a line that goes silent without a close (the socket stays
// "open", nothing arrives) is noticed and given up, and the reconnect flow takes over.
// Fake timers and a fake socket; the clock is the fake timers' Date.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_WITHIN_MS, Connection, OPEN_WITHIN_MS, PING_AFTER_MS } from '../src/net/connection';
import type { ServerMessage } from '../src/net/types';
import { inTrouble, secondsLeft, type ConnState, type ReconnectPolicy } from '../src/net/reconnect';
import { FakeSocket } from './fake-socket';

const POLICY: ReconnectPolicy = { baseDelayMs: 500, maxDelayMs: 4000, giveUpAfterMs: 60000 };

let sockets: FakeSocket[];
let states: ConnState[];
let messages: ServerMessage[];
let connection: Connection;

const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const pings = (s: FakeSocket): number => s.sent.filter((m) => m['t'] === 'ping').length;
const state = (): ConnState => connection.current;

function start(): void {
  connection = new Connection(
    'ws://test/ws',
    {
      state: (s) => states.push(s),
      open: () => undefined,
      message: (m) => messages.push(m),
      badMessage: () => undefined,
    },
    POLICY,
    () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  );
  connection.start();
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  sockets = [];
  states = [];
  messages = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the heartbeat', () => {
  it('pings after a few seconds of silence; an answer keeps the line open', async () => {
    start();
    last().open();
    await vi.advanceTimersByTimeAsync(PING_AFTER_MS - 1);
    expect(pings(last())).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings(last())).toBe(1);
    // The pong comes a moment later: the next ping waits for the next silence.
    await vi.advanceTimersByTimeAsync(200);
    last().receive('{"t":"pong"}');
    expect(messages).toEqual([{ t: 'pong' }]);
    await vi.advanceTimersByTimeAsync(PING_AFTER_MS - 1);
    expect(pings(last())).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings(last())).toBe(2);
    last().receive('{"t":"pong"}');
    // A minute of pings answered: one socket, never in trouble.
    for (let i = 0; i < 12; i++) {
      await vi.advanceTimersByTimeAsync(PING_AFTER_MS);
      last().receive('{"t":"pong"}');
    }
    expect(sockets).toHaveLength(1);
    expect(state()).toEqual({ kind: 'open' });
    expect(states.some(inTrouble)).toBe(false);
    expect(last().closedByPage).toEqual([]);
  });

  it('any message counts as an answer, and a busy line never pings', async () => {
    start();
    last().open();
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(PING_AFTER_MS - 1000);
      last().receive('{"t":"ack","id":1,"v":2}');
    }
    expect(pings(last())).toBe(0);
    // After a ping, a frame that is not the pong (a game update, a chat line) is an answer too.
    await vi.advanceTimersByTimeAsync(PING_AFTER_MS);
    expect(pings(last())).toBe(1);
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS - 1);
    last().receive('{"t":"ack","id":2,"v":3}');
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS);
    expect(sockets).toHaveLength(1);
    expect(state()).toEqual({ kind: 'open' });
  });

  it('a line silent after a ping is closed and reconnected, with the countdown', async () => {
    start();
    const dead = last();
    dead.open();
    await vi.advanceTimersByTimeAsync(PING_AFTER_MS);
    expect(pings(dead)).toBe(1);
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS - 1);
    expect(state()).toEqual({ kind: 'open' });
    expect(dead.closedByPage).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Given up: closed by the page (its late close event is no second loss), in trouble.
    expect(dead.closedByPage).toEqual([{ code: 4000, reason: 'no answer from the server' }]);
    expect(state().kind).toBe('waiting');
    expect(inTrouble(state())).toBe(true);
    expect(secondsLeft(state(), Date.now(), POLICY)).toBe(60);
    expect(states.filter((s) => s.kind === 'waiting')).toHaveLength(1);
    // The reconnect flow: a new socket after the first backoff, and no ping to the dead one.
    await vi.advanceTimersByTimeAsync(POLICY.baseDelayMs);
    expect(sockets).toHaveLength(2);
    expect(pings(dead)).toBe(1);
    last().open();
    expect(state()).toEqual({ kind: 'open' });
    // A frame the dead socket delivers after all is not this connection's any more.
    dead.receive('{"t":"pong"}');
    expect(messages).toEqual([]);
  });

  it('notices a silent drop within about 15 s, whenever the last frame came', async () => {
    start();
    last().open();
    await vi.advanceTimersByTimeAsync(3000);
    last().receive('{"t":"pong"}');
    const lastFrame = Date.now();
    while (state().kind === 'open' && Date.now() - lastFrame < 60_000) await vi.advanceTimersByTimeAsync(100);
    const noticedAfter = Date.now() - lastFrame;
    expect(noticedAfter).toBeGreaterThanOrEqual(PING_AFTER_MS + ANSWER_WITHIN_MS);
    expect(noticedAfter).toBeLessThanOrEqual(PING_AFTER_MS + ANSWER_WITHIN_MS + 100);
  });

  it('a socket that does not open in time is given up and tried again', async () => {
    start();
    const hanging = last();
    await vi.advanceTimersByTimeAsync(OPEN_WITHIN_MS - 1);
    expect(sockets).toHaveLength(1);
    expect(hanging.closedByPage).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(hanging.closedByPage).toHaveLength(1);
    expect(state().kind).toBe('waiting');
    expect(inTrouble(state())).toBe(true);
    await vi.advanceTimersByTimeAsync(POLICY.baseDelayMs);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(state()).toEqual({ kind: 'open' });
  });

  it('a close by the server stops the heartbeat of that socket', async () => {
    start();
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(PING_AFTER_MS);
    first.closeWith('going away');
    expect(state().kind).toBe('waiting');
    await vi.advanceTimersByTimeAsync(POLICY.baseDelayMs);
    last().open();
    // The first socket's answer timer does not close the new one.
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS);
    expect(sockets).toHaveLength(2);
    expect(last().closedByPage).toEqual([]);
    expect(pings(last())).toBe(1);
  });
});

describe('close reasons', () => {
  it('a client cut off as too slow reconnects with the countdown, like any loss', async () => {
    start();
    last().open();
    last().closeWith('too slow: more than 1024 KiB of messages were waiting to be read');
    expect(state().kind).toBe('waiting');
    expect(inTrouble(state())).toBe(true);
    await vi.advanceTimersByTimeAsync(POLICY.baseDelayMs);
    expect(sockets).toHaveLength(2);
  });

  it('an inactivity close stops, and only retry() connects again', async () => {
    start();
    last().open();
    last().closeWith('inactivity: no action for 1800 seconds');
    expect(state()).toEqual({ kind: 'stopped', reason: 'inactivity: no action for 1800 seconds' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    connection.retry();
    expect(sockets).toHaveLength(2);
  });
});

describe('frames', () => {
  it('a frame of several lines is several messages, in order; a bad line is refused alone', () => {
    const bad: string[] = [];
    connection = new Connection(
      'ws://test/ws',
      { state: () => undefined, open: () => undefined, message: (m) => messages.push(m), badMessage: (_e, t) => bad.push(t) },
      POLICY,
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    );
    connection.start();
    last().open();
    last().receive('{"t":"ack","id":1,"v":3}\n{"t":"pong"}\nnot json\n{"t":"ack","id":2,"v":4}');
    expect(messages).toEqual([{ t: 'ack', id: 1, v: 3 }, { t: 'pong' }, { t: 'ack', id: 2, v: 4 }]);
    expect(bad).toEqual(['not json']);
    last().receive('{"t":"pong"}');
    expect(messages).toHaveLength(4);
  });

  it('what follows a message that ends the connection is not read', () => {
    let socketAtMessage: FakeSocket | null = null;
    connection = new Connection(
      'ws://test/ws',
      {
        state: () => undefined,
        open: () => undefined,
        message: (m) => {
          messages.push(m);
          // As the page does on some answers: it closes the socket and opens another.
          if (socketAtMessage === null) {
            socketAtMessage = last();
            last().closeWith('');
          }
        },
        badMessage: () => undefined,
      },
      POLICY,
      () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    );
    connection.start();
    last().open();
    last().receive('{"t":"pong"}\n{"t":"ack","id":2,"v":4}');
    expect(messages).toEqual([{ t: 'pong' }]);
  });
});
