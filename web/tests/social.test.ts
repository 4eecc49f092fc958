// The headless state of playing with people (social.ts, and uiMode at a table with people).

import { describe, expect, it } from 'vitest';
import type { ChatLine, LobbyEntry, ServerMessage, TableInfo } from '../src/net/types';
import { INITIAL_CONN, isFinalClose, onClose, onOpen, onRetry, inTrouble } from '../src/net/reconnect';
import {
  INITIAL_SOCIAL,
  amAway,
  amHost,
  applyChat,
  applyLobbyUpdate,
  applyTableInfo,
  blockedNames,
  codeFromInput,
  declineTimerQuestion,
  freeSeats,
  hasBlockedPlayer,
  humanSeats,
  isFavorite,
  isMuted,
  joinLink,
  seatStatus,
  sortLobby,
  timerLeftMs,
  timerQuestion,
  timerSeconds,
  visibleChat,
  withRelation,
  type Social,
} from '../src/state/social';
import { handLimit, handsWords, rulesSummary } from '../src/game/rules-words';
import { applySnapshot, atPeopleTable, initialState, uiMode, type AppState } from '../src/state/state';
import { chatText, gameOverRaw, handOverRaw, infoRaw, lobbyEntryRaw, parsed, snapshotOf, tableText, waitingInfoRaw, westPlayRaw } from './fixtures';
import type { RawInfo } from './fixtures';

function info(over: RawInfo = {}): TableInfo {
  const m = parsed(tableText(infoRaw(over)));
  if (m.t !== 'table') throw new Error(m.t);
  return m.info;
}

function chat(text: string, over: Record<string, unknown> = {}): ChatLine {
  const m = parsed(chatText(text, over));
  if (m.t !== 'chat') throw new Error(m.t);
  const { t: _t, ...line } = m;
  return line;
}

function lobbyEntry(over: Record<string, unknown> = {}): LobbyEntry {
  const m = parsed(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw(over)] }));
  if (m.t !== 'lobby' || !m.tables[0]) throw new Error('no entry');
  return m.tables[0];
}

const seated = (over: RawInfo = {}, now = 1000): Social => applyTableInfo({ ...INITIAL_SOCIAL, player: 'p_bob' }, 'k3v9q2mx', info(over), now);

describe('codes', () => {
  it('takes a code from a code or a pasted join link', () => {
    expect(codeFromInput(' K3V9Q2MX ')).toBe('k3v9q2mx');
    expect(codeFromInput('https://hearts.example/?join=k3v9q2mx')).toBe('k3v9q2mx');
    expect(codeFromInput('http://x/?a=1&join=ab12cd34#top')).toBe('ab12cd34');
    expect(codeFromInput('   ')).toBe('');
    expect(joinLink('https://hearts.example', 'k3v9q2mx')).toBe('https://hearts.example/?join=k3v9q2mx');
  });
});

describe('the turn timer', () => {
  it('counts down locally from the deadline and is re-synced by every table message', () => {
    const s = seated({ deadline: 21500 }, 1000);
    expect(timerLeftMs(s.table, 1000)).toBe(21500);
    expect(timerSeconds(s.table, 1000)).toBe(22);
    expect(timerSeconds(s.table, 1500)).toBe(21);
    expect(timerSeconds(s.table, 1501)).toBe(21);
    expect(timerSeconds(s.table, 2501)).toBe(20);
    expect(timerLeftMs(s.table, 30_000)).toBe(0);
    expect(timerSeconds(s.table, 30_000)).toBe(0);
    // A clock that went backwards does not add time.
    expect(timerLeftMs(s.table, 500)).toBe(21500);
    const resynced = applyTableInfo(s, 'k3v9q2mx', info({ deadline: 4000 }), 9000);
    expect(timerSeconds(resynced.table, 9000)).toBe(4);
    expect(timerSeconds(resynced.table, 12_500)).toBe(1);
  });

  it('has no countdown when no clock runs', () => {
    expect(timerSeconds(seated({ deadline: null }).table, 5000)).toBeNull();
    expect(timerSeconds(seated({ waiting_for: [] }).table, 5000)).toBeNull();
    expect(timerSeconds(null, 5000)).toBeNull();
  });

  it('asks me about turning the timer off when another person suggested it', () => {
    expect(timerQuestion(seated())).toBeNull();
    expect(timerQuestion(seated({ timer_votes: ['S'] }))).toEqual(['S']);
    expect(timerQuestion(seated({ timer_votes: ['S', 'E'] }))).toEqual(['S', 'E']);
    // Not when I suggested it myself, the timer is off, or the game is not playing.
    expect(timerQuestion(seated({ timer_votes: ['S', 'W'] }))).toBeNull();
    expect(timerQuestion(seated({ timer_votes: ['S'], timer: 0 }))).toBeNull();
    expect(timerQuestion(seated({ timer_votes: ['S'], state: 'finished' }))).toBeNull();
    // Declined: not again for the same votes, but again when someone else joins in.
    const declined = declineTimerQuestion(seated({ timer_votes: ['S'] }));
    expect(timerQuestion(declined)).toBeNull();
    expect(timerQuestion(applyTableInfo(declined, 'k3v9q2mx', info({ timer_votes: ['S'] }), 2000))).toBeNull();
    expect(timerQuestion(applyTableInfo(declined, 'k3v9q2mx', info({ timer_votes: ['S', 'E'] }), 2000))).toEqual(['S', 'E']);
  });
});

describe('seats', () => {
  it('says who is there, gone, or replaced by a computer player', () => {
    const i = info();
    expect(seatStatus(i.seats[0], 'playing')).toBe('connected');
    expect(seatStatus(i.seats[2], 'playing')).toBe('computer');
    expect(seatStatus({ player: 'p', name: 'Z', human: true, connected: false, away: false, face: -1, wearing: '' }, 'playing')).toBe('disconnected');
    expect(seatStatus({ player: 'p', name: 'Z', human: true, connected: false, away: true, face: -1, wearing: '' }, 'playing')).toBe('away');
    expect(seatStatus({ player: 'p', name: 'Z', human: true, connected: true, away: true, face: -1, wearing: '' }, 'playing')).toBe('away');
    const w = parsed(tableText(waitingInfoRaw()));
    if (w.t !== 'table') throw new Error(w.t);
    expect(seatStatus(w.info.seats[2], 'waiting')).toBe('empty');
    expect(humanSeats(i)).toEqual(['S', 'W', 'E']);
  });

  it('knows when a computer player holds my seat, and who hosts', () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((s, k) => (k === 1 ? { ...s, away: true } : s));
    expect(amAway(seated({ seats }).table)).toBe(true);
    expect(amAway(seated().table)).toBe(false);
    expect(amHost(seated().table)).toBe(false);
    expect(amHost(seated({ you: 'S' }).table)).toBe(true);
  });
});

describe('chat', () => {
  it('adds lines in time order, once (the server resends the last 50 on resume)', () => {
    let s = seated();
    s = applyChat(s, chat('second', { at: 2 }));
    s = applyChat(s, chat('first', { at: 1 }));
    s = applyChat(s, chat('second', { at: 2 }));
    expect(s.chat.map((c) => c.text)).toEqual(['first', 'second']);
    expect(s.unread).toBe(2);
    // My own lines and lines seen with the chat open do not count as unread.
    s = applyChat({ ...s, unread: 0 }, chat('mine', { at: 3, player: 'p_bob', seat: 'W', name: 'Bob' }));
    expect(s.unread).toBe(0);
    s = applyChat({ ...s, chatOpen: true }, chat('seen', { at: 4 }));
    expect(s.unread).toBe(0);
  });

  it('hides the lines of muted players, also those that came before the mute', () => {
    let s = seated();
    s = applyChat(s, chat('from Ada', { at: 1 }));
    s = applyChat(s, chat('from Cy', { at: 2, player: 'p_cy', seat: 'E', name: 'Cy' }));
    expect(visibleChat(s).map((c) => c.text)).toEqual(['from Ada', 'from Cy']);
    s = { ...s, relations: withRelation(s.relations, 'mute', { player: 'p_ada', name: 'Ada' }, true) };
    expect(isMuted(s.relations, 'p_ada')).toBe(true);
    expect(visibleChat(s).map((c) => c.text)).toEqual(['from Cy']);
    const unread = s.unread;
    s = applyChat(s, chat('still Ada', { at: 3 }));
    expect(s.unread).toBe(unread);
    s = { ...s, relations: withRelation(s.relations, 'mute', { player: 'p_ada', name: 'Ada' }, false) };
    expect(visibleChat(s).map((c) => c.text)).toEqual(['from Ada', 'from Cy', 'still Ada']);
  });

  it('clears my chat error once a line of mine arrives', () => {
    const s = applyChat({ ...seated(), chatError: 'Too many messages' }, chat('ok now', { player: 'p_bob', seat: 'W', name: 'Bob' }));
    expect(s.chatError).toBeNull();
  });
});

describe('relations and the lobby', () => {
  it('sets and clears favorites without duplicates', () => {
    const ada = { player: 'p_ada', name: 'Ada' };
    let r = withRelation(INITIAL_SOCIAL.relations, 'favorite', ada, true);
    r = withRelation(r, 'favorite', ada, true);
    expect(r.favorite).toEqual([ada]);
    expect(isFavorite(r, 'p_ada')).toBe(true);
    expect(isFavorite(r, null)).toBe(false);
    r = withRelation(r, 'favorite', ada, false);
    expect(isFavorite(r, 'p_ada')).toBe(false);
  });

  it('names the blocked people at a lobby table', () => {
    const entry = lobbyEntry({
      seats: [
        { player: 'p_ada', name: 'Ada', human: true },
        { player: 'p_zed', name: 'Zed', human: true },
        { player: 'p_cy', name: 'Cy', human: true },
        { player: null, name: null, human: false },
      ],
    });
    const r = {
      ...INITIAL_SOCIAL.relations,
      block: [
        { player: 'p_zed', name: 'Zed' },
        { player: 'p_cy', name: 'Cyrus' },
      ],
    };
    expect(blockedNames(entry, r)).toBe('Zed and Cy');
    expect(blockedNames(entry, INITIAL_SOCIAL.relations)).toBe('');
    expect(freeSeats(entry)).toBe(1);
  });

  it('sums up the rules in words', () => {
    expect(rulesSummary('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue')).toBe(
      'Ends at 100 · pass left, right, across, none',
    );
    expect(rulesSummary('pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=50')).toBe(
      'Ends at 50 · pass left, across, right, none · Q♠ breaks hearts · moon: shooter chooses · J♦ −10',
    );
    // The daily deal's rules: a game of 4 hands, ties shared.
    expect(rulesSummary('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4')).toBe(
      '4 hands · ends at 100 · pass left, right, across, none · ties share',
    );
    expect(rulesSummary('end=100,hands=1')).toBe('1 hand · ends at 100');
    // No limit, or not a number: the score ends the game.
    expect(rulesSummary('end=100,hands=0')).toBe('Ends at 100');
    expect(rulesSummary('end=100,hands=many')).toBe('Ends at 100');
  });

  it('reads how many hands a game is played to', () => {
    expect(handLimit('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4')).toBe(4);
    expect(handLimit(' hands = 12 ,end=100')).toBe(12);
    expect(handLimit('pass=LRAN,end=100,tie=continue')).toBe(0);
    expect(handLimit('hands=-2')).toBe(0);
    expect(handLimit('hands=2.5')).toBe(0);
    expect(handLimit(null)).toBe(0);
    expect(handsWords(1)).toBe('1 hand');
    expect(handsWords(4)).toBe('4 hands');
  });
});

describe('what the page waits for at a table with people', () => {
  function atTable(raw: Record<string, unknown>, over: RawInfo = {}, social: Partial<Social> = {}): AppState {
    const s = applySnapshot({ ...initialState(), conn: { kind: 'open' } }, snapshotOf(raw, 'k3v9q2mx', 5));
    return { ...s, social: { ...seated(over), ...social } };
  }

  it('is my turn at seat W', () => {
    const s = atTable(westPlayRaw({ legal: ['2C'] }));
    expect(atPeopleTable(s)).toBe(true);
    expect(uiMode(s)).toBe('my-turn');
  });

  it('says away while a computer player holds my seat', () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 1 ? { ...x, away: true } : x));
    expect(uiMode(atTable(westPlayRaw({ legal: ['2C'] }), { seats }))).toBe('away');
  });

  it('after Next hand, waits for the others (from ready, or from what I sent)', () => {
    const raw = handOverRaw({ seat: 'W', names: ['Ada', 'Bob', 'Bill', 'Cy'] });
    expect(uiMode(atTable(raw))).toBe('hand-over');
    expect(uiMode(atTable(raw, { ready: ['W'] }))).toBe('ready-waiting');
    expect(uiMode(atTable(raw, {}, { sentReady: 'k3v9q2mx:3' }))).toBe('ready-waiting');
    expect(uiMode(atTable(raw, {}, { sentReady: 'k3v9q2mx:2' }))).toBe('hand-over');
  });

  it('after Rematch, waits for the others', () => {
    const raw = gameOverRaw({ seat: 'W', names: ['Ada', 'Bob', 'Bill', 'Cy'] });
    expect(uiMode(atTable(raw, { state: 'finished' }))).toBe('game-over');
    expect(uiMode(atTable(raw, { state: 'finished', rematch_votes: ['W'] }))).toBe('rematch-waiting');
    expect(uiMode(atTable(raw, { state: 'finished' }, { sentRematch: 'k3v9q2mx' }))).toBe('rematch-waiting');
  });

  it('a solo game is not a table with people', () => {
    const s = atTable(westPlayRaw({ legal: ['2C'] }), { kind: 'solo' });
    expect(atPeopleTable(s)).toBe(false);
  });

  it('names the lobby and the waiting room', () => {
    expect(uiMode({ ...initialState(), screen: 'lobby' })).toBe('lobby');
    expect(uiMode({ ...initialState(), screen: 'room' })).toBe('room');
  });
});

describe('the inactivity close', () => {
  it('stops reconnecting when the server closed for inactivity, until the player asks', () => {
    expect(isFinalClose('inactivity')).toBe(true);
    expect(isFinalClose('inactivity: 30 minutes without an action')).toBe(true);
    expect(isFinalClose('rate limit: too many messages')).toBe(false);
    const open = onOpen(INITIAL_CONN);
    const stopped = onClose(open, 1000, undefined, 'inactivity');
    expect(stopped).toEqual({ kind: 'stopped', reason: 'inactivity' });
    expect(inTrouble(stopped)).toBe(false);
    expect(onClose(stopped, 2000)).toBe(stopped);
    expect(onOpen(stopped)).toBe(stopped);
    expect(onRetry()).toEqual({ kind: 'connecting', attempt: 0, troubleSince: null });
    expect(onClose(open, 1000, undefined, 'going away').kind).toBe('waiting');
  });

  it('a client cut off for not reading ("too slow: …") reconnects like after any loss', () => {
    const reason = 'too slow: more than 1024 KiB of messages were waiting to be read';
    expect(isFinalClose(reason)).toBe(false);
    const s = onClose(onOpen(INITIAL_CONN), 1000, undefined, reason);
    expect(s.kind).toBe('waiting');
    expect(inTrouble(s)).toBe(true);
  });
});

describe('the lobby listing', () => {
  const entry = (table: string, state: string, created: number, over: Record<string, unknown> = {}): LobbyEntry =>
    lobbyEntry({ table, state, created, ...over });
  const ids = (list: readonly LobbyEntry[] | null): string[] | null => list?.map((e) => e.table) ?? null;

  it('lists waiting tables first, then the newest, then by id', () => {
    const list = sortLobby([
      entry('p-old', 'playing', 100),
      entry('w-old', 'waiting', 100),
      entry('p-new', 'playing', 300),
      entry('w-b', 'waiting', 200),
      entry('w-a', 'waiting', 200),
      entry('f-new', 'finished', 400),
    ]);
    expect(ids(list)).toEqual(['w-a', 'w-b', 'w-old', 'f-new', 'p-new', 'p-old']);
    // Ids compare as the server does, by code unit, whatever the locale thinks.
    expect(ids(sortLobby([entry('b', 'waiting', 1), entry('B', 'waiting', 1), entry('a', 'waiting', 1)]))).toEqual(['B', 'a', 'b']);
  });

  it('applies an update: adds in order, replaces by id, removes, ignores an unknown removed id', () => {
    const start = sortLobby([entry('aaa', 'waiting', 100), entry('bbb', 'waiting', 200), entry('ccc', 'playing', 300)]);
    expect(ids(start)).toEqual(['bbb', 'aaa', 'ccc']);
    // A new table, the newest waiting one, comes first.
    const added = applyLobbyUpdate(start, [entry('ddd', 'waiting', 400)], []);
    expect(ids(added)).toEqual(['ddd', 'bbb', 'aaa', 'ccc']);
    // A table that started moves behind the waiting ones; its new entry replaces the old.
    const bob = { player: 'p_bob', name: 'Bob', human: true };
    const free = { player: null, name: null, human: false };
    const changed = applyLobbyUpdate(added, [entry('ddd', 'playing', 400, { seats: [bob, free, free, free] })], []);
    expect(ids(changed)).toEqual(['bbb', 'aaa', 'ddd', 'ccc']);
    expect(changed?.filter((e) => e.table === 'ddd')).toHaveLength(1);
    expect(changed?.find((e) => e.table === 'ddd')?.seats[0]).toEqual(bob);
    // Removed, with an id this page never had (the change crossed a newer listing).
    const removed = applyLobbyUpdate(changed, [], ['aaa', 'zzz-unknown']);
    expect(ids(removed)).toEqual(['bbb', 'ddd', 'ccc']);
    // Set and removed in one update.
    expect(ids(applyLobbyUpdate(removed, [entry('eee', 'waiting', 50)], ['bbb']))).toEqual(['eee', 'ddd', 'ccc']);
    // The listing before is not changed in place (the page compares listings by identity).
    expect(ids(start)).toEqual(['bbb', 'aaa', 'ccc']);
    expect(ids(applyLobbyUpdate([], [], ['x']))).toEqual([]);
  });

  it('waits for the listing: an update without one changes nothing', () => {
    expect(applyLobbyUpdate(null, [entry('aaa', 'waiting', 1)], [])).toBeNull();
  });

  it('marks a table with someone I blocked, from my own relations', () => {
    const zed = { player: 'p_zed', name: 'Zed', human: true };
    const free = { player: null, name: null, human: false };
    const at = entry('zzz', 'waiting', 1, { seats: [free, zed, free, free] });
    expect(hasBlockedPlayer(at, INITIAL_SOCIAL.relations)).toBe(false);
    const blocking = withRelation(INITIAL_SOCIAL.relations, 'block', { player: 'p_zed', name: 'Zed' }, true);
    expect(hasBlockedPlayer(at, blocking)).toBe(true);
    expect(hasBlockedPlayer(at, withRelation(blocking, 'block', { player: 'p_zed', name: 'Zed' }, false))).toBe(false);
    // A mute or a favorite is no block; an empty seat is nobody.
    expect(hasBlockedPlayer(at, withRelation(INITIAL_SOCIAL.relations, 'mute', { player: 'p_zed', name: 'Zed' }, true))).toBe(false);
    expect(hasBlockedPlayer(entry('e', 'waiting', 1, { seats: [free, free, free, free] }), blocking)).toBe(false);
  });
});

// Type check only: ServerMessage covers the new kinds.
export type _Kinds = Extract<ServerMessage, { t: 'table' | 'chat' | 'lobby' | 'relations' | 'rematch' | 'removed' | 'you' }>['t'];
