import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app';
import { DEFAULT_SETTINGS } from '../src/settings';
import { memoryStore, saveIdentity, type KeyValueStore } from '../src/storage';
import { FakeSocket } from './fake-socket';
import { gameOverRaw, passRaw, playRaw, snapshotText, updateText } from './fixtures';

let sockets: FakeSocket[];
let store: KeyValueStore;
let app: App;

const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function boot(): void {
  document.body.innerHTML = '<div id="root"></div>';
  app = new App({
    root: document.getElementById('root') as HTMLElement,
    store,
    settings: { ...DEFAULT_SETTINGS, speed: 'off', level: 'random', endScore: 30 },
    url: 'ws://test/ws',
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    policy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 5000 },
  });
  app.start();
}

beforeEach(() => {
  sockets = [];
  store = memoryStore();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the controller', () => {
  it('says hello as a new player and shows the start screen', () => {
    boot();
    last().open();
    expect(last().messages()).toEqual([{ t: 'hello' }]);
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    expect(tid('start').hidden).toBe(false);
    expect(store.get('hearts.player')).toBe('p_1');
    expect(store.get('hearts.token')).toBe('sec');
  });

  it('starts a new game with the settings', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('new-game').click();
    expect(last().messages()[1]).toEqual({
      t: 'new_game',
      rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30',
      names: ['Mike', 'Bill', 'Lisa'],
      level: 'random',
      name: 'You',
    });
    last().receive(snapshotText(passRaw(), 'tab1', 1));
    await flush();
    expect(tid('app').dataset['ui']).toBe('pass');
    for (const c of ['QS', 'AS', 'JH']) tid(`card-${c}`).click();
    tid('pass-button').click();
    expect(last().messages()[2]).toEqual({ t: 'pass', table: 'tab1', cards: ['QS', 'AS', 'JH'] });
  });

  it('resumes an unfinished table on welcome (reload mid-hand)', async () => {
    saveIdentity(store, { player: 'p_1', token: 'sec' });
    boot();
    last().open();
    expect(last().messages()).toEqual([{ t: 'hello', player: 'p_1', token: 'sec' }]);
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1","old"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1' });
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await flush();
    expect(tid('app').dataset['ui']).toBe('my-turn');
    expect(tid('trick-card-5C')).toBeTruthy();
  });

  it('plays a legal card and explains an illegal one without sending it', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await flush();
    tid('card-QS').click();
    expect(tid('notice').textContent).toBe('You must follow suit: play clubs');
    expect(last().messages()).toHaveLength(2);
    tid('card-7C').click();
    expect(last().messages()[2]).toEqual({ t: 'play', table: 'tab1', card: '7C' });
    expect(tid('app').dataset['ui']).toBe('busy');
    const after = playRaw({
      cards: ['2C', 'QC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH'],
      legal: [],
      to_move: 'W',
      trick: { leader: 'N', cards: ['5C', '9C', '7C'] },
    });
    last().receive(updateText(after, { kind: 'play', seat: 'S', card: '7C' }, 21, 'tab1'));
    last().receive(`{"t":"ack","id":${String(last().sent[2]?.['id'])},"v":21}`);
    await flush();
    expect(tid('app').dataset['ui']).toBe('waiting');
    expect(tid('trick-card-7C').classList.contains('at-bottom')).toBe(true);
    expect(document.querySelector('[data-testid="card-7C"]')).toBeNull();
  });

  it('shows the server reason for a refused play', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await flush();
    tid('card-2C').click();
    const id = String(last().sent[2]?.['id']);
    last().receive(`{"t":"error","code":"illegal","reason":"Hearts are not broken yet","id":${id}}`);
    expect(tid('notice').textContent).toBe('Hearts are not broken yet');
    expect(last().messages()[3]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
  });

  it('asks for what it missed when versions skip', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    last().receive(updateText(playRaw(), { kind: 'hearts_broken' }, 23, 'tab1'));
    expect(last().messages()[2]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
    last().receive(updateText(playRaw(), { kind: 'hearts_broken' }, 20, 'tab1'));
    expect(last().messages()).toHaveLength(3);
  });

  it('shows the end of a hand only after all its events (the moon is explained first)', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    // One change, five frames, each with the view as it is after all of them.
    const end = gameOverRaw({ winners: ['S'] });
    const frames = [
      { kind: 'play', seat: 'S', card: '7C' },
      { kind: 'trick', winner: 'S', points: 26 },
      { kind: 'moon', shooter: 'S', scored: 'others' },
      { kind: 'hand_over', result: { hand: 4, score: [0, 26, 26, 26], totals: [8, 39, 48, 61], moon: { shooter: 'S', scored: 'others' }, winners: ['S'] } },
      { kind: 'game_over', winners: ['S'] },
    ];
    for (const [i, event] of frames.entries()) {
      last().receive(updateText(end, event, 21 + i, 'tab1'));
      await vi.advanceTimersByTimeAsync(5);
      if (i < frames.length - 1) {
        expect(tid('app').dataset['ui']).toBe('busy');
        expect(document.querySelector('[data-testid="game-over"]:not([hidden])')).toBeNull();
      }
    }
    expect(tid('app').dataset['ui']).toBe('moon-news');
    tid('moon-ok').click();
    expect(tid('app').dataset['ui']).toBe('game-over');
    expect(tid('game-over').hidden).toBe(false);
  });

  it('a change whose last events never come is shown as it is after a while', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    last().receive(updateText(gameOverRaw(), { kind: 'play', seat: 'S', card: '7C' }, 21, 'tab1'));
    await vi.advanceTimersByTimeAsync(100);
    expect(tid('app').dataset['ui']).toBe('busy');
    await vi.advanceTimersByTimeAsync(2000);
    expect(tid('app').dataset['ui']).toBe('game-over');
  });

  it('starts over as a new player on an auth error', () => {
    saveIdentity(store, { player: 'p_1', token: 'wrong' });
    boot();
    last().open();
    last().receive('{"t":"error","code":"auth","reason":"unknown player or wrong token"}');
    expect(store.get('hearts.player')).toBeNull();
    expect(last().messages()[1]).toEqual({ t: 'hello' });
  });

  it('shows "Table not found" when the table is gone', () => {
    saveIdentity(store, { player: 'p_1', token: 'sec' });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["gone"]}');
    const id = String(last().sent[1]?.['id']);
    last().receive(`{"t":"error","code":"not_found","reason":"no such table","id":${id}}`);
    expect(tid('table-lost').hidden).toBe(false);
  });

  it('reconnects with a countdown and resumes from the last version', async () => {
    vi.useFakeTimers({ now: 1000 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    last().close();
    expect(tid('connection-problem').hidden).toBe(false);
    expect(tid('connection-countdown').textContent).toBe('Giving up in 5.');
    await vi.advanceTimersByTimeAsync(1000);
    expect(tid('connection-countdown').textContent).toMatch(/Giving up in [34]\./);
    expect(sockets.length).toBeGreaterThan(1);
    last().open();
    expect(tid('connection-problem').hidden).toBe(true);
    expect(last().messages()).toEqual([{ t: 'hello', player: 'p_1', token: 'sec' }]);
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
  });

  it('gives up after the deadline and can try again', async () => {
    vi.useFakeTimers({ now: 1000 });
    boot();
    last().open();
    last().close();
    for (let i = 0; i < 40; i++) {
      await vi.advanceTimersByTimeAsync(250);
      if (last().readyState === 0 && last().onclose) last().close();
    }
    expect(tid('connection-lost').hidden).toBe(false);
    const before = sockets.length;
    tid('retry-connection').click();
    expect(sockets.length).toBe(before + 1);
    expect(tid('connection-lost').hidden).toBe(true);
  });
});
