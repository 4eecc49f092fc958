// The controller with people: name, lobby, private tables and links, joining (and its
// refusals), the waiting room, the game starting, chat, removal, rematch, concede,
// the turn timer, and the inactivity close. A fake socket plays the server.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, saveIdentity, type KeyValueStore } from '../src/state/storage';
import { flush, tid, ui } from './boot';
import { FakeSocket } from './fake-socket';
import {
  chatText,
  gameOverRaw,
  handOverRaw,
  infoRaw,
  lobbyEntryRaw,
  snapshotText,
  tableText,
  updateText,
  waitingInfoRaw,
  westPlayRaw,
} from './fixtures';

let sockets: FakeSocket[];
let store: KeyValueStore;
let app: App;

const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const sentOf = (t: string): Record<string, unknown>[] => last().messages().filter((m) => m['t'] === t);
const NAMES = ['Ada', 'Bob', 'Bill', 'Cy'];

type Ref = { player: string; name: string };
const WELCOME = (
  name: string | null,
  tables: string[] = [],
  relations: { block: Ref[]; mute: Ref[]; favorite: Ref[] } = { block: [], mute: [], favorite: [] },
): string => JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables, name, relations });

function boot(options: { joinCode?: string; now?: () => number } = {}): void {
  document.body.innerHTML = '<div id="root"></div>';
  app = new App({
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
    ...(options.joinCode !== undefined ? { joinCode: options.joinCode } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  app.start();
  last().open();
}

function answerName(name = 'Bob'): void {
  expect(tid('prompt').dataset['prompt']).toBe('name');
  (tid('name-input') as HTMLInputElement).value = name;
  tid('name-ok').click();
  expect(sentOf('set_name').at(-1)).toEqual({ t: 'set_name', name });
  last().receive(JSON.stringify({ t: 'you', player: 'p_bob', name }));
  last().receive(JSON.stringify({ t: 'ack', id: last().idOf('set_name'), v: 0 }));
}

/** Into the lobby as Bob (named). */
function toLobby(): void {
  boot();
  last().receive(WELCOME('Bob'));
  tid('multiplayer').click();
  expect(ui()).toBe('lobby');
}

/** Bob seated at W of a playing table with the view of his seat. */
async function atPlayingTable(infoOver: Record<string, unknown> = {}, view = westPlayRaw({ names: NAMES })): Promise<void> {
  saveIdentity(store, { player: 'p_bob', token: 'sec' });
  boot();
  last().receive(WELCOME('Bob', ['k3v9q2mx']));
  expect(sentOf('resume')).toEqual([{ t: 'resume', table: 'k3v9q2mx' }]);
  last().receive(tableText(infoRaw(infoOver)));
  last().receive(snapshotText(view, 'k3v9q2mx', 10));
  await flush();
}

beforeEach(() => {
  sockets = [];
  store = memoryStore();
  // A memory store stands for a browser that keeps storage (multiplayer needs it).
  (store as { persistent: boolean }).persistent = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('getting into the lobby', () => {
  it('asks for a name first, then opens the lobby and listens to it', () => {
    boot();
    last().receive(WELCOME(null));
    expect(ui()).toBe('start');
    tid('multiplayer').click();
    expect(sentOf('lobby')).toEqual([]);
    answerName('Bob');
    expect(tid('prompt').hidden).toBe(true);
    expect(ui()).toBe('lobby');
    expect(sentOf('lobby')).toEqual([{ t: 'lobby', on: true }]);
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw()] }));
    expect(document.querySelectorAll('[data-testid="lobby-table"]')).toHaveLength(1);
    tid('close-lobby').click();
    expect(sentOf('lobby')).toEqual([
      { t: 'lobby', on: true },
      { t: 'lobby', on: false },
    ]);
    expect(ui()).toBe('start');
  });

  it('checks the name here, and shows the server’s refusal', () => {
    boot();
    last().receive(WELCOME(null));
    tid('multiplayer').click();
    (tid('name-input') as HTMLInputElement).value = '   ';
    tid('name-ok').click();
    expect(tid('prompt-error').textContent).toBe('Please enter a name');
    expect(sentOf('set_name')).toEqual([]);
    (tid('name-input') as HTMLInputElement).value = 'Admin';
    tid('name-ok').click();
    last().receive(JSON.stringify({ t: 'error', code: 'bad_message', reason: 'name: not allowed', id: last().idOf('set_name') }));
    expect(tid('prompt-error').textContent).toBe('name: not allowed');
    expect(ui()).toBe('start');
  });

  it('without storage, says multiplayer cannot work', () => {
    (store as { persistent: boolean }).persistent = false;
    boot();
    last().receive(WELCOME(null));
    tid('multiplayer').click();
    expect(tid('prompt').dataset['prompt']).toBe('no-storage');
    expect(tid('prompt').textContent).toContain('Can’t use multiplayer');
    expect(tid('prompt').textContent).toContain('cookies');
    expect(tid('prompt').textContent).toContain('storage');
    expect(sentOf('set_name')).toEqual([]);
  });
});

describe('the lobby listing', () => {
  const rows = (): (string | undefined)[] =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="lobby-table"]')].map((b) => b.dataset['table']);
  const seat = (player: string | null, name: string | null, human: boolean): Record<string, unknown> => ({ player, name, human });
  const FREE = seat(null, null, false);

  it('starts from the listing and follows every update: added, replaced, removed', () => {
    toLobby();
    last().receive(
      JSON.stringify({
        t: 'lobby',
        tables: [
          lobbyEntryRaw({ table: 'old11111', created: 100 }),
          lobbyEntryRaw({ table: 'play1111', state: 'playing', created: 300 }),
          lobbyEntryRaw({ table: 'new11111', created: 200 }),
        ],
      }),
    );
    // Waiting tables first, the newest first; then the rest.
    expect(rows()).toEqual(['new11111', 'old11111', 'play1111']);
    last().receive(JSON.stringify({ t: 'lobby_update', set: [lobbyEntryRaw({ table: 'newest11', created: 400 })], removed: [] }));
    expect(rows()).toEqual(['newest11', 'new11111', 'old11111', 'play1111']);
    // Cy sits down at old11111, and new11111 starts playing.
    const cy = seat('p_cy', 'Cy', true);
    last().receive(
      JSON.stringify({
        t: 'lobby_update',
        set: [
          lobbyEntryRaw({ table: 'old11111', created: 100, seats: [seat('p_ada', 'Ada', true), cy, FREE, FREE] }),
          lobbyEntryRaw({ table: 'new11111', state: 'playing', created: 200 }),
        ],
        removed: [],
      }),
    );
    expect(rows()).toEqual(['newest11', 'old11111', 'play1111', 'new11111']);
    const old = document.querySelector<HTMLElement>('[data-table="old11111"]');
    expect(old?.textContent).toContain('Cy');
    expect(old?.textContent).toContain('Waiting for players · 2 free seats');
    // Gone, and an id this page never listed (ignored).
    last().receive(JSON.stringify({ t: 'lobby_update', set: [], removed: ['play1111', 'unknown1'] }));
    expect(rows()).toEqual(['newest11', 'old11111', 'new11111']);
    last().receive(JSON.stringify({ t: 'lobby_update', set: [], removed: ['newest11', 'old11111', 'new11111'] }));
    expect(rows()).toEqual([]);
    expect(tid('lobby-empty').textContent).toBe('No open tables right now. Create one!');
  });

  it('forgets the listing when it leaves the lobby, and starts from the next one', () => {
    toLobby();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: 'aaa11111' })] }));
    tid('close-lobby').click();
    // An update already on its way when the lobby was left changes nothing.
    last().receive(JSON.stringify({ t: 'lobby_update', set: [lobbyEntryRaw({ table: 'bbb11111' })], removed: [] }));
    tid('multiplayer').click();
    expect(sentOf('lobby').at(-1)).toEqual({ t: 'lobby', on: true });
    expect(rows()).toEqual([]);
    expect(tid('lobby-tables').textContent).toBe('Looking for tables…');
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: 'ccc11111' })] }));
    expect(rows()).toEqual(['ccc11111']);
  });

  it('blocking someone seated marks their table at once, and joining it asks first', () => {
    boot();
    last().receive(WELCOME('Bob', [], { block: [], mute: [], favorite: [{ player: 'p_ada', name: 'Ada' }] }));
    tid('multiplayer').click();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw()] }));
    const row = (): HTMLElement => tid('lobby-table');
    expect(row().textContent).not.toContain('You blocked');
    // Bob blocks Ada from the lobby's favorites; no message from the server follows.
    tid('favorite-name').click();
    expect(tid('prompt').dataset['prompt']).toBe('player');
    tid('relation-block').click();
    expect(sentOf('relation')).toEqual([{ t: 'relation', player: 'p_ada', kind: 'block', on: true }]);
    expect(row().textContent).toContain('⚠ You blocked Ada here');
    tid('prompt-ok').click();
    row().click();
    expect(sentOf('join')).toEqual([]);
    expect(tid('prompt').dataset['prompt']).toBe('confirm-blocked');
    expect(tid('blocked-text').textContent).toContain('This table has a player (Ada) that you have blocked previously');
    tid('blocked-no').click();
    // Unblocked again: the mark goes, and a click joins.
    tid('favorite-name').click();
    tid('relation-block').click();
    tid('prompt-ok').click();
    expect(row().textContent).not.toContain('You blocked');
    row().click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'pub12345' }]);
  });

  it('a player’s dialog asks for their ratings and says them when they come', async () => {
    boot();
    last().receive(WELCOME('Bob', [], { block: [], mute: [], favorite: [{ player: 'p_ada', name: 'Ada' }] }));
    tid('multiplayer').click();
    last().receive(JSON.stringify({ t: 'lobby', tables: [] }));
    tid('favorite-name').click();
    expect(sentOf('profile')).toEqual([{ t: 'profile', player: 'p_ada' }]);
    expect(tid('player-rating').textContent).toBe('');
    const boards = [{ board: 'standard', rating: 1412, games: 57, provisional: false }];
    last().receive(JSON.stringify({ t: 'profile', player: 'p_ada', name: 'Ada', rank: 3, boards }));
    await flush();
    expect(tid('player-rating').textContent).toBe('Rating 1,412 · 57 rated games · ranked 3');
    // Someone else's answer (a dialog opened before) is not hers.
    last().receive(JSON.stringify({ t: 'profile', player: 'p_cy', name: 'Cy', rank: 0, boards: [] }));
    await flush();
    expect(tid('player-rating').textContent).toBe('');
  });
});

describe('a waiting room whose table closed', () => {
  async function inRoom(): Promise<void> {
    vi.useFakeTimers({ now: 1000 });
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot();
    last().receive(WELCOME('Bob', ['k3v9q2mx']));
    last().receive(tableText(waitingInfoRaw({ you: 'W' })));
    expect(ui()).toBe('room');
  }

  it('abandoned while this page was away: back to the lobby, saying so', async () => {
    await inRoom();
    last().close();
    await vi.advanceTimersByTimeAsync(300);
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive(WELCOME('Bob', []));
    expect(sentOf('resume')).toEqual([{ t: 'resume', table: 'k3v9q2mx' }]);
    // The server closed it: nobody was connected to it for a while.
    last().receive(tableText(waitingInfoRaw({ you: 'W', ended: 'abandoned' })));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This table was closed: nobody was at it for a while.');
    expect(sentOf('lobby')).toEqual([{ t: 'lobby', on: true }]);
    expect(tid('room').hidden).toBe(true);
    expect(tid('chat').hidden).toBe(true);
    // Nothing of it is left on the page: its next message is another table's.
    last().receive(tableText(waitingInfoRaw({ you: 'W' })));
    expect(ui()).toBe('lobby');
  });

  it('the same when the closed table says finished', async () => {
    await inRoom();
    last().receive(tableText(waitingInfoRaw({ you: 'W', state: 'finished', ended: 'abandoned' })));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This table was closed: nobody was at it for a while.');
  });

  it('closed from another tab (the last person left): back to the lobby, saying so', async () => {
    await inRoom();
    last().receive(tableText(waitingInfoRaw({ you: null, ended: 'closed' })));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This table was closed: everyone left it.');
  });

  it('leaving it myself says nothing more than the lobby', async () => {
    await inRoom();
    tid('leave-table').click();
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('leave'), v: 0 }));
    last().receive(tableText(waitingInfoRaw({ you: null, ended: 'closed' })));
    expect(ui()).toBe('lobby');
    expect(tid('notice').hidden).toBe(true);
  });
});

describe('private tables', () => {
  it('creates one with the settings’ rules and timer, shows code and link, then the waiting room', () => {
    toLobby();
    tid('create-private').click();
    expect(sentOf('create_table')).toEqual([
      { t: 'create_table', private: true, rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30', timer: 45 },
    ]);
    // The server acks first, then sends the table.
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('create_table'), v: 1 }));
    last().receive(tableText(waitingInfoRaw({ you: 'S', seats: waitingInfoRaw()['seats'] }), 'k3v9q2mx'));
    expect(ui()).toBe('room');
    expect(sentOf('lobby').at(-1)).toEqual({ t: 'lobby', on: false });
    expect(tid('prompt').dataset['prompt']).toBe('private-created');
    expect(tid('private-code').textContent).toBe('k3v9q2mx');
    expect((tid('private-link') as HTMLInputElement).value).toBe('http://hearts.test/?join=k3v9q2mx');
    tid('prompt-ok').click();
    expect(tid('prompt').hidden).toBe(true);
    tid('start-game').click();
    expect(sentOf('start')).toEqual([{ t: 'start', table: 'k3v9q2mx' }]);
  });

  it('joins by the link once the name is given', () => {
    boot({ joinCode: 'K3V9Q2MX' });
    last().receive(WELCOME(null));
    answerName('Cy');
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'k3v9q2mx' }]);
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('join'), v: 1 }));
    last().receive(tableText(waitingInfoRaw({ you: 'W' })));
    expect(ui()).toBe('room');
  });

  it('a link to a table I already sit at resumes it', () => {
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot({ joinCode: 'k3v9q2mx' });
    last().receive(WELCOME('Bob', ['k3v9q2mx']));
    expect(sentOf('join')).toEqual([]);
    expect(sentOf('resume')).toEqual([{ t: 'resume', table: 'k3v9q2mx' }]);
  });

  it('a wrong code: "Game table not found"', () => {
    toLobby();
    tid('join-private').click();
    expect(tid('prompt').textContent).toContain('Please enter the code for the table:');
    (tid('code-input') as HTMLInputElement).value = 'nope1234';
    tid('code-ok').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'nope1234' }]);
    last().receive(JSON.stringify({ t: 'error', code: 'not_found', reason: 'Game table not found', id: last().idOf('join') }));
    expect(tid('prompt').dataset['prompt']).toBe('not-found');
    expect(tid('prompt').textContent).toContain('Game table not found');
    expect(tid('prompt').textContent).toContain('Sorry, we couldn’t find your game table on our servers! 🙁');
    expect(ui()).toBe('lobby');
  });

  it('full and blocked tables get clear messages', () => {
    toLobby();
    tid('join-private').click();
    (tid('code-input') as HTMLInputElement).value = 'full1234';
    tid('code-ok').click();
    last().receive(JSON.stringify({ t: 'error', code: 'full', reason: 'This table is full', id: last().idOf('join') }));
    expect(tid('prompt').textContent).toContain('This table is full');
    tid('prompt-ok').click();
    tid('join-private').click();
    (tid('code-input') as HTMLInputElement).value = 'blok1234';
    tid('code-ok').click();
    last().receive(JSON.stringify({ t: 'error', code: 'blocked', reason: 'blocked', id: last().idOf('join') }));
    expect(tid('prompt').textContent).toContain('a player at this table has blocked you');
  });

  it('confirm_blocked asks, and joining anyway sends confirm', () => {
    toLobby();
    tid('join-private').click();
    (tid('code-input') as HTMLInputElement).value = 'zed12345';
    tid('code-ok').click();
    // The reason as the server words it: the seed's sentence with the name.
    const reason =
      'This table has a player (Zed) that you have blocked previously (perhaps under another name). Are you sure you want to join it?';
    last().receive(JSON.stringify({ t: 'error', code: 'confirm_blocked', reason, id: last().idOf('join') }));
    expect(tid('prompt').dataset['prompt']).toBe('confirm-blocked');
    expect(tid('prompt').textContent).toContain('Join table with blocked user?');
    expect(tid('blocked-text').textContent).toBe(reason);
    tid('blocked-yes').click();
    expect(sentOf('join').at(-1)).toEqual({ t: 'join', table: 'zed12345', confirm: true });
  });

  it('a lobby table with someone I blocked asks before joining, naming the blocked person', () => {
    boot();
    last().receive(WELCOME('Bob', [], { block: [{ player: 'p_ada', name: 'Ada' }], mute: [], favorite: [] }));
    tid('multiplayer').click();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw()] }));
    tid('lobby-table').click();
    expect(sentOf('join')).toEqual([]);
    expect(tid('blocked-text').textContent).toBe(
      'This table has a player (Ada) that you have blocked previously (perhaps under another name). Are you sure you want to join it?',
    );
    tid('blocked-no').click();
    expect(sentOf('join')).toEqual([]);
    tid('lobby-table').click();
    tid('blocked-yes').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'pub12345', confirm: true }]);
  });

  it('name_taken on join asks for another name with the reason, then joins again', () => {
    toLobby();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw()] }));
    tid('lobby-table').click();
    const reason = 'Ada is at this table, and your name looks the same: change your name to join';
    last().receive(JSON.stringify({ t: 'error', code: 'name_taken', reason, id: last().idOf('join') }));
    expect(tid('prompt').getAttribute('data-prompt')).toBe('name');
    expect(tid('prompt').textContent).toContain(reason);
    answerName('Ada B');
    expect(sentOf('set_name').at(-1)).toEqual({ t: 'set_name', name: 'Ada B' });
    expect(sentOf('join')).toHaveLength(2);
    expect(sentOf('join')[1]).toEqual(sentOf('join')[0]);
  });

  it('no_name on create asks for the name, then creates', () => {
    toLobby();
    tid('create-public').click();
    last().receive(JSON.stringify({ t: 'error', code: 'no_name', reason: 'Enter your name', id: last().idOf('create_table') }));
    answerName('Bob');
    expect(sentOf('create_table')).toHaveLength(2);
    expect(sentOf('create_table')[1]).toEqual(sentOf('create_table')[0]);
  });
});

describe('at a table with people', () => {
  it('the game starts: the first update before any view asks for a snapshot', async () => {
    toLobby();
    tid('create-public').click();
    last().receive(tableText(waitingInfoRaw({ you: 'S' })));
    expect(ui()).toBe('room');
    last().receive(tableText(infoRaw({ you: 'S' })));
    last().receive(updateText(westPlayRaw({ seat: 'S' }), { kind: 'passed', seat: 'N' }, 2));
    expect(sentOf('resume')).toEqual([{ t: 'resume', table: 'k3v9q2mx' }]);
    last().receive(snapshotText(westPlayRaw({ seat: 'S', names: NAMES }), 'k3v9q2mx', 2));
    await flush();
    expect(tid('seat-S').classList.contains('pos-bottom')).toBe(true);
    last().receive(updateText(westPlayRaw({ seat: 'S', names: NAMES }), { kind: 'hearts_broken' }, 3));
    await flush();
    expect(sentOf('resume')).toHaveLength(1);
  });

  it('joins a playing table between hands: the view follows (or is asked for)', async () => {
    vi.useFakeTimers({ now: 0 });
    toLobby();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: 'k3v9q2mx', state: 'playing' })] }));
    tid('lobby-table').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'k3v9q2mx' }]);
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('join'), v: 40 }));
    last().receive(tableText(infoRaw({ waiting_for: ['S', 'W', 'E'] })));
    // No snapshot came on its own: the page asks for one.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentOf('resume')).toEqual([{ t: 'resume', table: 'k3v9q2mx' }]);
    last().receive(snapshotText(handOverRaw({ seat: 'W', names: NAMES }), 'k3v9q2mx', 40));
    await vi.advanceTimersByTimeAsync(10);
    expect(ui()).toBe('hand-over');
    expect(tid('seat-W').classList.contains('pos-bottom')).toBe(true);
  });

  it('shows and sends chat, and the server’s rate limit reason', async () => {
    await atPlayingTable();
    last().receive(chatText('<img src=x onerror=alert(1)>'));
    expect(tid('chat-text').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    (tid('chat-input') as HTMLInputElement).value = 'hi';
    tid('chat-send').click();
    expect(sentOf('chat')).toEqual([{ t: 'chat', table: 'k3v9q2mx', text: 'hi' }]);
    last().receive(
      JSON.stringify({ t: 'error', code: 'rate_limited', reason: 'Too many messages: wait a moment', id: last().idOf('chat') }),
    );
    expect(tid('chat-error').textContent).toBe('Too many messages: wait a moment');
    // A chat line for another table is not shown here.
    last().receive(chatText('elsewhere', { table: 'other123', at: 5 }));
    expect(document.querySelectorAll('[data-testid="chat-text"]')).toHaveLength(1);
  });

  it('shows a chat refusal until a line goes through, or the limit’s 10 seconds have passed', async () => {
    await atPlayingTable();
    vi.useFakeTimers({ now: 0 });
    const say = (text: string): number => {
      (tid('chat-input') as HTMLInputElement).value = text;
      tid('chat-send').click();
      return last().idOf('chat');
    };
    const refuse = (id: number): void =>
      last().receive(
        JSON.stringify({ t: 'error', code: 'rate_limited', reason: 'You are sending messages too fast: at most 5 in 10 seconds', id }),
      );
    refuse(say('one'));
    expect(tid('chat-error').hidden).toBe(false);
    // The refusal stays while the limit holds ...
    await vi.advanceTimersByTimeAsync(9000);
    expect(tid('chat-error').hidden).toBe(false);
    // ... and goes once it no longer does, with nothing sent.
    await vi.advanceTimersByTimeAsync(1100);
    expect(tid('chat-error').hidden).toBe(true);
    // A line that goes through clears a refusal at once.
    refuse(say('two'));
    expect(tid('chat-error').hidden).toBe(false);
    last().receive(JSON.stringify({ t: 'ack', id: say('three') }));
    expect(tid('chat-error').hidden).toBe(true);
    // Another request's rate limit is a notice, not a chat error.
    tid('timer-off').click();
    last().receive(JSON.stringify({ t: 'error', code: 'rate_limited', reason: 'Too many messages: wait a moment', id: last().idOf('timer_off') }));
    expect(tid('chat-error').hidden).toBe(true);
    expect(tid('notice').textContent).toBe('Too many messages: wait a moment');
  });

  it('sets a relation at once and tells the server', async () => {
    await atPlayingTable();
    tid('name-S').click();
    expect(tid('prompt').dataset['prompt']).toBe('player');
    (tid('relation-favorite') as HTMLInputElement).click();
    expect(sentOf('relation')).toEqual([{ t: 'relation', player: 'p_ada', kind: 'favorite', on: true }]);
    expect(tid('fav-S').hidden).toBe(false);
    last().receive(JSON.stringify({ t: 'relations', block: [], mute: [], favorite: [] }));
    expect(tid('fav-S').hidden).toBe(true);
  });

  it('says when it had to give the seat to a computer player, and the seat is back', async () => {
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot();
    last().receive(WELCOME('Bob', ['k3v9q2mx']));
    // The server says `removed` before the table and the snapshot.
    last().receive(JSON.stringify({ t: 'removed', table: 'k3v9q2mx' }));
    last().receive(tableText(infoRaw()));
    last().receive(snapshotText(westPlayRaw({ names: NAMES, legal: ['2C'] }), 'k3v9q2mx', 10));
    await flush();
    expect(tid('prompt').dataset['prompt']).toBe('removed');
    expect(tid('prompt').textContent).toContain('Disconnected');
    expect(tid('prompt').textContent).toContain(
      'Sorry, you were disconnected from the game for too long, we had to remove you from the game so the others could keep playing. 🙁',
    );
    tid('prompt-ok').click();
    expect(ui()).toBe('my-turn');
  });

  it('takes the seat back from a computer player', async () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 1 ? { ...x, away: true } : x));
    await atPlayingTable({ seats });
    expect(ui()).toBe('away');
    tid('reclaim').click();
    expect(sentOf('reclaim')).toEqual([{ t: 'reclaim', table: 'k3v9q2mx' }]);
  });

  it('turn timer off: suggest, or accept the others’ suggestion', async () => {
    await atPlayingTable({ timer_votes: ['S'] });
    expect(tid('timer-vote').hidden).toBe(false);
    tid('timer-decline').click();
    expect(tid('timer-vote').hidden).toBe(true);
    expect(sentOf('timer_off')).toEqual([]);
    last().receive(tableText(infoRaw({ timer_votes: ['S', 'E'] })));
    expect(tid('timer-vote').hidden).toBe(false);
    expect(tid('announcer').textContent).toContain('Turn off the timer? Ada and Cy have suggested that you turn off the timer for the game.');
    tid('timer-accept').click();
    expect(sentOf('timer_off')).toEqual([{ t: 'timer_off', table: 'k3v9q2mx' }]);
  });

  it('counts the turn timer down and warns me at 10 and 5 seconds', async () => {
    vi.useFakeTimers({ now: 0 });
    let clock = 0;
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot({ now: () => clock });
    last().receive(WELCOME('Bob', ['k3v9q2mx']));
    last().receive(tableText(infoRaw({ deadline: 12_000, waiting_for: ['W'] })));
    last().receive(snapshotText(westPlayRaw({ names: NAMES }), 'k3v9q2mx', 10));
    await vi.advanceTimersByTimeAsync(10);
    expect(tid('clock-W').textContent).toBe('12 s');
    clock = 2500;
    await vi.advanceTimersByTimeAsync(500);
    expect(tid('clock-W').textContent).toBe('10 s');
    expect(tid('announcer').textContent).toContain('10 seconds left for your turn.');
    clock = 7200;
    await vi.advanceTimersByTimeAsync(500);
    expect(tid('clock-W').textContent).toBe('5 s');
    expect(tid('announcer').textContent).toContain('5 seconds left for your turn.');
    // Re-synced by the next table message.
    last().receive(tableText(infoRaw({ deadline: 30_000, waiting_for: ['E'] })));
    expect(tid('clock-W').hidden).toBe(true);
    expect(tid('clock-E').textContent).toBe('30 s');
  });

  it('Next hand: says I am ready and waits for the others', async () => {
    await atPlayingTable({ waiting_for: ['S', 'W', 'E'] }, handOverRaw({ seat: 'W', names: NAMES }));
    expect(ui()).toBe('hand-over');
    tid('next-hand').click();
    expect(sentOf('next')).toEqual([{ t: 'next', table: 'k3v9q2mx' }]);
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('next'), v: 10 }));
    await flush();
    expect(ui()).toBe('ready-waiting');
    last().receive(tableText(infoRaw({ ready: ['W'] })));
    expect(tid('ready-list').textContent).toContain('You ✓');
  });

  it('concede asks first, then leaves for the lobby', async () => {
    await atPlayingTable();
    tid('concede').click();
    expect(tid('prompt').textContent).toContain('Are you sure you want to concede the game?');
    tid('concede-no').click();
    expect(sentOf('concede')).toEqual([]);
    tid('concede').click();
    tid('concede-yes').click();
    expect(sentOf('concede')).toEqual([{ t: 'concede', table: 'k3v9q2mx' }]);
    last().receive(JSON.stringify({ t: 'ack', id: last().idOf('concede'), v: 11 }));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('You conceded the game.');
  });

  it('rematch: the new table follows, with the chat', async () => {
    await atPlayingTable({ state: 'finished', deadline: null, waiting_for: [] }, gameOverRaw({ seat: 'W', names: NAMES }));
    last().receive(chatText('gg'));
    expect(ui()).toBe('game-over');
    tid('rematch').click();
    expect(sentOf('rematch')).toEqual([{ t: 'rematch', table: 'k3v9q2mx' }]);
    expect(ui()).toBe('rematch-waiting');
    last().receive(JSON.stringify({ t: 'rematch', table: 'k3v9q2mx', next: 'newtab12' }));
    last().receive(tableText(infoRaw({ code: 'newtab12' }), 'newtab12'));
    last().receive(snapshotText(westPlayRaw({ names: NAMES, legal: ['2C'], hand: 1, scores: [0, 0, 0, 0], sheet: [] }), 'newtab12', 1));
    await flush();
    expect(ui()).toBe('my-turn');
    expect(tid('score-W').textContent).toBe('0');
    expect(tid('table-code').textContent).toBe('Code newtab12');
    expect(tid('chat-text').textContent).toBe('gg');
    last().receive(updateText(westPlayRaw({ names: NAMES, legal: [], to_move: 'N' }), { kind: 'play', seat: 'W', card: '2C' }, 2, 'newtab12'));
    await flush();
    expect(ui()).toBe('waiting');
  });

  it('a rated game: the server’s rating frame is shown under the result, and the next table’s is not', async () => {
    await atPlayingTable({ state: 'finished', deadline: null, waiting_for: [] }, gameOverRaw({ seat: 'W', names: NAMES }));
    expect(tid('rating-change').hidden).toBe(true);
    const rating = { t: 'rating', board: 'standard', place: 1, games: 10, provisional: false, counted: 1, reason: '' };
    const before = { rating: 1180, mu: 29.5, sigma: 0.5 };
    const after = { rating: 1205, mu: 30.1, sigma: 0.5 };
    // Another table's frame (a game ended in another tab) is not this result's.
    last().receive(JSON.stringify({ ...rating, table: 'elsewhe1', before, after }));
    await flush();
    expect(tid('rating-change').hidden).toBe(true);
    last().receive(JSON.stringify({ ...rating, table: 'k3v9q2mx', before, after }));
    await flush();
    expect(tid('rating-change').hidden).toBe(false);
    expect(tid('rating-change').textContent).toBe('Your rating: 1,205 (+25) · 1st of 3 people');
  });

  it('a solo game afterwards leaves the table with people behind', async () => {
    await atPlayingTable({ state: 'finished', deadline: null, waiting_for: [] }, gameOverRaw({ seat: 'W', names: NAMES }));
    tid('leave-finished').click();
    expect(ui()).toBe('lobby');
    expect(tid('chat').hidden).toBe(true);
    expect(tid('table-bar').hidden).toBe(true);
  });
});

describe('inactivity', () => {
  it('the server closed for inactivity: says so, does not reconnect, Multiplayer does', async () => {
    vi.useFakeTimers({ now: 1000 });
    boot();
    last().receive(WELCOME('Bob'));
    tid('multiplayer').click();
    const before = sockets.length;
    last().closeWith('inactivity');
    expect(tid('prompt').dataset['prompt']).toBe('inactivity');
    expect(tid('prompt').textContent).toContain(
      'You’ve been disconnected due to inactivity. You can always reconnect by pressing the "Multiplayer" button',
    );
    expect(tid('connection-problem').hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sockets.length).toBe(before);
    tid('prompt-ok').click();
    expect(ui()).toBe('start');
    expect(tid('open-lobby').hidden).toBe(false);
    tid('open-lobby').click();
    expect(sockets.length).toBe(before + 1);
    last().open();
    last().receive(WELCOME('Bob'));
    expect(ui()).toBe('lobby');
    expect(sentOf('lobby')).toEqual([{ t: 'lobby', on: true }]);
  });
});
