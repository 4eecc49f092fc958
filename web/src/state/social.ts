// Playing with people, headless: who I am, my blocks/mutes/favorites, the lobby, the
// table I sit at (its `info`), the chat, and the dialogs these need. Pure steps in the
// style of state.ts; `render-social.ts` draws it and `app.ts` feeds it messages.
//
// Names and chat text are data from other people: nothing here builds markup from them.

import { listWords } from '../game/a11y';
import { pageWords } from '../i18n/page';
import {
  NO_RELATIONS,
  SEATS,
  seatIndex,
  type ChatLine,
  type LobbyEntry,
  type PlayerRef,
  type Profile,
  type RatingChange,
  type RelationKind,
  type Relations,
  type Seat,
  type SeatInfo,
  type TableInfo,
} from '../net/types';

/** The dialogs of multiplayer play; one at a time. */
export type Prompt =
  /** "Enter your name"; `error` is the refusal (ours or the server's). */
  | { readonly kind: 'name'; readonly error: string | null }
  /** "Join private table": "Please enter the code for the table:". */
  | { readonly kind: 'join-code'; readonly error: string | null }
  /** "Join table with blocked user?"; `names` are the blocked people seated there. */
  | { readonly kind: 'confirm-blocked'; readonly table: string; readonly names: string; readonly reason: string | null }
  | { readonly kind: 'private-created'; readonly code: string }
  /** "Block, mute, favorite" (and "Challenge to a game") for one person; `error` is the refusal of a challenge. */
  | { readonly kind: 'player'; readonly player: string; readonly name: string; readonly error?: string }
  | { readonly kind: 'concede' }
  /** "Start a new game?" while a solo game is being played. */
  | { readonly kind: 'new-game' }
  /** A message with an OK button (and sometimes a Multiplayer button). */
  | { readonly kind: 'message'; readonly id: MessageId; readonly title: string; readonly lines: readonly string[] };

export type MessageId = 'not-found' | 'full' | 'blocked' | 'removed' | 'inactivity' | 'no-storage' | 'error';

/** The table I sit at (or am entering), as everyone may see it. */
export interface SeatedTable {
  readonly table: string;
  readonly info: TableInfo;
  /** The local clock (ms) when `info` arrived: `info.deadline` counts down from there. */
  readonly receivedAt: number;
}

/** A multiplayer request in flight (its button shows busy, a second click is ignored). */
export type SocialRequest =
  | 'set_name'
  | 'create_table'
  | 'quick_match'
  | 'join'
  | 'leave'
  | 'start'
  | 'chat'
  | 'timer_off'
  | 'reclaim'
  | 'concede'
  | 'rematch'
  | 'relation'
  | 'challenge'
  | 'decline'
  | 'watch'
  | 'allow';

/** A challenge to me that is still open: someone opened a private table and asks me to join it. */
export interface IncomingChallenge {
  readonly table: string;
  readonly from: PlayerRef;
  readonly rules: string;
  readonly timer: number;
}

export interface Social {
  readonly player: string | null;
  /** My name; null until set (welcome, `you`). */
  readonly name: string | null;
  readonly relations: Relations;
  /**
   * The public tables in listing order (`sortLobby`): the `lobby` message's listing with
   * every `lobby_update` since applied; null before the listing (and after the lobby is
   * left, when no update keeps it true any more).
   */
  readonly lobby: readonly LobbyEntry[] | null;
  readonly table: SeatedTable | null;
  /** The chat of the table (and of the game before a rematch), oldest first. */
  readonly chat: readonly ChatLine[];
  /** The server's refusal of my last chat message (e.g. rate_limited). */
  readonly chatError: string | null;
  /** On a phone the chat is a drawer: whether it is open, and messages not yet seen. */
  readonly chatOpen: boolean;
  readonly unread: number;
  readonly prompt: Prompt | null;
  readonly request: SocialRequest | null;
  /** The clock (ms) for the turn timer; the app ticks it. */
  readonly now: number;
  /** The timer votes I declined (a key of the vote set), so the question is not asked again. */
  readonly declinedVotes: string | null;
  /** `table:hand` of the hand I said I am ready after (until `info.ready` says so). */
  readonly sentReady: string | null;
  /** The finished table I asked a rematch for. */
  readonly sentRematch: string | null;
  /** What the last rated game did to my rating (its `table` says which game). */
  readonly rating: RatingChange | null;
  /** The ratings of the player whose dialog was opened last (its `player` says whose). */
  readonly profile: Profile | null;
  /** Open challenges to me, oldest first; the dialog asks about the first. */
  readonly challenges: readonly IncomingChallenge[];
  /** The game (table id) during which I said "Later" to challenges: they are asked again after it. */
  readonly challengesLater: string | null;
}

export const INITIAL_SOCIAL: Social = {
  player: null,
  name: null,
  relations: NO_RELATIONS,
  lobby: null,
  table: null,
  chat: [],
  chatError: null,
  chatOpen: false,
  unread: 0,
  prompt: null,
  request: null,
  now: 0,
  declinedVotes: null,
  sentReady: null,
  sentRematch: null,
  rating: null,
  profile: null,
  challenges: [],
  challengesLater: null,
};

/** Chat lines kept in memory (the server resends the last 50 on resume). */
export const CHAT_KEEP = 200;
export const MAX_CHAT_LENGTH = 200;
/** The server's chat limit counts the lines of the last 10 seconds (server/social.cpp). */
export const CHAT_WINDOW_MS = 10_000;

/** The table code from what a person typed or pasted: a code, or a join link. */
export function codeFromInput(input: string): string {
  const text = input.trim();
  const match = /[?&]join=([^&#\s]+)/.exec(text);
  const code = match?.[1] ?? text;
  return decodeURIComponent(code).trim().toLowerCase();
}

/** The link that watches a table: `<origin>/?watch=CODE`. */
export function watchLink(origin: string, code: string): string {
  return `${origin}/?watch=${encodeURIComponent(code)}`;
}

/** The link that joins a private table: `<origin>/?join=CODE`. */
export function joinLink(origin: string, code: string): string {
  return `${origin}/?join=${encodeURIComponent(code)}`;
}

// ---- relations ----

export function hasRelation(r: Relations, kind: RelationKind, player: string | null): boolean {
  return player !== null && r[kind].some((p) => p.player === player);
}

export const isFavorite = (r: Relations, player: string | null): boolean => hasRelation(r, 'favorite', player);
export const isMuted = (r: Relations, player: string | null): boolean => hasRelation(r, 'mute', player);
export const isBlocked = (r: Relations, player: string | null): boolean => hasRelation(r, 'block', player);

/** My relations after I set or clear one (shown at once; the server's `relations` follows). */
export function withRelation(r: Relations, kind: RelationKind, who: PlayerRef, on: boolean): Relations {
  const rest = r[kind].filter((p) => p.player !== who.player);
  return { ...r, [kind]: on ? [...rest, who] : rest };
}

/**
 * Whether someone I blocked sits at a lobby table. The server sends every watcher the
 * same listing, so this is the client's to say, from its own relations: a block set on
 * this page marks the table at once.
 */
export function hasBlockedPlayer(entry: LobbyEntry, r: Relations): boolean {
  return entry.seats.some((s) => s.player !== null && isBlocked(r, s.player));
}

/** The names of the people at a lobby table whom I blocked ("Bob", "Bob and Cy"). */
export function blockedNames(entry: LobbyEntry, r: Relations): string {
  const names = entry.seats
    .filter((s) => s.player !== null && isBlocked(r, s.player))
    .map((s) => s.name ?? r.block.find((b) => b.player === s.player)?.name ?? '?');
  return listWords(names);
}

// ---- the table ----

export function applyTableInfo(s: Social, table: string, info: TableInfo, now: number): Social {
  return { ...s, table: { table, info, receivedAt: now }, now };
}

/** Whether `info` is a table with people (not a solo game). */
export function isPeopleTable(t: SeatedTable | null): t is SeatedTable {
  return t !== null && t.info.kind !== 'solo';
}

/** Milliseconds left on the turn timer, counted down locally; null when no clock runs. */
export function timerLeftMs(t: SeatedTable | null, now: number): number | null {
  if (t === null || t.info.deadline === null || t.info.waitingFor.length === 0) return null;
  return Math.max(0, t.info.deadline - Math.max(0, now - t.receivedAt));
}

/** Whole seconds shown on the countdown (rounded up: "1" until the very end). */
export function timerSeconds(t: SeatedTable | null, now: number): number | null {
  const ms = timerLeftMs(t, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}

/** The seat's state as the others see it. */
export type SeatStatus = 'empty' | 'computer' | 'connected' | 'disconnected' | 'away';

export function seatStatus(seat: SeatInfo, tableState: TableInfo['state']): SeatStatus {
  if (seat.human) {
    if (seat.away) return 'away';
    return seat.connected ? 'connected' : 'disconnected';
  }
  return tableState === 'waiting' && seat.name === null ? 'empty' : 'computer';
}

export function seatOf(info: TableInfo, seat: Seat): SeatInfo {
  return info.seats[seatIndex(seat)] as SeatInfo;
}

/** Whether a computer player is playing for me while I am here. */
export function amAway(t: SeatedTable | null): boolean {
  const you = t?.info.you ?? null;
  return t !== null && you !== null && seatOf(t.info, you).away;
}

export function amHost(t: SeatedTable | null): boolean {
  return t !== null && t.info.you !== null && t.info.host === t.info.you;
}

/** The seats that hold people (computer players and empty seats are not asked). */
export function humanSeats(info: TableInfo): Seat[] {
  return SEATS.filter((s) => seatOf(info, s).human);
}

/** A person's display name at the table (the seat letter while unnamed). */
export function seatName(info: TableInfo, seat: Seat): string {
  return seatOf(info, seat).name ?? seat;
}

/** The key of a set of timer votes, for "declined". */
function votesKey(t: SeatedTable): string {
  return `${t.table}:${[...t.info.timerVotes].sort().join('')}`;
}

/**
 * The seats whose suggestion to turn off the timer I am asked about, or null: the
 * timer runs, someone else suggested it, I have not, and I did not decline this vote.
 */
export function timerQuestion(s: Social): readonly Seat[] | null {
  const t = s.table;
  if (!isPeopleTable(t) || t.info.timer === 0 || t.info.state !== 'playing') return null;
  const you = t.info.you;
  if (you === null || t.info.timerVotes.includes(you)) return null;
  const others = t.info.timerVotes.filter((v) => v !== you);
  if (others.length === 0 || s.declinedVotes === votesKey(t)) return null;
  return others;
}

export function declineTimerQuestion(s: Social): Social {
  return s.table ? { ...s, declinedVotes: votesKey(s.table) } : s;
}

// ---- chat ----

function chatKey(c: ChatLine): string {
  return `${c.at}|${c.seat}|${c.player}|${c.text}`;
}

/** Adds a chat line; one seen before (the server resends the last 50 on resume) is skipped. */
export function applyChat(s: Social, line: ChatLine): Social {
  const key = chatKey(line);
  if (s.chat.some((c) => chatKey(c) === key)) return s;
  const chat = [...s.chat, line].sort((a, b) => a.at - b.at).slice(-CHAT_KEEP);
  const mine = line.player === s.player;
  const unread = s.chatOpen || mine || isMuted(s.relations, line.player) ? s.unread : s.unread + 1;
  return { ...s, chat, unread, chatError: mine ? null : s.chatError };
}

/** The chat lines to show: without the people I muted. */
export function visibleChat(s: Social): readonly ChatLine[] {
  return s.chat.filter((c) => !isMuted(s.relations, c.player));
}

// ---- challenges ----

/** Adds a challenge to me at the end of the queue; one for a table already queued is replaced in place. */
export function addChallenge(s: Social, c: IncomingChallenge): Social {
  const known = s.challenges.some((x) => x.table === c.table);
  return { ...s, challenges: known ? s.challenges.map((x) => (x.table === c.table ? c : x)) : [...s.challenges, c] };
}

/** The challenge at `table` is answered or over. */
export function dropChallenge(s: Social, table: string): Social {
  return s.challenges.some((x) => x.table === table) ? { ...s, challenges: s.challenges.filter((x) => x.table !== table) } : s;
}


// ---- the lobby ----

/** Table ids compared as the server does (byte order, not the locale's). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The lobby's order, as the server lists it: tables waiting for players first (they can
 * be joined now), then the newest, then by id so that the order is total.
 */
export function compareLobbyEntries(a: LobbyEntry, b: LobbyEntry): number {
  const wa = a.state === 'waiting';
  const wb = b.state === 'waiting';
  if (wa !== wb) return wa ? -1 : 1;
  if (a.created !== b.created) return b.created - a.created;
  return compareIds(a.table, b.table);
}

export function sortLobby(entries: readonly LobbyEntry[]): LobbyEntry[] {
  return [...entries].sort(compareLobbyEntries);
}

/**
 * The listing after a `lobby_update`: entries in `set` replace those with the same
 * table id (or are added), tables in `removed` go (an id not listed is ignored: say,
 * an update that was on its way while a newer listing came), and the result is in
 * listing order. Without a listing there is nothing to change: an update alone would
 * show a partial lobby, so it waits for the `lobby` message.
 *
 *   applyLobbyUpdate([a, b], [b2], ['a'])  // [b2]
 */
export function applyLobbyUpdate(
  lobby: readonly LobbyEntry[] | null,
  set: readonly LobbyEntry[],
  removed: readonly string[],
): LobbyEntry[] | null {
  if (lobby === null) return null;
  const byId = new Map(lobby.map((e) => [e.table, e] as const));
  for (const id of removed) byId.delete(id);
  for (const e of set) byId.set(e.table, e);
  return sortLobby([...byId.values()]);
}

export function timerWords(seconds: number): string {
  return seconds === 0 ? pageWords('noTm') : pageWords('pTurn', { n: seconds });
}

/** Free seats at a lobby table (empty while waiting; computer players while playing). */
export function freeSeats(entry: LobbyEntry): number {
  return entry.seats.filter((s) => !s.human).length;
}
