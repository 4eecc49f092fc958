// Spectators in the page (docs/protocol.md, "Spectators"): watching a game from the lobby
// or a watch link, the watcher's table (backs at the bottom, nothing to play, the chat
// read-only), stopping, the server ending it, coming back after a reconnect; and the
// players' side: who watches, allowing watchers and hints.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseServerMessage } from '../src/net/read';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, saveIdentity, type KeyValueStore } from '../src/state/storage';
import { bootPage, flush, tid, ui } from './boot';
import type { FakeSocket } from './fake-socket';
import { chatText, gameOverRaw, infoRaw, lobbyEntryRaw, playRaw, snapshotText, tableText, westPlayRaw } from './fixtures';

const TABLE = 'k3v9q2mx';
let sockets: FakeSocket[];

const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const sentOf = (t: string): Record<string, unknown>[] => last().messages().filter((m) => m['t'] === t);
const welcome = (name: string | null, tables: string[] = []): string =>
  JSON.stringify({ t: 'welcome', player: 'p_eve', token: 'sec', tables, name, relations: { block: [], mute: [], favorite: [] } });

/** A store that keeps what it is given (multiplayer needs one). */
function keepingStore(): KeyValueStore {
  const store = memoryStore();
  (store as { persistent: boolean }).persistent = true;
  return store;
}

function boot(options: { store?: KeyValueStore; watchCode?: string } = {}): void {
  sockets = bootPage({ ...DEFAULT_SETTINGS, speed: 'off' }, { store: options.store ?? keepingStore(), ...options });
  last().open();
}

/** What the server sends a watcher: the info, then a view a trick late with no cards of its own. */
function watcherInfo(over: Record<string, unknown> = {}): Record<string, unknown> {
  return infoRaw({
    kind: 'public',
    you: null,
    watching: true,
    watchable: true,
    watchers: [{ player: 'p_eve', name: 'Eve' }],
    watcher_count: 1,
    ...over,
  });
}
const watcherView = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  playRaw({ cards: [], legal: [], passed: [], received: [], trick: { leader: 'N', cards: [] }, to_move: 'N', watching: true, ...over });

async function watching(): Promise<void> {
  boot();
  last().receive(welcome('Eve'));
  tid('multiplayer').click();
  last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: TABLE, state: 'playing' }), lobbyEntryRaw()] }));
  const watch = document.querySelectorAll<HTMLElement>('[data-testid="lobby-watch"]');
  expect(watch).toHaveLength(1); // only the game in progress
  (watch[0] as HTMLElement).click();
  expect(sentOf('watch')).toEqual([{ t: 'watch', table: TABLE, on: true }]);
  last().receive(tableText(watcherInfo()));
  last().receive(snapshotText(watcherView(), TABLE, 40));
  last().receive(JSON.stringify({ t: 'ack', id: last().idOf('watch'), v: 40 }));
  await flush();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the protocol', () => {
  it('reads who watches, a watcher’s view and the end of watching', () => {
    const info = parseServerMessage(tableText(watcherInfo({ watch_votes: ['S'], hints: true, hint_votes: ['S', 'W'] })));
    expect(info.ok && info.message.t === 'table' && info.message.info).toMatchObject({
      watching: true,
      watchable: true,
      watchers: [{ player: 'p_eve', name: 'Eve' }],
      watcherCount: 1,
      watchVotes: ['S'],
      hints: true,
      hintVotes: ['S', 'W'],
    });
    const snap = parseServerMessage(snapshotText(watcherView()));
    expect(snap.ok && snap.message.t === 'snapshot' && snap.message.view.watching).toBe(true);
    expect(parseServerMessage(JSON.stringify({ t: 'unwatched', table: TABLE, reason: 'Nobody is playing at this table any more' }))).toEqual({
      ok: true,
      message: { t: 'unwatched', table: TABLE, reason: 'Nobody is playing at this table any more' },
    });
    // A server from before spectators: nobody watches, nothing is allowed.
    const old = parseServerMessage(tableText(infoRaw()));
    expect(old.ok && old.message.t === 'table' && old.message.info).toMatchObject({ watchers: [], watcherCount: 0, watching: false, hints: false });
  });
});

describe('watching a game', () => {
  it('shows the table with every hand face down, nothing to play, and the chat read-only', async () => {
    await watching();
    expect(ui()).toBe('watching');
    // South's cards are backs like everyone else's: 13 less the trick it took.
    const hand = tid('hand');
    expect(hand.querySelectorAll('.card-back')).toHaveLength(12);
    expect(hand.querySelectorAll('button')).toHaveLength(0);
    expect(tid('pass-button').hidden).toBe(true);
    expect(tid('hint-button').hidden).toBe(true);
    expect(tid('status').textContent).not.toContain('Your turn');
    expect(tid('table-kind').textContent).toBe('Watching · a trick behind the table');
    // Eve watches: she is "you" there, not named to herself.
    expect(tid('watchers').textContent).toBe('Watching: you');
    expect(tid('stop-watching').hidden).toBe(false);
    expect(tid('concede').hidden).toBe(true);
    expect(tid('allow-watchers').hidden).toBe(true);
    last().receive(chatText('hello watchers', { table: TABLE }));
    expect(tid('chat-log').textContent).toContain('hello watchers');
    expect(tid('chat-input').closest('form')?.hidden).toBe(true);
    expect(tid('chat-read-only').hidden).toBe(false);
  });

  it('stops when asked: back to the lobby, the server told', async () => {
    await watching();
    tid('stop-watching').click();
    expect(sentOf('watch').at(-1)).toEqual({ t: 'watch', table: TABLE, on: false });
    expect(ui()).toBe('lobby');
    // What comes for that table afterwards is nobody's.
    last().receive(snapshotText(watcherView(), TABLE, 41));
    expect(ui()).toBe('lobby');
  });

  it('at the game’s end, Back to the lobby stops watching; nothing asks a watcher for a rematch', async () => {
    await watching();
    last().receive(snapshotText(gameOverRaw({ watching: true, cards: [], legal: [], passed: [], received: [] }), TABLE, 90));
    await flush();
    expect(ui()).toBe('game-over');
    expect(tid('rematch-question').hidden).toBe(true);
    // The record, the review and the deals are the players' (a watcher was dealt nothing).
    expect(document.querySelector('[data-testid="download-record"]')).toBeNull();
    expect(document.querySelector('[data-testid="result-review"]')).toBeNull();
    tid('leave-finished').click();
    expect(sentOf('watch').at(-1)).toEqual({ t: 'watch', table: TABLE, on: false });
    expect(ui()).toBe('lobby');
  });

  it('joining a table from the lobby stops the watching', async () => {
    await watching();
    tid('multiplayer').click();
    expect(ui()).toBe('lobby');
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: 'pub12345' })] }));
    tid('lobby-table').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'pub12345' }]);
    last().receive(tableText(infoRaw({ state: 'waiting', you: 'W', deadline: null }), 'pub12345'));
    expect(ui()).toBe('room');
    expect(sentOf('watch').at(-1)).toEqual({ t: 'watch', table: TABLE, on: false });
  });

  it('ends when the server says so, with its reason', async () => {
    await watching();
    last().receive(JSON.stringify({ t: 'unwatched', table: TABLE, reason: 'The players at this table no longer allow watchers' }));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('The players at this table no longer allow watchers');
  });

  it('a refusal is said, and the lobby stays', async () => {
    boot();
    last().receive(welcome('Eve'));
    tid('multiplayer').click();
    last().receive(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ table: TABLE, state: 'playing' })] }));
    tid('lobby-watch').click();
    last().receive(
      JSON.stringify({ t: 'error', code: 'full', reason: 'This table has as many watchers as it takes (50): try again later', id: last().idOf('watch') }),
    );
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This table has as many watchers as it takes (50): try again later');
    // The table's messages are not taken for this page's.
    last().receive(tableText(watcherInfo()));
    expect(ui()).toBe('lobby');
  });

  it('comes back after a lost connection by watching again, not by resuming a seat', async () => {
    await watching();
    vi.useFakeTimers({ now: 1000 });
    last().close();
    await vi.advanceTimersByTimeAsync(300);
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive(welcome('Eve'));
    expect(sentOf('resume')).toEqual([]);
    expect(sentOf('watch')).toEqual([{ t: 'watch', table: TABLE, on: true }]);
    last().receive(tableText(watcherInfo()));
    last().receive(snapshotText(watcherView(), TABLE, 44));
    await vi.advanceTimersByTimeAsync(10);
    expect(ui()).toBe('watching');
    // Refused on the way back (the game ended meanwhile): back to the lobby, saying why.
    last().close();
    await vi.advanceTimersByTimeAsync(300);
    last().open();
    last().receive(welcome('Eve'));
    last().receive(JSON.stringify({ t: 'error', code: 'state', reason: 'This game is over', id: last().idOf('watch') }));
    expect(ui()).toBe('lobby');
    expect(tid('notice').textContent).toBe('This game is over');
  });

  it('a watch link watches once connected, asking for a name first', async () => {
    boot({ watchCode: 'K3V9Q2MX' });
    last().receive(welcome(null));
    expect(tid('prompt').dataset['prompt']).toBe('name');
    (tid('name-input') as HTMLInputElement).value = 'Eve';
    tid('name-ok').click();
    last().receive(JSON.stringify({ t: 'you', player: 'p_eve', name: 'Eve' }));
    expect(sentOf('watch')).toEqual([{ t: 'watch', table: TABLE, on: true }]);
    last().receive(tableText(watcherInfo()));
    last().receive(snapshotText(watcherView(), TABLE, 40));
    await flush();
    expect(ui()).toBe('watching');
  });
});

describe('a player at a watched table', () => {
  async function seated(info: Record<string, unknown>): Promise<void> {
    const store = keepingStore();
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot({ store });
    last().receive(JSON.stringify({ t: 'welcome', player: 'p_bob', token: 'sec', tables: [TABLE], name: 'Bob', relations: { block: [], mute: [], favorite: [] } }));
    last().receive(tableText(infoRaw(info)));
    last().receive(snapshotText(westPlayRaw({ names: ['Ada', 'Bob', 'Bill', 'Cy'] }), TABLE, 10));
    await flush();
  }

  it('sees who watches, and allows watchers at a private table', async () => {
    await seated({
      watchers: [{ player: 'p_eve', name: 'Eve' }],
      watcher_count: 3,
      watch_votes: ['S'],
    });
    expect(tid('watchers').textContent).toBe('Watching: Eve and 2 more');
    const allow = tid('allow-watchers');
    expect(allow.hidden).toBe(false);
    expect(allow.getAttribute('aria-pressed')).toBe('false');
    allow.click();
    expect(sentOf('allow_watchers')).toEqual([{ t: 'allow_watchers', table: TABLE, on: true }]);
    // Everyone allows it now: the button says so, and the watch link can be copied.
    last().receive(tableText(infoRaw({ watch_votes: ['S', 'W'], watchable: true })));
    expect(allow.getAttribute('aria-pressed')).toBe('true');
    expect(allow.textContent).toBe('Watchers allowed');
    expect(tid('copy-watch-link').hidden).toBe(false);
  });

  it('gets hints once everyone at the table allows them', async () => {
    await seated({ hints: false, hint_votes: [] });
    expect(tid('hint-button').hidden).toBe(true);
    tid('allow-hints').click();
    expect(sentOf('allow_hints')).toEqual([{ t: 'allow_hints', table: TABLE, on: true }]);
    last().receive(tableText(infoRaw({ hints: false, hint_votes: ['W'] })));
    expect(tid('allow-hints').textContent).toBe('Hints: waiting for the others');
    expect(tid('hint-button').hidden).toBe(true);
    last().receive(tableText(infoRaw({ hints: true, hint_votes: ['S', 'W'] })));
    expect(tid('allow-hints').textContent).toBe('Hints on');
    expect(tid('hint-button').hidden).toBe(false);
  });
});
