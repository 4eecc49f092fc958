// Quick match through the controller: "Play now (rated)" in the lobby, the waiting room
// of a quick table with its countdown, asking again every 5 seconds while it waits (and
// following a move to the table the server chose), the start by itself, and refusals. A
// fake socket plays the server; fake timers move the clock.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, type KeyValueStore } from '../src/state/storage';
import { tid, ui } from './boot';
import { FakeSocket } from './fake-socket';
import { lobbyEntryRaw, tableText, waitingInfoRaw } from './fixtures';

let sockets: FakeSocket[];
let store: KeyValueStore;

const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const sentOf = (t: string): Record<string, unknown>[] => last().messages().filter((m) => m['t'] === t);
/** On every connection (a page left without answers reconnects). */
const everSent = (t: string): number => sockets.reduce((n, s) => n + s.messages().filter((m) => m['t'] === t).length, 0);
const ack = (t: string, v = 0): void => last().receive(JSON.stringify({ t: 'ack', id: last().idOf(t), v }));

const START = 1_700_000_000_000;
const FILL = START + 23_000;
const RULES = 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue';
const empty = { player: null, name: null, human: false, connected: false, away: false };
const person = (player: string, name: string) => ({ player, name, human: true, connected: true, away: false });
/** A quick table waiting, sent at START: `seats` (default: me, Bob, alone at S, host). */
const quick = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  waitingInfoRaw({
    kind: 'public',
    quick: true,
    fill_at: FILL,
    fill_in: FILL - START,
    rated: true,
    host: 'S',
    you: 'S',
    rules: RULES,
    seats: [person('p_bob', 'Bob'), empty, empty, empty],
    ...over,
  });

function boot(): void {
  document.body.innerHTML = '<div id="root"></div>';
  new App({
    root: document.getElementById('root') as HTMLElement,
    store,
    settings: { ...DEFAULT_SETTINGS, speed: 'off', endScore: 30, turnTimer: 45 },
    url: 'ws://test/ws',
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    policy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 5000 },
    origin: 'http://hearts.test',
  }).start();
  last().open();
}

/** Into the lobby as Bob, named, at START. */
async function toLobby(): Promise<void> {
  vi.useFakeTimers({ now: START });
  boot();
  last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [], name: 'Bob', relations: { block: [], mute: [], favorite: [] } }));
  tid('multiplayer').click();
  await vi.advanceTimersByTimeAsync(0);
  expect(ui()).toBe('lobby');
}

/** Play now, answered with a new quick table `q1` (its `table` comes before the ack, as for create_table). */
async function atNewQuickTable(): Promise<void> {
  await toLobby();
  tid('quick-match').click();
  last().receive(tableText(quick(), 'q1'));
  ack('quick_match');
  expect(ui()).toBe('room');
}

beforeEach(() => {
  sockets = [];
  store = memoryStore();
  (store as { persistent: boolean }).persistent = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Play now (rated) in the lobby', () => {
  it('comes first among the lobby’s buttons, and a quick table in the list is marked', async () => {
    await toLobby();
    const buttons = [...tid('lobby').querySelectorAll('.buttons button')].map((b) => b.getAttribute('data-testid'));
    expect(buttons[0]).toBe('quick-match');
    expect(tid('quick-match').textContent).toBe('Play now (rated)');
    expect(tid('quick-match').classList.contains('primary')).toBe(true);
    last().receive(
      JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: 'q1', quick: true, skill: 1000 }), lobbyEntryRaw({ table: 'pub2' })] }),
    );
    const row = (id: string): HTMLElement => tid('lobby-tables').querySelector(`[data-table="${id}"]`) as HTMLElement;
    expect(row('q1').querySelector('[data-testid="lobby-quick"]')?.textContent).toBe('Quick match');
    expect(row('q1').getAttribute('aria-label')).toMatch(/^Join table: Quick match\. Waiting for players/);
    expect(row('pub2').querySelector('[data-testid="lobby-quick"]')).toBeNull();
    // Joined from the list like any public table.
    row('q1').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'q1' }]);
  });

  it('sends quick_match with the settings’ rules and timer; the buttons wait for the answer; a new table is my waiting room', async () => {
    await toLobby();
    tid('quick-match').click();
    expect(sentOf('quick_match')).toEqual([{ t: 'quick_match', rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30', timer: 45 }]);
    expect((tid('quick-match') as HTMLButtonElement).disabled).toBe(true);
    expect((tid('create-public') as HTMLButtonElement).disabled).toBe(true);
    tid('quick-match').click();
    expect(sentOf('quick_match')).toHaveLength(1);
    last().receive(tableText(quick(), 'q1'));
    ack('quick_match');
    expect(ui()).toBe('room');
    expect(sentOf('lobby').at(-1)).toEqual({ t: 'lobby', on: false });
    expect(tid('room-title').textContent).toBe('Quick match');
    expect(tid('room-quick').hidden).toBe(false);
    expect(tid('quick-status').textContent).toBe('Finding players near your rating…');
    expect(tid('quick-status').getAttribute('role')).toBe('status');
    expect(tid('quick-countdown').textContent).toBe('Computer players take the empty seats in 0:23');
    expect(tid('quick-countdown').getAttribute('aria-live')).toBeNull();
    expect(tid('rated-line').textContent).toMatch(/^This game is rated/);
    expect(tid('start-game').hidden).toBe(false);
    expect(tid('start-game').textContent).toBe('Start now');
    tid('start-game').click();
    expect(sentOf('start')).toEqual([{ t: 'start', table: 'q1' }]);
  });

  it('seated at a table that was waiting already: the ack comes first, then the table', async () => {
    await toLobby();
    tid('quick-match').click();
    ack('quick_match', 3);
    expect((tid('quick-match') as HTMLButtonElement).disabled).toBe(false);
    last().receive(tableText(quick({ you: 'W', seats: [person('p_ada', 'Ada'), person('p_bob', 'Bob'), empty, empty] }), 'q0'));
    expect(ui()).toBe('room');
    expect(tid('room').dataset['table']).toBe('q0');
    expect(tid('start-game').hidden).toBe(true);
    expect(tid('room-hint').textContent).toContain('The game starts by itself when the table is full or the time is up');
  });

  it('a refusal is said as create_table’s is, and the buttons work again', async () => {
    await toLobby();
    tid('quick-match').click();
    last().receive(
      JSON.stringify({ t: 'error', id: last().idOf('quick_match'), code: 'rate_limited', reason: 'You are asking for games too fast: try again in a minute' }),
    );
    expect(tid('notice').textContent).toBe('You are asking for games too fast: try again in a minute');
    expect((tid('quick-match') as HTMLButtonElement).disabled).toBe(false);
    expect(ui()).toBe('lobby');
  });

  it('without a name, asks for it, then plays now', async () => {
    vi.useFakeTimers({ now: START });
    boot();
    last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [], name: 'Bob', relations: { block: [], mute: [], favorite: [] } }));
    tid('multiplayer').click();
    tid('quick-match').click();
    last().receive(JSON.stringify({ t: 'error', id: last().idOf('quick_match'), code: 'no_name', reason: 'Enter your name' }));
    expect(tid('prompt').dataset['prompt']).toBe('name');
    (tid('name-input') as HTMLInputElement).value = 'Bobby';
    tid('name-ok').click();
    last().receive(JSON.stringify({ t: 'you', player: 'p_bob', name: 'Bobby' }));
    ack('set_name');
    expect(sentOf('quick_match')).toHaveLength(2);
    last().receive(tableText(quick(), 'q1'));
    expect(ui()).toBe('room');
  });
});

describe('waiting at a quick table', () => {
  it('counts down each second, says it to a screen reader once at 10 seconds, and says Starting… at 0', async () => {
    await atNewQuickTable();
    await vi.advanceTimersByTimeAsync(1000);
    expect(tid('quick-clock').textContent).toBe('0:22');
    const said = (): number => [...tid('announcer').querySelectorAll('p')].filter((p) => p.textContent?.includes('empty seats')).length;
    expect(said()).toBe(0);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(tid('quick-clock').textContent).toBe('0:10');
    expect(tid('announcer').textContent).toContain('Computer players take the empty seats in 10 seconds.');
    await vi.advanceTimersByTimeAsync(3000);
    expect(tid('quick-clock').textContent).toBe('0:07');
    expect(said()).toBe(1);
    await vi.advanceTimersByTimeAsync(7000);
    expect(tid('quick-countdown').textContent).toBe('Starting…');
    // Never below 0, while the server's start is on its way.
    await vi.advanceTimersByTimeAsync(5000);
    expect(tid('quick-countdown').textContent).toBe('Starting…');
    expect(said()).toBe(1);
  });

  it('counts down from fill_in, from when the info came, whatever the page’s clock says; each info sets it again', async () => {
    // The page's clock is an hour behind the server's: fill_at would be an hour away.
    vi.useFakeTimers({ now: START - 3_600_000 });
    boot();
    last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [], name: 'Bob', relations: { block: [], mute: [], favorite: [] } }));
    tid('multiplayer').click();
    await vi.advanceTimersByTimeAsync(0);
    tid('quick-match').click();
    last().receive(tableText(quick(), 'q1'));
    ack('quick_match');
    expect(tid('quick-clock').textContent).toBe('0:23');
    await vi.advanceTimersByTimeAsync(3000);
    expect(tid('quick-clock').textContent).toBe('0:20');
    // Ada sits down 5 s in: the server's info says 18 s are left, which the page counts from.
    await vi.advanceTimersByTimeAsync(2000);
    last().receive(tableText(quick({ fill_in: 17_500, seats: [person('p_bob', 'Bob'), person('p_ada', 'Ada'), empty, empty] }), 'q1'));
    expect(tid('quick-clock').textContent).toBe('0:18');
    await vi.advanceTimersByTimeAsync(8000);
    expect(tid('quick-clock').textContent).toBe('0:10');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tid('quick-countdown').textContent).toBe('Starting…');
  });

  it('a server before fill_in: up to fill_at, by the page’s clock', async () => {
    await toLobby();
    tid('quick-match').click();
    last().receive(tableText(quick({ fill_in: undefined }), 'q1'));
    ack('quick_match');
    expect(tid('quick-clock').textContent).toBe('0:23');
    await vi.advanceTimersByTimeAsync(13_000);
    expect(tid('quick-clock').textContent).toBe('0:10');
  });

  it('asks again every 5 seconds from its table, with its rules, never two at once', async () => {
    await atNewQuickTable();
    await vi.advanceTimersByTimeAsync(4900);
    expect(sentOf('quick_match')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sentOf('quick_match')).toHaveLength(2);
    expect(sentOf('quick_match').at(-1)).toEqual({ t: 'quick_match', rules: RULES, timer: 30, from: 'q1' });
    // The buttons of the room stay as they are: this is the page's own doing.
    expect((tid('start-game') as HTMLButtonElement).disabled).toBe(false);
    // Unanswered: no second one.
    await vi.advanceTimersByTimeAsync(6000);
    expect(sentOf('quick_match')).toHaveLength(2);
    ack('quick_match');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sentOf('quick_match')).toHaveLength(3);
    // Its refusal says nothing.
    last().receive(JSON.stringify({ t: 'error', id: last().idOf('quick_match'), code: 'rate_limited', reason: 'too fast' }));
    expect(tid('notice').hidden).toBe(true);
    expect(ui()).toBe('room');
  });

  it('moves to the table the server chose, whichever of the two tables’ messages comes first', async () => {
    const further = quick({ you: 'W', seats: [person('p_ada', 'Ada'), person('p_bob', 'Bob'), empty, empty] });
    const left = quick({ you: null, seats: [empty, empty, empty, empty], ended: 'closed', state: 'finished' });
    for (const order of [
      ['ack', 'new', 'old'],
      ['old', 'ack', 'new'],
      ['ack', 'old', 'new'],
    ]) {
      await atNewQuickTable();
      await vi.advanceTimersByTimeAsync(5100);
      expect(sentOf('quick_match').at(-1)).toMatchObject({ from: 'q1' });
      for (const step of order) {
        if (step === 'ack') ack('quick_match', 2);
        else if (step === 'new') last().receive(tableText(further, 'q0'));
        else last().receive(tableText(left, 'q1'));
      }
      expect(ui(), order.join()).toBe('room');
      expect(tid('room').dataset['table'], order.join()).toBe('q0');
      expect(tid('notice').hidden, order.join()).toBe(true);
      // And asks again from there (the table still has free seats).
      const asked = sentOf('quick_match').length;
      await vi.advanceTimersByTimeAsync(5100);
      expect(sentOf('quick_match').length).toBe(asked + 1);
      expect(sentOf('quick_match').at(-1)).toMatchObject({ from: 'q0' });
      vi.useRealTimers();
    }
  });

  it('nowhere to go: stays; the table closing later for another reason leads to the lobby', async () => {
    await atNewQuickTable();
    await vi.advanceTimersByTimeAsync(5100);
    ack('quick_match');
    await vi.advanceTimersByTimeAsync(3000);
    expect(ui()).toBe('room');
    last().receive(tableText(quick({ you: null, ended: 'abandoned', state: 'finished' }), 'q1'));
    await vi.advanceTimersByTimeAsync(2100);
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This table was closed: nobody was at it for a while.');
  });

  it('stops asking once the game starts by itself, and when I leave', async () => {
    await atNewQuickTable();
    last().receive(
      tableText(
        quick({
          state: 'playing',
          fill_at: null,
          rated: true,
          deadline: null,
          seats: [person('p_bob', 'Bob'), person('p_ada', 'Ada'), { ...empty, name: 'Bill' }, { ...empty, name: 'Lisa' }],
        }),
        'q1',
      ),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(everSent('quick_match')).toBe(1);

    sockets = [];
    await atNewQuickTable();
    tid('leave-table').click();
    ack('leave');
    expect(ui()).toBe('lobby');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(everSent('quick_match')).toBe(1);
  });
});
