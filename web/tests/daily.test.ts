// The daily deal (docs/protocol.md, "The daily deal"): its messages as the page reads
// them, its words, and the page: the start, the line over its game, the board.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardLabel, dailyTitle, dayOf, dayWords, daysBetween, mineWords, myRow, nextDealWords, ordinal, playersWords, shiftDay } from '../src/parts/daily/daily';
import { encodeClientMessage } from '../src/net/encode';
import { parseServerMessage } from '../src/net/read';
import type { DailyBoard, ServerMessage } from '../src/net/types';
import { readDailyBoard } from '../src/parts/daily/read-daily';
import { completeUpdate } from '../src/state/update';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { applySnapshot, applyUpdate, initialState } from '../src/state/state';
import { bootPage, flush, pressBack, tid, ui } from './boot';
import type { FakeSocket } from './fake-socket';
import {
  DAILY_RULES,
  dailyBoardRaw,
  dailySnapshotText,
  gameOverRaw,
  handOverRaw,
  infoRaw,
  passRaw,
  playRaw,
  readByPart,
  refusedByPart,
  snapshotOf,
  snapshotText,
  tableText,
  updateText,
  westPlayRaw,
} from './fixtures';

/** A board as the server sends it (fixtures.ts): 17 finished, I (Bob) came 2nd with 13. */
const boardRaw = dailyBoardRaw;

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

/** Why a board does not read, as the page reads it: passed on by parseServerMessage, read by the daily deal's part. */
function boardRefusal(raw: unknown): string {
  return refusedByPart(JSON.stringify(raw), readDailyBoard);
}

export function boardOf(raw: Record<string, unknown> = boardRaw()): DailyBoard {
  const { t, ...board } = readByPart(JSON.stringify(raw), readDailyBoard);
  if (t !== 'daily') throw new Error('not a board');
  return board;
}

describe('the daily deal’s messages', () => {
  it('reads a board: the day, my result, every row', () => {
    const b = boardOf();
    expect(b.day).toBe('2026-12-03');
    expect(b.today).toBe(true);
    expect(b.nextMs).toBe(Date.UTC(2026, 11, 4));
    expect(b.players).toBe(17);
    expect(b.me).toEqual({ table: 'k3v9q2mx', finished: true, conceded: false, score: 13, rank: 2, hands: [0, 13, 0, 0], replay: 'h4t9mmmmmmmmmmmm' });
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

  it('reads my game conceded: no rank, not on the board', () => {
    const me = { table: 'k3v9q2mx', finished: true, conceded: true, score: 40, rank: null, hands: [13, 26, 1, 0] };
    expect(boardOf(boardRaw({ me })).me).toEqual({ ...me, replay: null });
    // Finished and not conceded: the server says so, or an older one leaves it out.
    expect(boardOf().me).toMatchObject({ finished: true, conceded: false, rank: 2 });
    expect(boardOf(boardRaw({ me: { ...me, conceded: false, rank: 3 } })).me).toMatchObject({ conceded: false, rank: 3 });
    expect(boardRefusal(boardRaw({ board: [{ rank: null, name: 'Ada', score: 6, hands: [] }] }))).toBe('board[0].rank: expected an integer, got null');
  });

  it('refuses a bad board, naming the field, and the page goes on', () => {
    expect(boardRefusal(boardRaw({ day: '3 December' }))).toBe('day: expected a day as YYYY-MM-DD, got "3 December"');
    expect(boardRefusal(boardRaw({ today: 'yes' }))).toBe('today: expected true or false, got "yes"');
    expect(boardRefusal(boardRaw({ next_ms: -1 }))).toBe('next_ms: expected a number of at least 0, got -1');
    expect(boardRefusal(boardRaw({ players: undefined }))).toBe('players: missing');
    expect(boardRefusal(boardRaw({ board: [{ rank: 1, name: 'Ada', score: 6, hands: [0, 'x'] }] }))).toBe('board[0].hands[1]: expected an integer, got "x"');
    expect(boardRefusal(boardRaw({ board: [{ rank: 1, score: 6, hands: [] }] }))).toBe('board[0].name: missing');
    expect(boardRefusal(boardRaw({ board: [{ rank: 1, name: 'Ada', score: 6, hands: [], replay: '<a>' }] }))).toBe(
      'board[0].replay: expected a share link\'s 16 characters, got "<a>"',
    );
    expect(boardRefusal(boardRaw({ me: { table: 'k3v9q2mx', finished: true, score: 13, hands: [] } }))).toBe('me.rank: missing');
    expect(boardRefusal(boardRaw({ me: { finished: false } }))).toBe('me.table: missing');
    expect(boardRefusal(boardRaw({ board: null }))).toBe('board: expected an array, got null');
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

describe('the daily deal in words', () => {
  it('names days, places and the next deal', () => {
    expect(dayWords('2026-12-03', 'day', 'en-GB')).toBe('3 December');
    expect(dayWords('2026-12-03', 'short', 'en-GB')).toBe('3 Dec');
    expect(dayWords('2026-12-03', 'long', 'en-GB')).toMatch(/^Thursday,? 3 December 2026$/);
    expect(dayWords('2026-12-03', 'day', 'en-US')).toBe('December 3');
    expect(dayWords('not a day')).toBe('not a day');
    expect(shiftDay('2026-12-01', -1)).toBe('2026-11-30');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-12-01', '2027-12-01')).toBe(365);
    expect(dayOf(Date.UTC(2026, 11, 3, 23, 59))).toBe('2026-12-03');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th'],
    );
    expect(dailyTitle('2026-12-03', 2, 4, 'en-GB')).toBe('Daily deal · 3 December · hand 2 of 4');
    expect(nextDealWords(Date.UTC(2026, 11, 4), Date.UTC(2026, 11, 3, 18, 48))).toBe('The next deal is dealt at midnight UTC, in 5 h 12 min.');
    expect(nextDealWords(Date.UTC(2026, 11, 4), Date.UTC(2026, 11, 3, 23, 59, 30))).toBe('The next deal is dealt at midnight UTC, in 1 min.');
    expect(boardLabel('2026-12-03', Date.UTC(2026, 11, 3, 12), 'en-GB')).toBe('See today’s board');
    expect(boardLabel('2026-12-02', Date.UTC(2026, 11, 3, 0, 5), 'en-GB')).toBe('See the board of 2 December');
  });

  it('says where I stand', () => {
    expect(mineWords(boardOf())).toBe('You: 13 points, 2nd of 17');
    expect(mineWords(boardOf(boardRaw({ players: 1, me: { table: 't', finished: true, score: 1, rank: 1, hands: [1, 0, 0, 0] } })))).toBe('You: 1 point, 1st of 1');
    expect(mineWords(boardOf(boardRaw({ me: null })))).toBe('Not played yet');
    expect(mineWords(boardOf(boardRaw({ me: null, today: false })))).toBe('You did not play this deal');
    expect(mineWords(boardOf(boardRaw({ me: { table: 't', finished: false } })))).toBe('In progress');
    expect(mineWords(boardOf(boardRaw({ me: { table: 't', finished: true, conceded: true, score: 40, rank: null, hands: [13, 26, 1, 0] } })))).toBe(
      'You conceded: 40 points, not ranked',
    );
    expect(playersWords(boardOf())).toBe('17 players have finished this deal.');
    expect(playersWords(boardOf(boardRaw({ today: false, players: 1 })))).toBe('1 player finished this deal.');
    expect(playersWords(boardOf(boardRaw({ players: 0, board: [] })))).toBe('Nobody has finished this deal yet.');
  });

  it('finds my row by name, rank, score and hands (the board has names only)', () => {
    expect(myRow(boardOf(), 'Bob')).toBe(1);
    // Cy has my rank and score, not my name; another Bob has another result.
    expect(myRow(boardOf(), 'Cy')).toBe(-1);
    expect(myRow(boardOf(boardRaw({ me: null })), 'Bob')).toBe(-1);
    expect(myRow(boardOf(), null)).toBe(-1);
    const conceded = { table: 't', finished: true, conceded: true, score: 13, rank: null, hands: [0, 13, 0, 0] };
    expect(myRow(boardOf(boardRaw({ me: conceded })), 'Bob')).toBe(-1);
  });
});

describe('the daily deal on the page', () => {
  const NOW = Date.UTC(2026, 11, 3, 18, 48);
  const DAY_TITLE = /^Daily deal · (3 December|December 3) · hand (\d) of 4$/;
  const welcome = (name: string | null = 'Bob', tables: string[] = []): string =>
    JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables, name });
  const dailySnapshot = (raw: Record<string, unknown>, v = 10, table = 'dly12345'): string => dailySnapshotText(raw, table, v);
  const board = (): HTMLElement => tid('daily-board');
  const rows = (): HTMLElement[] => [...board().querySelectorAll<HTMLElement>('[data-testid="daily-row"]')];
  const button = (id: string): HTMLButtonElement => tid(id) as HTMLButtonElement;
  const fetched: string[] = [];
  /** Every socket the page opened (a reconnect opens another). */
  let sockets: FakeSocket[] = [];

  function start(name: string | null = 'Bob', tables: string[] = []): FakeSocket {
    fetched.length = 0;
    sockets = bootPage(
      { ...DEFAULT_SETTINGS, speed: 'off' },
      {
        fetch: (url) => {
          fetched.push(url);
          return Promise.resolve(new Response(JSON.stringify({ names: ['Bob', 'Mike', 'Bill', 'Lisa'], record: { format: 'hearts-game-record', actions: [] } })));
        },
      },
    );
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive(welcome(name, tables));
    return socket;
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts today’s deal from the start screen, and says so over the table with the hand of 4', () => {
    const socket = start();
    expect(tid('daily-start').textContent).toBe('Daily deal');
    tid('daily-start').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily_start' });
    expect(ui()).toBe('start');
    expect(tid('daily-bar').hidden).toBe(true);
    socket.receive(dailySnapshot(passRaw()));
    socket.receive(JSON.stringify({ t: 'ack', id: socket.idOf('daily_start'), v: 10 }));
    expect(ui()).toBe('pass');
    expect(tid('daily-bar').hidden).toBe(false);
    expect(tid('daily-title').textContent).toMatch(DAY_TITLE);
    expect(tid('daily-title').textContent).toContain('hand 1 of 4');
    // No hints in the daily deal: everyone plays its cards on their own.
    expect(tid('hint-button').hidden).toBe(true);
    // Another game: no line, and hints.
    socket.receive(snapshotText(playRaw(), 'other123', 3));
    expect(tid('daily-bar').hidden).toBe(true);
    expect(tid('hint-button').hidden).toBe(false);
  });

  it('keeps the day over updates and a reconnect, and counts the hands', async () => {
    const socket = start('Bob', ['dly12345']);
    expect(socket.messages().at(-1)).toEqual({ t: 'resume', table: 'dly12345' });
    socket.receive(dailySnapshot(handOverRaw({ hand: 2, pass: 'right' }), 30));
    expect(tid('daily-title').textContent).toContain('hand 2 of 4');
    // Hand 3 is dealt: an update, with no day beside it.
    const { names: _n, sheet: _s, rules: _r, ...lean } = passRaw({ hand: 3, pass: 'across' });
    socket.receive(updateText(lean, { kind: 'deal', hand: 3, pass: 'across' }, 31, 'dly12345'));
    await vi.waitFor(() => expect(tid('daily-title').textContent).toContain('hand 3 of 4'));
    // The connection drops: the line stays while the page reconnects.
    socket.closeWith('');
    await vi.waitFor(() => expect(tid('app').dataset['conn']).not.toBe('open'));
    expect(tid('daily-bar').hidden).toBe(false);
    expect(tid('daily-title').textContent).toContain('hand 3 of 4');
    // Back: the page resumes from its version, and the resume's snapshot says the day again.
    await vi.waitFor(() => expect(sockets.length).toBe(2), { timeout: 3000 });
    const again = sockets[1] as FakeSocket;
    again.open();
    again.receive(welcome('Bob', ['dly12345']));
    expect(again.messages().at(-1)).toEqual({ t: 'resume', table: 'dly12345', since: 31 });
    again.receive(dailySnapshot(passRaw({ hand: 3, pass: 'across', passed: ['2C', '7C', 'QC'] }), 32));
    expect(tid('app').dataset['conn']).toBe('open');
    expect(tid('daily-bar').hidden).toBe(false);
    expect(tid('daily-title').textContent).toMatch(DAY_TITLE);
    expect(tid('daily-title').textContent).toContain('hand 3 of 4');
  });

  it('asks for a name first when the server says there is none, then starts the deal', () => {
    const socket = start(null);
    tid('daily-start').click();
    socket.receive(JSON.stringify({ t: 'error', id: socket.idOf('daily_start'), code: 'no_name', reason: 'Enter your name' }));
    expect(tid('prompt').dataset['prompt']).toBe('name');
    expect(ui()).toBe('start');
    (tid('name-input') as HTMLInputElement).value = 'Bob';
    tid('name-ok').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'set_name', name: 'Bob' });
    socket.receive(JSON.stringify({ t: 'you', player: 'p_bob', name: 'Bob' }));
    expect(socket.messages().at(-1)).toEqual({ t: 'daily_start' });
    expect(document.querySelector('[data-testid="prompt"]:not([hidden])')).toBeNull();
  });

  it('opens the board with the server’s reason when today’s deal is played already', () => {
    const socket = start();
    tid('daily-start').click();
    const reason = 'You have played today’s deal: the next one is dealt at midnight UTC';
    socket.receive(JSON.stringify({ t: 'error', id: socket.idOf('daily_start'), code: 'state', reason }));
    expect(tid('dialog-daily').hidden).toBe(false);
    expect(tid('daily-note').textContent).toBe(reason);
    expect(socket.messages().at(-1)).toEqual({ t: 'daily' });
    expect(tid('daily-loading').textContent).toBe('Loading the board…');
    socket.receive(JSON.stringify(boardRaw()));
    expect(tid('daily-me').textContent).toBe('You: 13 points, 2nd of 17');
    expect(tid('daily-note').textContent).toBe(reason);
    expect(ui()).toBe('start');
  });

  it('draws the board: ranks, totals, the hands, my row, a Replay where there is one', () => {
    const socket = start();
    tid('open-daily').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily' });
    socket.receive(JSON.stringify(boardRaw({ board: [...(boardRaw()['board'] as unknown[]), { rank: 5, name: 'Eve', score: 30, hands: [4, 0, 0, 26] }] })));
    expect(tid('dialog-daily').querySelector('h2')?.textContent).toBe('Daily deal');
    expect(tid('daily-day').textContent).toMatch(/^Thursday,? (3 December|December 3),? 2026 · today$/);
    expect(tid('daily-players').textContent).toBe('17 players have finished this deal. The next deal is dealt at midnight UTC, in 5 h 12 min.');
    // Heard as it comes.
    expect(tid('announcer').lastElementChild?.textContent).toMatch(/^Thursday,? .*2026: You: 13 points, 2nd of 17\. 17 players have finished this deal\.$/);
    expect(rows().map((r) => [...r.children].slice(0, 3).map((c) => c.textContent))).toEqual([
      ['1', 'Ada', '6'],
      ['2', 'Bob (you)', '13'],
      ['2', 'Cy', '13'],
      ['4', 'Dee', '26'],
      ['5', 'Eve', '30'],
    ]);
    expect([...(rows()[0] as HTMLElement).children].slice(3, 7).map((c) => c.textContent)).toEqual(['0', '2', '4', '0']);
    // Mine, and only mine, is marked.
    expect(rows().map((r) => r.dataset['mine'] ?? '')).toEqual(['', 'true', '', '', '']);
    expect(rows()[1]?.classList.contains('mine')).toBe(true);
    // A Replay on each row that has a link; none on Eve's.
    expect(rows().map((r) => r.querySelector('[data-testid="daily-replay"]')?.getAttribute('aria-label') ?? null)).toEqual([
      'Replay Ada’s game',
      'Replay your game',
      'Replay Cy’s game',
      'Replay Dee’s game',
      null,
    ]);
    expect(tid('daily-replays').textContent).toContain('replay a game');
    expect(document.querySelector('[data-testid="daily-play"]')).toBeNull();
  });

  it('my game below the best shown still has its row, under the others', () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw({ players: 90, me: { table: 't', finished: true, score: 52, rank: 73, hands: [26, 0, 26, 0], replay: 'h4t9mmmmmmmmmmmm' } })));
    expect(tid('daily-me').textContent).toBe('You: 52 points, 73rd of 90');
    expect(rows().map((r) => r.dataset['rank'])).toEqual(['1', '2', '2', '4', '73']);
    expect(rows().at(-1)?.dataset['mine']).toBe('true');
    expect(rows().at(-1)?.textContent).toContain('Bob (you)');
    expect(rows().filter((r) => r.dataset['mine'] === 'true')).toHaveLength(1);
  });

  it('before I play: no replays, a note saying when they open, and Play', () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw({ me: null, players: 2, board: [{ rank: 1, name: 'Ada', score: 6, hands: [0, 2, 4, 0] }, { rank: 2, name: 'Cy', score: 13, hands: [13, 0, 0, 0] }] })));
    expect(tid('daily-me').textContent).toBe('Not played yet Play today’s deal');
    expect(document.querySelectorAll('[data-testid="daily-replay"]')).toHaveLength(0);
    expect(tid('daily-replays').textContent).toBe('Replays open once you have played the day’s deal: nobody sees its cards before playing them.');
    expect(rows().some((r) => r.dataset['mine'] === 'true')).toBe(false);
    tid('daily-play').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily_start' });
    expect(tid('dialog-daily').hidden).toBe(true);
  });

  it('a game in progress: Continue shows it again', () => {
    const socket = start('Bob', ['dly12345']);
    socket.receive(dailySnapshot(playRaw({ hand: 2, pass: 'right' })));
    tid('daily-bar-board').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily', day: '2026-12-03' });
    socket.receive(JSON.stringify(boardRaw({ me: { table: 'dly12345', finished: false } })));
    expect(tid('daily-me').textContent).toBe('In progress Continue');
    tid('daily-continue').click();
    expect(tid('dialog-daily').hidden).toBe(true);
    expect(socket.messages().filter((m) => m['t'] === 'daily_start')).toEqual([]);
    expect(ui()).toBe('my-turn');
  });

  it('goes to the day before and back, never after today', () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw()));
    expect(button('daily-next').disabled).toBe(true);
    expect(button('daily-prev').disabled).toBe(false);
    expect(button('daily-prev').getAttribute('aria-label')).toMatch(/^The day before: Wednesday/);
    button('daily-prev').focus();
    button('daily-prev').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily', day: '2026-12-02' });
    expect(tid('daily-loading')).toBeTruthy();
    expect(document.activeElement).toBe(tid('daily-prev'));
    socket.receive(JSON.stringify(boardRaw({ day: '2026-12-02', today: false, players: 40, me: null })));
    expect(tid('daily-day').textContent).toMatch(/^Wednesday,? (2 December|December 2),? 2026$/);
    expect(tid('daily-me').textContent).toBe('You did not play this deal');
    expect(tid('daily-players').textContent).toBe('40 players finished this deal.');
    expect(document.querySelector('[data-testid="daily-play"]')).toBeNull();
    expect(button('daily-next').disabled).toBe(false);
    expect(document.activeElement).toBe(tid('daily-prev'));
    button('daily-next').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily', day: '2026-12-03' });
    socket.receive(JSON.stringify(boardRaw()));
    expect(button('daily-next').disabled).toBe(true);
    // A refusal (too far back, too many asked) shows in the dialog.
    button('daily-prev').click();
    socket.receive(JSON.stringify({ t: 'error', id: socket.idOf('daily'), code: 'rate_limited', reason: 'Too many requests: try again in a minute' }));
    expect(tid('daily-error').textContent).toBe('Too many requests: try again in a minute');
  });

  it('closes with Escape', () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw()));
    tid('daily-prev').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(tid('dialog-daily').hidden).toBe(true);
  });

  it('opens a game’s replay from the board by its link, and goes back to the board after', async () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw()));
    (rows()[0]?.querySelector('[data-testid="daily-replay"]') as HTMLElement).click();
    await flush();
    expect(fetched).toEqual(['/api/replays/q7m2x9c4hk0p3v8t']);
    expect(tid('dialog-replay').hidden).toBe(false);
    expect(tid('replay-shared').textContent).toContain('Close the replay to go back to the board.');
    tid('close-dialog').click();
    expect(tid('dialog-daily').hidden).toBe(false);
    expect(rows()).toHaveLength(4);
  });

  it('Back from a replay opened from the board goes back to the board, and Back again closes it', async () => {
    const socket = start();
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw()));
    (rows()[0]?.querySelector('[data-testid="daily-replay"]') as HTMLElement).click();
    await flush();
    expect(tid('dialog-replay').hidden).toBe(false);
    await pressBack();
    expect(tid('dialog-daily').hidden).toBe(false);
    expect(rows()).toHaveLength(4);
    await pressBack();
    expect(tid('dialog-daily').hidden).toBe(true);
  });

  it('offers the day’s board at the end of a daily game, and not of another', () => {
    const socket = start('Bob', ['dly12345']);
    socket.receive(dailySnapshot(gameOverRaw(), 60));
    expect(ui()).toBe('game-over');
    expect(tid('result-daily').textContent).toBe('See today’s board');
    expect(document.activeElement).toBe(tid('result-daily'));
    tid('result-daily').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily', day: '2026-12-03' });
    expect(tid('dialog-daily').hidden).toBe(false);
    socket.receive(snapshotText(gameOverRaw(), 'other123', 60));
    expect(document.querySelector('[data-testid="result-daily"]')).toBeNull();
  });

  it('is not started from a game with people', () => {
    const socket = start('Bob', ['k3v9q2mx']);
    socket.receive(tableText(infoRaw()));
    socket.receive(snapshotText(westPlayRaw()));
    tid('open-daily').click();
    socket.receive(JSON.stringify(boardRaw({ me: null })));
    tid('daily-play').click();
    expect(socket.messages().some((m) => m['t'] === 'daily_start')).toBe(false);
    expect(tid('notice').textContent).toBe('You can play the daily deal when this game is over.');
  });
});
