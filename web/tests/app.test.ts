import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { QUIET_MS } from '../src/app/app-core';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, saveIdentity, type KeyValueStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';
import { changeTexts, gameOverRaw, handOverRaw, passRaw, playRaw, snapshotText, updateText, type RawView } from './fixtures';

let sockets: FakeSocket[];
let store: KeyValueStore;
let tabStore: KeyValueStore;
let app: App;

const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
/** Whether a part of the page is on screen: hidden, or not drawn at all (a part not yet needed, src/lazy.ts), is not. */
const onScreen = (id: string): boolean => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return el !== null && !el.hidden;
};
const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function boot(fetch?: Fetch): void {
  document.body.innerHTML = '<div id="root"></div>';
  app = new App({
    ...(fetch === undefined ? {} : { fetch }),
    root: document.getElementById('root') as HTMLElement,
    store,
    tabStore,
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
  tabStore = memoryStore();
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
    expect(last().messages()).toHaveLength(3); // its update came: nothing to ask
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

  it('asks at once for what it missed when its card is acknowledged ahead of the updates that came', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await flush();
    tid('card-7C').click();
    expect(last().messages()[2]).toEqual({ t: 'play', table: 'tab1', card: '7C' });
    // Its update (v21) and the next two were lost: the ack says the table is at v23.
    last().receive(`{"t":"ack","id":${String(last().sent[2]?.['id'])},"v":23}`);
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

  /** Lets `ms` pass, with the server answering every ping as it does. */
  async function idle(ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= 500) {
      await vi.advanceTimersByTimeAsync(Math.min(500, left));
      const sent = last().messages();
      if (sent[sent.length - 1]?.['t'] === 'ping') last().receive('{"t":"pong"}');
    }
  }
  /** What the page sent, but its pings. */
  const said = (): Record<string, unknown>[] => last().messages().filter((m) => m['t'] !== 'ping');

  it('asks for what it missed when a table it waits on is quiet, less and less often, and never on its own turn', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw({ to_move: 'W', legal: [] }), 'tab1', 20));
    await idle(10);
    const before = said().length;
    await idle(QUIET_MS - 600);
    expect(said()).toHaveLength(before); // West may just be thinking
    await idle(1000);
    expect(said()[before]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
    // Nothing came of it: the next ask waits twice as long.
    const resume = last().sent.find((m) => m['t'] === 'resume');
    last().receive(`{"t":"ack","id":${String(resume?.['id'])},"v":20}`);
    await idle(QUIET_MS * 2 - 1000);
    expect(said()).toHaveLength(before + 1);
    await idle(1500);
    expect(said()[before + 1]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
    // West's card, which was lost, comes: now it is this page's turn, and it waits for its player.
    last().receive(updateText(playRaw({ to_move: 'S' }), { kind: 'play', seat: 'W', card: '3C' }, 21, 'tab1'));
    await idle(QUIET_MS * 10);
    expect(said()).toHaveLength(before + 2);
    expect(sockets).toHaveLength(1); // and the connection stayed up throughout
  });

  it('takes a card whose answer never came as answered, and asks what became of it', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await idle(10);
    tid('card-2C').click();
    const played = said().length;
    expect(said()[played - 1]).toEqual({ t: 'play', table: 'tab1', card: '2C' });
    expect(tid('app').dataset['ui']).not.toBe('my-turn');
    await idle(QUIET_MS + 500);
    expect(said()[played]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
    // The card was never played: it may be played again.
    expect(tid('app').dataset['ui']).toBe('my-turn');
  });

  it('an update that leaves out the names and the sheet shows them as before', async () => {
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(handOverRaw({ names: ['You', 'Ann', 'Bill', 'Lisa'] }), 'tab1', 20));
    await flush();
    const rows = document.querySelectorAll('[data-testid="sheet-row"]').length;
    expect(rows).toBeGreaterThan(0);
    const { names: _n, sheet: _s, ...lean } = handOverRaw({ scores: [9, 13, 22, 35] });
    last().receive(updateText(lean, { kind: 'hearts_broken' }, 21, 'tab1'));
    await flush();
    expect(tid('name-W').textContent).toBe('Ann');
    expect(document.querySelectorAll('[data-testid="sheet-row"]')).toHaveLength(rows);
    expect(last().messages()).toHaveLength(2); // no resume: nothing was missing
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

  it('"Hearts are broken" is shown while its hand is played, never over the hand’s result or the game’s end', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    last().receive(updateText(playRaw({ hearts_broken: true }), { kind: 'hearts_broken' }, 21, 'tab1'));
    await vi.advanceTimersByTimeAsync(5);
    expect(tid('notice').hidden).toBe(false);
    expect(tid('notice').textContent).toBe('Hearts are broken');
    // The hand ends within the notice's moment: it goes, rather than float over the result.
    last().receive(updateText(handOverRaw(), { kind: 'hand_over', result: { hand: 3, score: [5, 0, 13, 8], totals: [8, 13, 22, 35], moon: null, winners: ['W'] } }, 22, 'tab1'));
    await vi.advanceTimersByTimeAsync(5);
    expect(tid('hand-over').hidden).toBe(false);
    expect(tid('notice').hidden).toBe(true);
    // Hearts broken in the game's last trick: the news comes with the end, and is not shown over it.
    await vi.advanceTimersByTimeAsync(5000);
    last().receive(snapshotText(playRaw(), 'tab1', 30));
    await vi.advanceTimersByTimeAsync(10);
    const end = gameOverRaw({ winners: ['S'] });
    const frames = [
      { kind: 'play', seat: 'S', card: '7C' },
      { kind: 'hearts_broken' },
      { kind: 'trick', winner: 'W', points: 1 },
      { kind: 'hand_over', result: { hand: 4, score: [0, 1, 0, 0], totals: [8, 14, 22, 35], moon: null, winners: ['S'] } },
      { kind: 'game_over', winners: ['S'] },
    ];
    for (const [i, event] of frames.entries()) {
      last().receive(updateText(end, event, 31 + i, 'tab1'));
      await vi.advanceTimersByTimeAsync(5);
      expect(tid('notice').hidden).toBe(true);
    }
    expect(tid('game-over').hidden).toBe(false);
    tid('result-review').click();
    expect(tid('dialog-review').hidden).toBe(false);
    expect(tid('notice').hidden).toBe(true);
  });

  it('a claimed hand ends at once, and its result says who took the tricks left', async () => {
    vi.useFakeTimers({ now: 0 });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    const over = handOverRaw();
    const frames = [
      { kind: 'claim', why: 'every_trick', seat: 'W', points: 3 },
      { kind: 'play', seat: 'W', card: 'AS' },
      { kind: 'play', seat: 'N', card: '2S' },
      { kind: 'play', seat: 'E', card: '3S' },
      { kind: 'play', seat: 'S', card: '4S' },
      { kind: 'trick', winner: 'W', points: 0 },
      { kind: 'hand_over', result: { hand: 3, score: [5, 3, 13, 5], totals: [8, 13, 22, 35], moon: null, winners: ['W'] } },
    ];
    for (const text of changeTexts(over, frames, 21, 'tab1')) last().receive(text);
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('hand-over').hidden).toBe(false);
    expect(tid('claim-line').textContent).toBe('Mike took every trick left: nobody could beat those cards.');
    // A screen reader hears the claim, not each card played out after it.
    const heard = [...tid('announcer').children].map((p) => p.textContent);
    expect(heard).toContain('Mike took every trick left: nobody could beat those cards.');
    expect(heard.join(' ')).not.toMatch(/plays the|takes the trick/);
    // The next hand's result says nothing of it; a hand with no points left says so.
    last().receive(updateText(passRaw(), { kind: 'deal', hand: 4, pass: 'right' }, 28, 'tab1'));
    await vi.advanceTimersByTimeAsync(10);
    last().receive(updateText(over, { kind: 'claim', why: 'no_points' }, 29, 'tab1'));
    last().receive(updateText(over, { kind: 'hand_over', result: { hand: 4, score: [0, 0, 26, 0], totals: [8, 13, 48, 35], moon: null, winners: ['S'] } }, 30, 'tab1'));
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('claim-line').textContent).toBe('No points were left to take, so the hand ended there.');
    // A page that comes back at the hand's end (a reload, a reconnection) says it too: the
    // snapshot carries the claim until the next deal; one without it says nothing.
    last().receive(JSON.stringify({ t: 'snapshot', table: 'tab1', v: 30, view: over, claim: { kind: 'claim', why: 'every_trick', seat: 'W', points: 3 } }));
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('claim-line').textContent).toBe('Mike took every trick left: nobody could beat those cards.');
    last().receive(snapshotText(over, 'tab1', 30));
    await vi.advanceTimersByTimeAsync(10);
    expect(document.querySelector('[data-testid="claim-line"]')).toBeNull();
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

  it('keeps its identity and says hello again when the server cannot check it', () => {
    vi.useFakeTimers();
    saveIdentity(store, { player: 'p_1', token: 'sec' });
    boot();
    last().open();
    last().receive(
      '{"t":"error","code":"server","reason":"the game\'s database cannot be reached just now: try again in a moment"}',
    );
    expect(store.get('hearts.player')).toBe('p_1');
    expect(document.body.textContent).toContain('cannot be reached just now');
    expect(last().messages()).toEqual([{ t: 'hello', player: 'p_1', token: 'sec' }]);
    vi.advanceTimersByTime(3000);
    expect(last().messages()[1]).toEqual({ t: 'hello', player: 'p_1', token: 'sec' });
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    vi.advanceTimersByTime(10000);
    expect(last().messages().filter((m) => (m as { t: string }).t === 'hello')).toHaveLength(2);
  });

  it('says hello again later when no new player could be made just now', () => {
    vi.useFakeTimers();
    boot();
    last().open();
    const socket = last();
    socket.receive('{"t":"error","code":"rate_limited","reason":"Too many new players from your address"}');
    const hellos = (): number => socket.messages().filter((m) => (m as { t: string }).t === 'hello').length;
    for (let ms = 0; ms < 19000; ms += 1000) {
      vi.advanceTimersByTime(1000);
      socket.receive('{"t":"pong"}'); // the connection stays alive meanwhile
    }
    expect(hellos()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(hellos()).toBe(2);
    expect(last()).toBe(socket);
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

  it('comes back to the finished game it showed after a reload, which the server no longer lists', async () => {
    saveIdentity(store, { player: 'p_1', token: 'sec' });
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(gameOverRaw(), 'tab1', 60));
    await flush();
    expect(tid('app').dataset['ui']).toBe('game-over');
    // The reload: a new page in the same tab; the game is over, so the server lists none.
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1' });
    last().receive(snapshotText(gameOverRaw(), 'tab1', 60));
    await flush();
    expect(tid('app').dataset['ui']).toBe('game-over');
    expect(onScreen('game-over')).toBe(true);
  });

  it('a game it showed that is gone after a reload: on to the player\'s other table, else the start', async () => {
    saveIdentity(store, { player: 'p_1', token: 'sec' });
    tabStore.set('hearts.table', 'gone');
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab2"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'gone' });
    let id = String(last().sent[1]?.['id']);
    last().receive(`{"t":"error","code":"not_found","reason":"Game table not found","id":${id}}`);
    expect(last().messages()[2]).toEqual({ t: 'resume', table: 'tab2' });
    expect(tabStore.get('hearts.table')).toBeNull();
    last().receive(snapshotText(playRaw(), 'tab2', 20));
    await flush();
    expect(tid('app').dataset['ui']).toBe('my-turn');
    expect(tabStore.get('hearts.table')).toBe('tab2');

    tabStore.set('hearts.table', 'gone');
    boot();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    id = String(last().sent[1]?.['id']);
    last().receive(`{"t":"error","code":"not_found","reason":"Game table not found","id":${id}}`);
    expect(tid('start').hidden).toBe(false);
    expect(onScreen('table-lost')).toBe(false);
    expect(tabStore.get('hearts.table')).toBeNull();
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

describe('the game record', () => {
  const TOKEN = 'tok-SECRET-7f3a';
  let saved: { href: string; download: string }[];
  let revoked: string[];

  beforeEach(() => {
    saved = [];
    revoked = [];
    saveIdentity(store, { player: 'p_1', token: TOKEN });
    // jsdom has no object URLs and does not download: stand-ins that record what happens.
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://test/record-1'),
      revokeObjectURL: vi.fn((url: string) => void revoked.push(url)),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? '' });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function atGameOver(fetch: Fetch): Promise<void> {
    boot(fetch);
    last().open();
    last().receive(`{"t":"welcome","player":"p_1","token":"${TOKEN}","tables":["tab1"]}`);
    last().receive(snapshotText(gameOverRaw(), 'tab1', 40));
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('app').dataset['ui']).toBe('game-over');
  }

  /** Every attribute of every element, and the address: where the token must never be. */
  function tokenInPage(): string[] {
    const found = [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.value.includes(TOKEN)).map((a) => `${el.tagName}[${a.name}]`),
    );
    return window.location.href.includes(TOKEN) ? [...found, 'location'] : found;
  }

  it('fetches the record with the token in a header and saves it as hearts-<table>.json', async () => {
    vi.useFakeTimers({ now: 1000 });
    const calls: { url: string; init: RequestInit }[] = [];
    const body = '{"format":"hearts-game-record"}';
    await atGameOver(async (url, init) => {
      calls.push({ url, init });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const button = tid('download-record');
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('Download the game record');
    expect(tokenInPage()).toEqual([]);
    button.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/games/tab1/record.json');
    expect(calls[0]?.url).not.toContain(TOKEN);
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe(`Bearer p_1:${TOKEN}`);
    expect(saved).toEqual([{ href: 'blob:http://test/record-1', download: 'hearts-tab1.json' }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(body);
    // The temporary link is gone at once; its URL is revoked a little later.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(tokenInPage()).toEqual([]);
    expect(revoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(revoked).toEqual(['blob:http://test/record-1']);
  });

  it('a refusal shows the server’s reason; no file is saved', async () => {
    vi.useFakeTimers({ now: 1000 });
    let answer = new Response('Unknown player or wrong token\n', { status: 403 });
    await atGameOver(async () => answer);
    tid('download-record').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(tid('notice').hidden).toBe(false);
    expect(tid('notice').textContent).toBe('Could not download the game record: Unknown player or wrong token');
    expect(tid('notice').className).toContain('error');
    // Without the server's words: by the status.
    answer = new Response('', { status: 404 });
    tid('download-record').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(tid('notice').textContent).toBe('Could not download the game record: no game of yours has this id');
    answer = new Response('', { status: 500 });
    tid('download-record').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(tid('notice').textContent).toBe('Could not download the game record: the server answered 500');
    expect(saved).toEqual([]);
  });

  it('no answer at all says so', async () => {
    vi.useFakeTimers({ now: 1000 });
    await atGameOver(async () => {
      throw new TypeError('Failed to fetch');
    });
    tid('download-record').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(tid('notice').textContent).toBe('Could not download the game record: no answer from the server');
    expect(saved).toEqual([]);
  });
});

// A returning player (p_1) whose page has resumed table tab1 at version `v`, with fake
// timers running.
async function resumedAt(raw: RawView, v: number): Promise<void> {
  vi.useFakeTimers({ now: 1000 });
  saveIdentity(store, { player: 'p_1', token: 'sec' });
  boot();
  last().open();
  last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
  last().receive(snapshotText(raw, 'tab1', v));
  await vi.advanceTimersByTimeAsync(10);
}

describe('a solo game closed for inactivity', () => {
  const INACTIVITY = 'inactivity: no action for 1800 seconds';

  async function idleAtMyTurn(): Promise<void> {
    await resumedAt(playRaw(), 20);
    expect(tid('app').dataset['ui']).toBe('my-turn');
    last().closeWith(INACTIVITY);
  }

  it('says so without a dialog in the way, and waits for the player', async () => {
    await idleAtMyTurn();
    expect(onScreen('prompt')).toBe(false);
    expect(tid('connection-problem').hidden).toBe(true);
    expect(tid('notice').textContent).toBe('Disconnected for inactivity. Your game is kept: your next move reconnects.');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('a click on a card reconnects and resumes the table; the player then plays', async () => {
    await idleAtMyTurn();
    await vi.advanceTimersByTimeAsync(5000);
    tid('card-7C').click();
    expect(sockets).toHaveLength(2);
    expect(tid('notice').textContent).toBe('Reconnecting…');
    expect(tid('notice').textContent).not.toContain('Not connected');
    last().open();
    expect(last().messages()).toEqual([{ t: 'hello', player: 'p_1', token: 'sec' }]);
    expect(tid('notice').textContent).toBe('Reconnected.');
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
    // The click was not sent on its own: the player acts on the table as it is now.
    expect(sockets.flatMap((s) => s.messages()).filter((m) => m['t'] === 'play')).toEqual([]);
    last().receive(snapshotText(playRaw(), 'tab1', 20));
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('app').dataset['ui']).toBe('my-turn');
    tid('card-7C').click();
    expect(last().messages().at(-1)).toEqual({ t: 'play', table: 'tab1', card: '7C' });
  });

  it('Next hand and New game reconnect too', async () => {
    await resumedAt(handOverRaw(), 30);
    expect(tid('app').dataset['ui']).toBe('hand-over');
    last().closeWith(INACTIVITY);
    tid('next-hand').click();
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1', since: 30 });
    last().receive(snapshotText(handOverRaw(), 'tab1', 30));
    await vi.advanceTimersByTimeAsync(10);
    tid('next-hand').click();
    expect(last().messages().at(-1)).toEqual({ t: 'next', table: 'tab1' });
    // Idle again; New game (in the menu) this time, after its question.
    last().closeWith(INACTIVITY);
    tid('new-game-top').click();
    expect(tid('prompt').hidden).toBe(false);
    expect(tid('prompt').textContent).toContain('Start a new game?');
    tid('new-game-yes').click();
    expect(onScreen('prompt')).toBe(false);
    expect(sockets).toHaveLength(3);
    expect(tid('notice').textContent).toBe('Reconnecting…');
  });

  it('New game during a game asks in the page first; Keep playing sends nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await resumedAt(playRaw(), 20);
    const sent = last().messages().length;
    tid('new-game-top').click();
    expect(tid('prompt').hidden).toBe(false);
    expect(tid('prompt').dataset['prompt']).toBe('new-game');
    expect(document.activeElement).toBe(tid('new-game-yes'));
    tid('new-game-no').click();
    expect(onScreen('prompt')).toBe(false);
    expect(last().messages()).toHaveLength(sent);
    expect(tid('app').dataset['ui']).toBe('my-turn');
    tid('new-game-top').click();
    tid('new-game-yes').click();
    expect(last().messages().at(-1)).toMatchObject({ t: 'new_game' });
    expect(confirm).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

describe('a client cut off as too slow', () => {
  it('reconnects with the countdown and resumes, like after any lost connection', async () => {
    await resumedAt(playRaw(), 20);
    last().closeWith('too slow: more than 1024 KiB of messages were waiting to be read');
    expect(tid('connection-problem').hidden).toBe(false);
    expect(tid('connection-countdown').textContent).toBe('Giving up in 5.');
    expect(onScreen('prompt')).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(tid('connection-problem').hidden).toBe(true);
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    expect(last().messages()[1]).toEqual({ t: 'resume', table: 'tab1', since: 20 });
  });
});
