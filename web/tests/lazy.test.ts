// The parts of the page that are downloaded the first time they are needed (src/lazy.ts):
// until then nothing of them is drawn and a solo game never asks for them; once one is
// here the view draws it at once; a download that failed is said, and tried again. The
// handling of playing with people comes with its drawing: what the server sends for it
// before then waits for it, and so does everything after, to be handled in order.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { pageWords } from '../src/i18n/page';
import { Part } from '../src/ui/lazy';
import * as daily from '../src/parts/daily/daily-part';
import * as dialogs from '../src/parts/dialogs/player-dialogs';
import * as social from '../src/people/render-social';
import { DAILY_PART, DIALOGS_PART, SOCIAL_PART, needsSocial } from '../src/table/parts';
import { TableView } from '../src/table/table-view';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { INITIAL_SOCIAL } from '../src/state/social';
import { initialState, type AppState } from '../src/state/state';
import { memoryStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';
import { chatText, dailySnapshotText, infoRaw, playRaw, snapshotText, tableText, westPlayRaw } from './fixtures';
import { spyHandlers, type Spied } from './handlers';

const tid = (id: string): HTMLElement | null => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('Part', () => {
  it('downloads once, however often it is asked for', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const part = new Part(importer);
    expect(part.get()).toBeNull();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect(a).toBe(b);
    expect(part.get()).toEqual({ answer: 42 });
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a failed download is reported and can be tried again', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ ok: true });
    const part = new Part<{ ok: boolean }>(importer);
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    expect(part.get()).toBeNull();
    await expect(part.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('the view and its lazy parts', () => {
  let hs: Spied;
  let view: TableView;
  const lobby: AppState = { ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', lobby: [] } };

  beforeEach(() => {
    SOCIAL_PART.provide(null);
    DIALOGS_PART.provide(null);
    document.body.innerHTML = '<div id="root"></div>';
    hs = spyHandlers();
    view = new TableView(document.querySelector<HTMLElement>('#root')!, hs);
  });
  afterEach(() => {
    SOCIAL_PART.provide(social);
    DIALOGS_PART.provide(dialogs);
  });

  it('a solo start screen needs nothing of playing with people, and draws none of it', async () => {
    const start = initialState();
    expect(needsSocial(start)).toBe(false);
    view.render(start);
    await settle();
    expect(SOCIAL_PART.get()).toBeNull();
    expect(view.social).toBeNull();
    expect(tid('lobby')).toBeNull();
    expect(tid('table-bar')).toBeNull();
  });

  it('the lobby appears once its part is downloaded, in its place on the page', async () => {
    view.render(lobby);
    expect(tid('lobby')).toBeNull();
    await SOCIAL_PART.load();
    await settle();
    expect(tid('lobby')?.hidden).toBe(false);
    expect(tid('lobby-empty')?.textContent).toBe('No open tables right now. Create one!');
    // The bar is above the table, the lobby on the stage beside it, the prompt among the dialogs.
    const stage = document.querySelector('.stage')!;
    expect(stage.contains(tid('lobby'))).toBe(true);
    expect(tid('table-bar')?.nextElementSibling?.classList.contains('stage')).toBe(true);
    expect(tid('prompt')?.previousElementSibling?.getAttribute('data-testid')).toBe('dialog');
    expect(hs.partFailed).not.toHaveBeenCalled();
  });

  it('the Statistics dialog says it is loading, then shows the statistics', async () => {
    view.render({ ...initialState(), dialog: 'stats', stats: { loading: true, data: null, error: null } });
    expect(tid('dialog-stats')?.hidden).toBe(false);
    expect(tid('dialog-loading')?.textContent).toBe('Loading…');
    await DIALOGS_PART.load();
    await settle();
    expect(tid('dialog-loading')).toBeNull();
    expect(tid('dialog-stats')?.textContent).not.toContain('Loading…');
  });
});

describe('the daily deal’s part', () => {
  let socket: FakeSocket;

  beforeEach(() => {
    DAILY_PART.provide(null);
    document.body.innerHTML = '<div id="root"></div>';
    new App({
      root: document.querySelector<HTMLElement>('#root')!,
      store: memoryStore(),
      settings: { ...DEFAULT_SETTINGS, speed: 'off' },
      url: 'ws://test/ws',
      socketFactory: () => (socket = new FakeSocket()),
    }).start();
    socket.open();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    DAILY_PART.provide(daily);
  });
  const welcome = (tables: string[]): string => JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables, name: 'Bob' });

  it('a game that is not the daily deal never asks for it', async () => {
    const load = vi.spyOn(DAILY_PART, 'load');
    socket.receive(welcome(['dly12345']));
    socket.receive(snapshotText(playRaw(), 'dly12345'));
    await settle();
    expect(tid('app')?.dataset['ui']).toBe('my-turn');
    expect(load).not.toHaveBeenCalled();
    expect(tid('daily-bar')?.hidden).toBe(true);
  });

  it('a daily game draws its line once the part is here', async () => {
    socket.receive(welcome(['dly12345']));
    socket.receive(dailySnapshotText(playRaw(), 'dly12345'));
    expect(tid('daily-bar')?.hidden).toBe(true);
    await DAILY_PART.load();
    await settle();
    expect(tid('daily-bar')?.hidden).toBe(false);
    expect(tid('daily-title')?.textContent).toMatch(/^Daily deal · .+ · hand 3 of 4$/);
  });

  it('“Daily deal” waits for the part, then sends daily_start; a part that cannot come is said', async () => {
    socket.receive(welcome([]));
    expect(tid('app')?.dataset['ui']).toBe('start');
    vi.spyOn(DAILY_PART, 'load').mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    tid('daily-start')?.click();
    await settle();
    expect(tid('notice')?.textContent).toBe(pageWords('partFailed'));
    expect(socket.messages().some((m) => m['t'] === 'daily_start')).toBe(false);
    tid('daily-start')?.click();
    await settle();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily_start' });
  });
});

describe('the handling of playing with people, before its part is here', () => {
  let socket: FakeSocket;
  const ui = (): string | undefined => tid('app')?.dataset['ui'];
  const welcome = (tables: string[], name: string | null = 'Bob'): string =>
    JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables, name, relations: { block: [], mute: [], favorite: [] } });

  beforeEach(() => {
    SOCIAL_PART.provide(null);
    document.body.innerHTML = '<div id="root"></div>';
    const store = memoryStore();
    (store as { persistent: boolean }).persistent = true;
    new App({
      root: document.querySelector<HTMLElement>('#root')!,
      store,
      settings: { ...DEFAULT_SETTINGS, speed: 'off' },
      url: 'ws://test/ws',
      socketFactory: () => (socket = new FakeSocket()),
    }).start();
    socket.open();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    SOCIAL_PART.provide(social);
  });

  it('a solo game, its table’s info included, never asks for it', async () => {
    const load = vi.spyOn(SOCIAL_PART, 'load');
    socket.receive(welcome(['solo1234']));
    socket.receive(tableText(infoRaw({ kind: 'solo', you: 'S', code: 'solo1234', timer: 0, deadline: null, waiting_for: [] }), 'solo1234'));
    socket.receive(snapshotText(playRaw(), 'solo1234'));
    await settle();
    expect(ui()).toBe('my-turn');
    expect(load).not.toHaveBeenCalled();
    expect(SOCIAL_PART.get()).toBeNull();
  });

  it('a table with people: its messages, and all that follows them, wait for the part, then are handled in order', async () => {
    socket.receive(welcome(['k3v9q2mx']));
    socket.receive(tableText(infoRaw()));
    socket.receive(snapshotText(westPlayRaw({ names: ['Ada', 'Bob', 'Bill', 'Cy'] })));
    socket.receive(chatText('hello'));
    expect(ui()).toBe('loading');
    await SOCIAL_PART.load();
    await settle();
    expect(ui()).not.toBe('loading');
    expect(tid('table-bar')?.hidden).toBe(false);
    expect(tid('chat-text')?.textContent).toBe('hello');
  });

  it('“Multiplayer” waits for the part, then asks for a name', async () => {
    socket.receive(welcome([], null));
    tid('multiplayer')?.click();
    expect(tid('prompt')).toBeNull();
    await SOCIAL_PART.load();
    await settle();
    expect(tid('prompt')?.dataset['prompt']).toBe('name');
  });

  it('“Multiplayer” waits for the part, then opens the lobby and listens to it', async () => {
    socket.receive(welcome([]));
    tid('multiplayer')?.click();
    expect(ui()).toBe('start');
    await SOCIAL_PART.load();
    await settle();
    expect(ui()).toBe('lobby');
    expect(socket.messages().filter((m) => m['t'] === 'lobby')).toEqual([{ t: 'lobby', on: true }]);
  });

  it('a part that cannot be downloaded is said; what does not need it goes on', async () => {
    vi.spyOn(SOCIAL_PART, 'load').mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    socket.receive(welcome([]));
    tid('multiplayer')?.click();
    // A challenge waits for the part, and the new game after it waits too.
    socket.receive(JSON.stringify({ t: 'challenge', table: 'chal1234', from: { player: 'p_ada', name: 'Ada' }, rules: 'pass=LRAN', timer: 30 }));
    socket.receive(snapshotText(playRaw(), 'solo1234'));
    await settle();
    expect(tid('notice')?.textContent).toBe(pageWords('partFailed'));
    expect(ui()).toBe('my-turn');
    expect(tid('prompt')).toBeNull();
    expect(tid('challenge')).toBeNull();
  });
});

describe('the answers a part reads itself, before its part is here', () => {
  let socket: FakeSocket;
  let app: App;
  const ui = (): string | undefined => tid('app')?.dataset['ui'];
  const welcome = JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [], name: 'Bob', relations: { block: [], mute: [], favorite: [] } });
  const totals = { games: 1, won: 1, hands: 5, points: 20, moons_shot: 0, moons_suffered: 0, queens: 1, trickless: 2, moon_stops: 0, conceded: 0 };
  const stats = JSON.stringify({ t: 'stats', all: totals, groups: [], streak: 1, best_streak: 1, recent: [{ table: 'a', at: 1, score: 20, place: 1, won: true }] });
  const leaderboard = JSON.stringify({ t: 'leaderboard', board: 'standard', leaders: [], rank: 0, boards: [{ board: 'standard', rating: 1138, games: 3, provisional: true }] });

  beforeEach(() => {
    DIALOGS_PART.provide(null);
    document.body.innerHTML = '<div id="root"></div>';
    app = new App({
      root: document.querySelector<HTMLElement>('#root')!,
      store: memoryStore(),
      settings: { ...DEFAULT_SETTINGS, speed: 'off' },
      url: 'ws://test/ws',
      socketFactory: () => (socket = new FakeSocket()),
    });
    app.start();
    socket.open();
    socket.receive(welcome);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    DIALOGS_PART.provide(dialogs);
  });

  it('the statistics and the leaderboard wait for the dialogs’ part, and all that follows them, then are read in order', async () => {
    tid('start-stats')?.click();
    socket.receive(stats);
    socket.receive(leaderboard);
    // My look, in the achievements' answer and then changed: the later one stays.
    socket.receive(JSON.stringify({ t: 'achievements', list: [], face: 2, wearing: '' }));
    socket.receive(JSON.stringify({ t: 'look', face: 5, wearing: '' }));
    expect(tid('dialog-loading')?.textContent).toBe('Loading…');
    expect(app.current.stats.data).toBeNull();
    expect(app.current.look.face).toBe(-1);
    await DIALOGS_PART.load();
    await settle();
    expect(app.current.stats.data?.all.games).toBe(1);
    expect(tid('stats-chart')).not.toBeNull();
    expect(tid('my-ratings')?.textContent).toContain('1,138');
    expect(app.current.look.face).toBe(5);
  });

  it('an answer that does not read is refused, as any message, and the page goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await DIALOGS_PART.load();
    socket.receive(JSON.stringify({ t: 'stats', all: { ...totals, won: -1 }, groups: [], streak: 0, best_streak: 0, recent: [] }));
    socket.receive(snapshotText(playRaw(), 'solo1234'));
    expect(warn).toHaveBeenCalledWith('hearts: refused a server message: all.won: expected a number of at least 0, got -1');
    expect(app.current.stats.data).toBeNull();
    expect(ui()).toBe('my-turn');
  });

  it('a part that cannot be downloaded is said; its answer is dropped, and what follows it goes on', async () => {
    vi.spyOn(DIALOGS_PART, 'load').mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    socket.receive(stats);
    socket.receive(snapshotText(playRaw(), 'solo1234'));
    expect(ui()).not.toBe('my-turn');
    await settle();
    expect(tid('notice')?.textContent).toBe(pageWords('partFailed'));
    expect(ui()).toBe('my-turn');
    expect(app.current.stats.data).toBeNull();
  });
});
