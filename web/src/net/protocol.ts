// The browser side of docs/protocol.md: every message type in one place, one parse
// function for what the server sends, one encoder for what the client sends.
//
// Parsing is strict about what the client relies on (every documented field is
// present and of the right type, cards are cards, seats are seats, event kinds are
// known) and tolerant of extra fields, so a server that adds a field in a later
// version does not break an older page. A refusal names the field at fault, e.g.
// `view.cards[2]: "ZZ" is not a card`.

import { isCommitment, isNonce, isSalt, isSeedText } from './fair-text';

export type Seat = 'S' | 'W' | 'N' | 'E';
/** Seats in play order; arrays in the view are indexed this way (South first). */
export const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];

export type Rank = '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';
export type Suit = 'C' | 'D' | 'S' | 'H';
/** A card in the engine's notation: rank then suit, "2C" ... "TC" ... "AS". */
export type Card = `${Rank}${Suit}`;

export type PassDirection = 'left' | 'right' | 'across' | 'none';
/** The engine's phase names (`to_string(Phase)`). */
export type Phase = 'pass' | 'play' | 'moon' | 'hand_over' | 'game_over';
export type MoonChoice = 'others' | 'shooter';
export type BotLevel = 'random' | 'easy' | 'medium' | 'hard' | 'expert';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'easy', 'medium', 'hard', 'expert'];

export type PerSeat<T> = readonly [T, T, T, T];

export interface Trick {
  readonly leader: Seat;
  /** In play order, starting with the leader. */
  readonly cards: readonly Card[];
  /** Set once the trick is complete. */
  readonly winner?: Seat;
}

export interface MoonResult {
  readonly shooter: Seat;
  readonly scored: MoonChoice;
}

/** One row of the score sheet; also the `result` of a `hand_over` event. */
export interface SheetRow {
  readonly hand: number;
  /** What was added to each total this hand. */
  readonly score: PerSeat<number>;
  readonly totals: PerSeat<number>;
  readonly moon: MoonResult | null;
  readonly winners: readonly Seat[];
}

/** What one seat may know (docs/protocol.md, "The view"). */
export interface View {
  readonly seat: Seat;
  readonly phase: Phase;
  readonly hand: number;
  readonly pass: PassDirection;
  /** South first. */
  readonly names: PerSeat<string>;
  readonly cards: readonly Card[];
  readonly legal: readonly Card[];
  readonly passed: readonly Card[];
  readonly received: readonly Card[];
  /** Who has chosen their pass (not which cards); null when the server does not say. */
  readonly hasPassed: PerSeat<boolean> | null;
  readonly toMove: Seat | null;
  readonly trick: Trick;
  readonly lastTrick: Trick | null;
  readonly heartsBroken: boolean;
  readonly points: PerSeat<number>;
  /** Per seat, one marker per trick taken this hand: '·', '♥', '♠' (or '♦'). */
  readonly markers: PerSeat<string>;
  readonly scores: PerSeat<number>;
  readonly sheet: readonly SheetRow[];
  readonly winners: readonly Seat[];
  /** A watcher's view (docs/protocol.md, "Spectators"): no cards of its own, a trick late. */
  readonly watching?: true;
  /** The rules text (README), from the snapshot: an update's view never has it (`completeUpdate`). */
  readonly rules?: string;
}

/**
 * An update's view (docs/protocol.md, "Server → client"): the server leaves out `names`
 * and `sheet` when they are as in the view before it (and always `rules`: a table's
 * rules do not change). `completeUpdate` fills them in.
 */
export type UpdateView = Omit<View, 'names' | 'sheet'> & {
  readonly names?: View['names'];
  readonly sheet?: View['sheet'];
};

/** An update whose view is whole: what the page animates and shows. */
export interface Update {
  readonly t: 'update';
  readonly table: string;
  readonly v: number;
  readonly event: GameEvent;
  readonly view: View;
}

/**
 * The update with what its view left out taken from `before`, the last view received;
 * null when it leaves something out and there is no view before it to take it from.
 *
 *   completeUpdate(u, lastView)  // u.view.sheet ?? lastView.sheet, and the names and rules
 */
export function completeUpdate(m: Extract<ServerMessage, { t: 'update' }>, before: View | null): Update | null {
  const { names, sheet, ...rest } = m.view;
  const fullNames = names ?? before?.names;
  const fullSheet = sheet ?? before?.sheet;
  if (fullNames === undefined || fullSheet === undefined) return null;
  const rules = before?.rules;
  return { ...m, view: { ...rest, names: fullNames, sheet: fullSheet, ...(rules === undefined ? {} : { rules }) } };
}

export type GameEvent =
  /** `commit`: the hand's commitment (docs/protocol.md, "Fair deals"); null from a table without one. */
  | { readonly kind: 'deal'; readonly hand: number; readonly pass: PassDirection; readonly commit: string | null }
  | { readonly kind: 'passed'; readonly seat: Seat }
  | { readonly kind: 'exchange' }
  | { readonly kind: 'play'; readonly seat: Seat; readonly card: Card }
  | { readonly kind: 'trick'; readonly winner: Seat; readonly points: number }
  | { readonly kind: 'hearts_broken' }
  | { readonly kind: 'hand_over'; readonly result: SheetRow }
  | { readonly kind: 'moon'; readonly shooter: Seat; readonly scored: MoonChoice }
  | { readonly kind: 'game_over'; readonly winners: readonly Seat[]; readonly fair: FairReveal | null };

export type PlayKindKey = 'lead' | 'follow' | 'discard' | 'moon';
/** Where a review's points were lost: in the pass, or in one kind of play. */
export type LossKind = 'pass' | PlayKindKey;

/** One card reviewed: what it cost on average, and the search's best there. */
export interface ReviewedPlay {
  readonly hand: number;
  readonly trick: number;
  readonly kind: PlayKindKey;
  readonly played: Card;
  readonly playedPoints: number;
  readonly best: Card;
  readonly bestPoints: number;
}

/** One hand's pass reviewed: what the hand cost on average after it, and after the search's pass. */
export interface ReviewedPass {
  readonly hand: number;
  /** The seat the three cards went to. */
  readonly to: Seat;
  readonly passed: readonly Card[];
  readonly passedPoints: number;
  /** The search's pass, weighed on the same deals (the same cards as `passed` when it agreed). */
  readonly best: readonly Card[];
  readonly bestPoints: number;
  /** Whether the server counts it as a mistake (a loss of 0.25 points or more, and over twice the sampling's error). */
  readonly mistake: boolean;
}

export interface GameReview {
  readonly table: string;
  readonly seat: Seat;
  readonly deals: number;
  readonly lost: number;
  /** `pass` is 0 in a review made before passes were reviewed. */
  readonly byKind: Readonly<Record<LossKind, number>>;
  /** One per hand with a pass, in hand order; none in a review made before passes were reviewed. */
  readonly passes: readonly ReviewedPass[];
  readonly plays: readonly ReviewedPlay[];
  readonly text: string;
}

/** The secret behind a game's commitments, revealed when it is over. */
export interface FairReveal {
  readonly seed: string;
  readonly salt: string;
  /** The player's number mixed into the seed ("Nobody picks the seed"); null for a seed the server drew alone. */
  readonly nonce: string | null;
}

/** A snapshot's `fair`: the hand in play's commitment, and the secret once the game is over. */
export interface SnapshotFair {
  readonly hand: number;
  readonly commit: string;
  readonly reveal: FairReveal | null;
}

export type ErrorCode =
  | 'bad_message'
  | 'auth'
  | 'not_found'
  | 'illegal'
  | 'not_your_turn'
  | 'rate_limited'
  | 'server'
  | 'no_name'
  | 'full'
  | 'blocked'
  | 'confirm_blocked'
  | 'not_host'
  | 'not_seated'
  | 'offline'
  | 'state'
  /** Joining a table where someone's name looks the same as mine: change my name first. */
  | 'name_taken'
  /** Watching a table that may not be watched (docs/protocol.md, "Spectators"). */
  | 'not_watchable';

// ---- playing with people (docs/protocol.md, "Playing with people") ----

export type TableKind = 'solo' | 'public' | 'private';
export type TableState = 'waiting' | 'playing' | 'finished';
export type RelationKind = 'block' | 'mute' | 'favorite';
export const RELATION_KINDS: readonly RelationKind[] = ['block', 'mute', 'favorite'];

/** One seat of a table as everyone may see it. */
export interface SeatInfo {
  /** A person's public id; null for a computer player or an empty seat. */
  readonly player: string | null;
  /** Null for an empty seat while the table is waiting. */
  readonly name: string | null;
  /** Whether a person holds the seat. */
  readonly human: boolean;
  /** Whether that person has a connection open. */
  readonly connected: boolean;
  /** Whether a computer player is playing for them until they come back. */
  readonly away: boolean;
  /** A person's face (-1: none chosen) and the item they wear ("": none). */
  readonly face: number;
  readonly wearing: string;
}

/** The `info` of a `table` message. */
export interface TableInfo {
  readonly kind: TableKind;
  readonly state: TableState;
  readonly host: Seat;
  /** My seat; null once I have conceded. */
  readonly you: Seat | null;
  readonly code: string;
  readonly rules: string;
  /** Seconds per turn; 0 when off. */
  readonly timer: number;
  /** Milliseconds left for `waitingFor` when the message was sent; null when no clock runs. */
  readonly deadline: number | null;
  readonly waitingFor: readonly Seat[];
  readonly seats: PerSeat<SeatInfo>;
  readonly timerVotes: readonly Seat[];
  readonly ready: readonly Seat[];
  readonly rematchVotes: readonly Seat[];
  /** After a rematch, the new table id. */
  readonly next: string | null;
  /** Why the table ended before its game did; null while it goes on or after a game played out. */
  readonly ended: TableEnd | null;
  /** The challenge this table was opened for, while it is open; null at every other table. */
  readonly challenge: ChallengeInfo | null;
  /** Spectators (docs/protocol.md): whether it may be watched now, who allowed it, who watches. */
  readonly watchable?: boolean;
  readonly watchVotes?: readonly Seat[];
  readonly watchers?: readonly PlayerRef[];
  readonly watcherCount?: number;
  /** This page watches the table (it has no seat there). */
  readonly watching?: boolean;
  /** Whether hints work here now, and which seats allowed them (tables with people). */
  readonly hints?: boolean;
  readonly hintVotes?: readonly Seat[];
}

/**
 * `info.ended`: `conceded` (the last person conceded), `closed` (the last person left a
 * table that had not started), `abandoned` (the server closed it: a table waiting for
 * players that nobody was connected to, or an old solo game after newer ones).
 */
export type TableEnd = 'conceded' | 'closed' | 'abandoned';
export const TABLE_ENDS: readonly TableEnd[] = ['conceded', 'closed', 'abandoned'];

/** `info.challenge`: whom the host challenged from this table, and whether they said no. */
export interface ChallengeInfo {
  readonly player: string;
  readonly name: string;
  readonly state: 'pending' | 'declined';
}

/** Why an open challenge to me ended (`challenge_over`). */
export type ChallengeEnd = 'joined' | 'declined' | 'withdrawn';

export interface LobbySeat {
  readonly player: string | null;
  readonly name: string | null;
  readonly human: boolean;
}

export interface LobbyEntry {
  readonly table: string;
  readonly rules: string;
  readonly state: TableState;
  readonly timer: number;
  readonly seats: PerSeat<LobbySeat>;
  /**
   * When the table was opened (ms since 1970), for the listing's order. Whether someone
   * I blocked sits there is the client's to say (social.ts `hasBlockedPlayer`): the
   * server sends one listing to every watcher.
   */
  readonly created: number;
}

export interface PlayerRef {
  readonly player: string;
  readonly name: string;
}

/** What a set of finished games adds up to (docs/protocol.md, "Statistics"). */
export interface StatsTotals {
  readonly games: number;
  readonly won: number;
  readonly hands: number;
  /** The final totals, added up. */
  readonly points: number;
  readonly moonsShot: number;
  readonly moonsSuffered: number;
  /** Hands in which Q♠ was taken. */
  readonly queens: number;
  /** Hands without a trick. */
  readonly trickless: number;
  /** Hands in which another player took every point card but one heart. */
  readonly moonStops: number;
  readonly conceded: number;
}

export interface StatsGroup extends StatsTotals {
  /** Others played these games too. */
  readonly people: boolean;
  /** The computer players' level; "" when there were none. */
  readonly level: string;
}

export interface RecentGame {
  readonly table: string;
  /** When it ended, ms since 1970. */
  readonly at: number;
  readonly score: number;
  readonly place: number;
  readonly won: boolean;
}

export interface PlayerStats {
  readonly all: StatsTotals;
  readonly groups: readonly StatsGroup[];
  readonly streak: number;
  readonly bestStreak: number;
  /** The last 50 games, oldest first. */
  readonly recent: readonly RecentGame[];
}

export interface Relations {
  readonly block: readonly PlayerRef[];
  readonly mute: readonly PlayerRef[];
  readonly favorite: readonly PlayerRef[];
}

export const NO_RELATIONS: Relations = { block: [], mute: [], favorite: [] };

export interface ChatLine {
  readonly table: string;
  readonly seat: Seat;
  readonly player: string;
  readonly name: string;
  readonly text: string;
  /** Milliseconds since 1970. */
  readonly at: number;
}

/** What a player looks like (docs/protocol.md, "Achievements and looks"). */
export interface Look {
  /** 0..11, or -1 when none was chosen (a face is then drawn from the player's id). */
  readonly face: number;
  /** The item of an achievement the player holds, or "". */
  readonly wearing: string;
}

export const NO_LOOK: Look = { face: -1, wearing: '' };

/** One achievement, in the seed's words: "It looks like you might be a <title>. You can now wear a <itemName> while playing." */
export interface Achievement {
  readonly id: string;
  readonly name: string;
  readonly how: string;
  readonly title: string;
  readonly item: string;
  readonly itemName: string;
}

/** An achievement in the list, with when it was earned (ms since 1970), or null. */
export interface AchievementEntry extends Achievement {
  readonly earned: number | null;
}

export type ServerMessage =
  | {
      readonly t: 'welcome';
      readonly player: string;
      readonly token: string;
      readonly tables: readonly string[];
      /** Null until the player has set a name (also when a version-1 server leaves it out). */
      readonly name: string | null;
      readonly relations: Relations;
      readonly look: Look;
    }
  | {
      readonly t: 'snapshot';
      readonly table: string;
      readonly v: number;
      readonly view: View;
      readonly fair: SnapshotFair | null;
      /** The day of a game of the daily deal ("YYYY-MM-DD"); null for any other game. */
      readonly daily: string | null;
    }
  | {
      readonly t: 'update';
      readonly table: string;
      readonly v: number;
      readonly event: GameEvent;
      readonly view: UpdateView;
    }
  | { readonly t: 'ack'; readonly id: number; readonly v: number }
  | { readonly t: 'error'; readonly code: ErrorCode; readonly reason: string; readonly id?: number }
  | { readonly t: 'pong' }
  | { readonly t: 'table'; readonly table: string; readonly info: TableInfo }
  | ({ readonly t: 'chat' } & ChatLine)
  /** The listing as it is, once, after `{"t":"lobby","on":true}`. */
  | { readonly t: 'lobby'; readonly tables: readonly LobbyEntry[] }
  /** A change to the listing: entries new or changed (replace by `table`), and tables no longer listed. */
  | { readonly t: 'lobby_update'; readonly set: readonly LobbyEntry[]; readonly removed: readonly string[] }
  | ({ readonly t: 'relations' } & Relations)
  | { readonly t: 'rematch'; readonly table: string; readonly next: string }
  | { readonly t: 'removed'; readonly table: string }
  /** The server stopped my watching of `table` (docs/protocol.md, "Spectators"). */
  | { readonly t: 'unwatched'; readonly table: string; readonly reason: string }
  | { readonly t: 'you'; readonly player: string; readonly name: string }
  /** Someone challenges me: `join` the table to accept, `decline` it to say no. */
  | {
      readonly t: 'challenge';
      readonly table: string;
      readonly from: PlayerRef;
      readonly rules: string;
      readonly timer: number;
    }
  | { readonly t: 'challenge_over'; readonly table: string; readonly reason: ChallengeEnd }
  | ({ readonly t: 'stats' } & PlayerStats)
  | { readonly t: 'achievements'; readonly list: readonly AchievementEntry[]; readonly look: Look }
  /** A game I played just earned it. */
  | ({ readonly t: 'achievement'; readonly table: string } & Achievement)
  | { readonly t: 'look'; readonly look: Look }
  /** A finished game reviewed card by card (docs/protocol.md, "Reviews"). */
  | ({ readonly t: 'review' } & GameReview)
  /** What the search would do in my place, and why (docs/protocol.md, "Hints"). */
  | {
      readonly t: 'hint';
      readonly table: string;
      readonly v: number;
      readonly action: 'pass' | 'play';
      readonly cards: readonly Card[];
      readonly text: string;
    }
  /** A finished game's share link (`share` null until everyone who played it allowed it). */
  | { readonly t: 'shared'; readonly table: string; readonly share: string | null; readonly waiting: number }
  /** A day's board of the daily deal (docs/protocol.md, "The daily deal"). */
  | ({ readonly t: 'daily' } & DailyBoard)
  /** The commitment to the salt of this connection's next solo game (docs/protocol.md, "Fair deals"). */
  | { readonly t: 'next_deal'; readonly commit: string };

/** A finished game of the daily deal: its place, total, and the points of each hand. */
export interface DailyResult {
  /** From 1; equal scores share a rank (1, 2, 2, 4). */
  readonly rank: number;
  readonly score: number;
  /** The points of each hand, in order (the daily deal has 4). */
  readonly hands: readonly number[];
  /** Its share link id (`/?replay=<id>`); null until the viewer has played that day's deal. */
  readonly replay: string | null;
}

/** A row of a day's board. */
export interface DailyRow extends DailyResult {
  readonly name: string;
}

/** My game of a day: in play, or finished with its result (null on the board when not started). */
export type DailyMine =
  | { readonly table: string; readonly finished: false }
  | ({
      readonly table: string;
      readonly finished: true;
      /** I gave it up: it is not on the board, and has no rank. */
      readonly conceded: boolean;
      readonly rank: number | null;
    } & Omit<DailyResult, 'rank'>);

export interface DailyBoard {
  /** "YYYY-MM-DD", UTC. */
  readonly day: string;
  readonly today: boolean;
  /** When the next day's deal starts (ms since 1970: midnight UTC). */
  readonly nextMs: number;
  /** How many finished that day's game. */
  readonly players: number;
  readonly me: DailyMine | null;
  /** The best finished games of the day, lowest score first. */
  readonly board: readonly DailyRow[];
}

export interface NewGameOptions {
  /** Rules text, e.g. "pass=LARN,end=50" (README, `--rules`). */
  readonly rules?: string;
  /** West, North, East. */
  readonly names?: readonly [string, string, string];
  readonly level?: BotLevel;
  readonly name?: string;
  /** My number, mixed with the committed salt into the seed: 16 to 64 lower-case hex digits. */
  readonly nonce?: string;
}

export type ClientMessage =
  | { readonly t: 'hello'; readonly player?: string; readonly token?: string }
  | ({ readonly t: 'new_game' } & NewGameOptions)
  | { readonly t: 'resume'; readonly table: string; readonly since?: number }
  | { readonly t: 'pass'; readonly table: string; readonly cards: readonly [Card, Card, Card] }
  | { readonly t: 'play'; readonly table: string; readonly card: Card }
  | { readonly t: 'moon'; readonly table: string; readonly choice: MoonChoice }
  | { readonly t: 'next'; readonly table: string }
  | { readonly t: 'ping' }
  | { readonly t: 'set_name'; readonly name: string }
  | { readonly t: 'create_table'; readonly private: boolean; readonly rules?: string; readonly timer?: number }
  | { readonly t: 'join'; readonly table: string; readonly confirm?: boolean }
  | { readonly t: 'leave'; readonly table: string }
  | { readonly t: 'start'; readonly table: string }
  | { readonly t: 'lobby'; readonly on: boolean }
  | { readonly t: 'chat'; readonly table: string; readonly text: string }
  | { readonly t: 'timer_off'; readonly table: string }
  | { readonly t: 'reclaim'; readonly table: string }
  | { readonly t: 'concede'; readonly table: string }
  | { readonly t: 'rematch'; readonly table: string }
  | { readonly t: 'relation'; readonly player: string; readonly kind: RelationKind; readonly on: boolean }
  | { readonly t: 'challenge'; readonly player: string; readonly rules?: string; readonly timer?: number }
  | { readonly t: 'decline'; readonly table: string }
  | { readonly t: 'stats' }
  | { readonly t: 'achievements' }
  | { readonly t: 'set_look'; readonly face: number; readonly wearing: string }
  | { readonly t: 'share'; readonly table: string }
  | { readonly t: 'hint'; readonly table: string }
  | { readonly t: 'review'; readonly table: string }
  | { readonly t: 'watch'; readonly table: string; readonly on: boolean }
  | { readonly t: 'allow_watchers'; readonly table: string; readonly on: boolean }
  | { readonly t: 'allow_hints'; readonly table: string; readonly on: boolean }
  /** Starts (or resumes) today's game of the daily deal: a snapshot with `daily`, as `new_game`. */
  | { readonly t: 'daily_start' }
  /** A day's board of the daily deal (today when `day` is left out). */
  | { readonly t: 'daily'; readonly day?: string };

/** A client message with its optional request id (echoed in `ack`/`error`). */
export type Outgoing = ClientMessage & { readonly id?: number };

/** Serialises one client message to a frame. Fields that are undefined are left out. */
export function encodeClientMessage(message: Outgoing): string {
  return JSON.stringify(message);
}

export type ParseResult =
  | { readonly ok: true; readonly message: ServerMessage }
  | { readonly ok: false; readonly error: string };

/**
 * Parses one frame from the server. Never throws.
 *
 *   parseServerMessage('{"t":"pong"}')  // {ok: true, message: {t: 'pong'}}
 *   parseServerMessage('{"t":"ack"}')   // {ok: false, error: 'id: missing'}
 */
export function parseServerMessage(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  try {
    return { ok: true, message: readServerMessage(json) };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: e.message };
    throw e;
  }
}

// ---- card and seat vocabulary ----

const CARD_PATTERN = /^[2-9TJQKA][CDSH]$/;

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && CARD_PATTERN.test(x);
}

export function isSeat(x: unknown): x is Seat {
  return x === 'S' || x === 'W' || x === 'N' || x === 'E';
}

export function seatIndex(seat: Seat): number {
  return SEATS.indexOf(seat);
}

// ---- the reader: walks unknown JSON with a path for error messages ----

class ParseError extends Error {}

type Obj = Readonly<Record<string, unknown>>;

function fail(path: string, what: string): never {
  throw new ParseError(path ? `${path}: ${what}` : what);
}

function describe(x: unknown): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

function asObject(x: unknown, path: string): Obj {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) fail(path, 'expected an object');
  return x as Obj;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function field(o: Obj, key: string, path: string): unknown {
  if (!(key in o)) fail(join(path, key), 'missing');
  return o[key];
}

function str(x: unknown, path: string): string {
  if (typeof x !== 'string') fail(path, `expected a string, got ${describe(x)}`);
  return x;
}

function int(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x)) fail(path, `expected an integer, got ${describe(x)}`);
  return x;
}

function bool(x: unknown, path: string): boolean {
  if (typeof x !== 'boolean') fail(path, `expected true or false, got ${describe(x)}`);
  return x;
}

function array<T>(x: unknown, path: string, item: (x: unknown, path: string) => T): T[] {
  if (!Array.isArray(x)) fail(path, `expected an array, got ${describe(x)}`);
  return x.map((v, i) => item(v, `${path}[${i}]`));
}

function perSeat<T>(x: unknown, path: string, item: (x: unknown, path: string) => T): PerSeat<T> {
  const a = array(x, path, item);
  if (a.length !== 4) fail(path, `expected 4 entries (S, W, N, E), got ${a.length}`);
  return [a[0] as T, a[1] as T, a[2] as T, a[3] as T];
}

function oneOf<T extends string>(values: readonly T[]) {
  return (x: unknown, path: string): T => {
    if (typeof x !== 'string' || !(values as readonly string[]).includes(x)) {
      fail(path, `expected one of ${values.join(', ')}, got ${describe(x)}`);
    }
    return x as T;
  };
}

function card(x: unknown, path: string): Card {
  if (!isCard(x)) fail(path, `${describe(x)} is not a card`);
  return x;
}

function seat(x: unknown, path: string): Seat {
  if (!isSeat(x)) fail(path, `${describe(x)} is not a seat (S, W, N, E)`);
  return x;
}

const passDirection = oneOf<PassDirection>(['left', 'right', 'across', 'none']);
const phase = oneOf<Phase>(['pass', 'play', 'moon', 'hand_over', 'game_over']);
const moonChoice = oneOf<MoonChoice>(['others', 'shooter']);
const errorCode = oneOf<ErrorCode>([
  'bad_message',
  'auth',
  'not_found',
  'illegal',
  'not_your_turn',
  'rate_limited',
  'server',
  'no_name',
  'full',
  'blocked',
  'confirm_blocked',
  'not_host',
  'not_seated',
  'offline',
  'state',
  'name_taken',
  'not_watchable',
]);
const tableKind = oneOf<TableKind>(['solo', 'public', 'private']);
const tableState = oneOf<TableState>(['waiting', 'playing', 'finished']);
const challengeState = oneOf<ChallengeInfo['state']>(['pending', 'declined']);
const challengeEnd = oneOf<ChallengeEnd>(['joined', 'declined', 'withdrawn']);
const tableEnd = oneOf<TableEnd>(TABLE_ENDS);

/** An optional field: absent or null both read as `undefined`. */
function optional<T>(o: Obj, key: string, path: string, read: (x: unknown, path: string) => T): T | undefined {
  const x = o[key];
  return x === undefined || x === null ? undefined : read(x, join(path, key));
}

function trick(x: unknown, path: string): Trick {
  const o = asObject(x, path);
  const cards = array(field(o, 'cards', path), join(path, 'cards'), card);
  if (cards.length > 4) fail(join(path, 'cards'), `a trick has at most 4 cards, got ${cards.length}`);
  const leader = seat(field(o, 'leader', path), join(path, 'leader'));
  const winner = optional(o, 'winner', path, seat);
  return winner === undefined ? { leader, cards } : { leader, cards, winner };
}

function moonResult(x: unknown, path: string): MoonResult {
  const o = asObject(x, path);
  return {
    shooter: seat(field(o, 'shooter', path), join(path, 'shooter')),
    scored: moonChoice(field(o, 'scored', path), join(path, 'scored')),
  };
}

function num(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) fail(path, `expected a number, got ${describe(x)}`);
  return x;
}

const playKind = oneOf<PlayKindKey>(['lead', 'follow', 'discard', 'moon']);

function reviewedPlay(x: unknown, path: string): ReviewedPlay {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    hand: get('hand', int),
    trick: get('trick', int),
    kind: get('kind', playKind),
    played: get('played', card),
    playedPoints: get('played_points', num),
    best: get('best', card),
    bestPoints: get('best_points', num),
  };
}

function threeCards(x: unknown, path: string): Card[] {
  const cards = array(x, path, card);
  if (cards.length !== 3 || new Set(cards).size !== 3) fail(path, `a pass is 3 different cards, got ${describe(cards)}`);
  return cards;
}

function reviewedPass(x: unknown, path: string): ReviewedPass {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    hand: get('hand', int),
    to: get('to', seat),
    passed: get('passed', threeCards),
    passedPoints: get('passed_points', num),
    best: get('best', threeCards),
    bestPoints: get('best_points', num),
    mistake: get('mistake', bool),
  };
}

/** A share link's id: 16 of the server's base32 characters. */
export function isShareId(text: string): boolean {
  return /^[0-9a-z]{16}$/.test(text);
}

function shareId(x: unknown, path: string): string {
  const s = str(x, path);
  return isShareId(s) ? s : fail(path, `expected a share link's 16 characters, got ${describe(s)}`);
}

function commitText(x: unknown, path: string): string {
  const s = str(x, path);
  return isCommitment(s) ? s : fail(path, `expected 64 lower-case hex digits, got ${describe(s)}`);
}

function fairReveal(x: unknown, path: string): FairReveal {
  const o = asObject(x, path);
  const seedText = str(field(o, 'seed', path), join(path, 'seed'));
  if (!isSeedText(seedText)) fail(join(path, 'seed'), `expected a decimal 64-bit seed, got ${describe(seedText)}`);
  const salt = str(field(o, 'salt', path), join(path, 'salt'));
  if (!isSalt(salt)) fail(join(path, 'salt'), `expected 32 lower-case hex digits, got ${describe(salt)}`);
  const nonce = optional(o, 'nonce', path, (v, p) => {
    const s = str(v, p);
    return isNonce(s) ? s : fail(p, `expected 16 to 64 lower-case hex digits, got ${describe(s)}`);
  });
  return { seed: seedText, salt, nonce: nonce ?? null };
}

function snapshotFair(x: unknown, path: string): SnapshotFair {
  const o = asObject(x, path);
  const hand = int(field(o, 'hand', path), join(path, 'hand'));
  const commit = commitText(field(o, 'commit', path), join(path, 'commit'));
  return { hand, commit, reveal: 'seed' in o || 'salt' in o ? fairReveal(x, path) : null };
}

function sheetRow(x: unknown, path: string): SheetRow {
  const o = asObject(x, path);
  return {
    hand: int(field(o, 'hand', path), join(path, 'hand')),
    score: perSeat(field(o, 'score', path), join(path, 'score'), int),
    totals: perSeat(field(o, 'totals', path), join(path, 'totals'), int),
    moon: optional(o, 'moon', path, moonResult) ?? null,
    winners: array(field(o, 'winners', path), join(path, 'winners'), seat),
  };
}

function view(x: unknown, path: string): View {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  return {
    ...updateView(x, path),
    names: get('names', (v, p) => perSeat(v, p, str)),
    sheet: get('sheet', (v, p) => array(v, p, sheetRow)),
    // A snapshot's view has the rules text (an update's never has it).
    ...(typeof o['rules'] === 'string' ? { rules: o['rules'] } : {}),
  };
}

function updateView(x: unknown, path: string): UpdateView {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const names = optional(o, 'names', path, (v, p) => perSeat(v, p, str));
  const sheet = optional(o, 'sheet', path, (v, p) => array(v, p, sheetRow));
  return {
    seat: get('seat', seat),
    phase: get('phase', phase),
    hand: get('hand', int),
    pass: get('pass', passDirection),
    ...(names === undefined ? {} : { names }),
    cards: get('cards', (v, p) => array(v, p, card)),
    legal: get('legal', (v, p) => array(v, p, card)),
    passed: optional(o, 'passed', path, (v, p) => array(v, p, card)) ?? [],
    received: optional(o, 'received', path, (v, p) => array(v, p, card)) ?? [],
    hasPassed: optional(o, 'has_passed', path, (v, p) => perSeat(v, p, bool)) ?? null,
    toMove: optional(o, 'to_move', path, seat) ?? null,
    trick: optional(o, 'trick', path, trick) ?? { leader: 'S', cards: [] },
    lastTrick: optional(o, 'last_trick', path, trick) ?? null,
    heartsBroken: get('hearts_broken', bool),
    points: get('points', (v, p) => perSeat(v, p, int)),
    markers: get('markers', (v, p) => perSeat(v, p, str)),
    scores: get('scores', (v, p) => perSeat(v, p, int)),
    ...(sheet === undefined ? {} : { sheet }),
    winners: optional(o, 'winners', path, (v, p) => array(v, p, seat)) ?? [],
    ...(optional(o, 'watching', path, bool) === true ? { watching: true } : {}),
  };
}

function gameEvent(x: unknown, path: string): GameEvent {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const kind = get('kind', str);
  switch (kind) {
    case 'deal':
      return { kind, hand: get('hand', int), pass: get('pass', passDirection), commit: optional(o, 'commit', path, commitText) ?? null };
    case 'passed':
      return { kind, seat: get('seat', seat) };
    case 'exchange':
    case 'hearts_broken':
      return { kind };
    case 'play':
      return { kind, seat: get('seat', seat), card: get('card', card) };
    case 'trick':
      return { kind, winner: get('winner', seat), points: get('points', int) };
    case 'hand_over':
      return { kind, result: get('result', sheetRow) };
    case 'moon':
      return { kind, shooter: get('shooter', seat), scored: get('scored', moonChoice) };
    case 'game_over':
      return { kind, winners: get('winners', (v, p) => array(v, p, seat)), fair: optional(o, 'fair', path, fairReveal) ?? null };
    default:
      return fail(join(path, 'kind'), `unknown event ${describe(kind)}`);
  }
}

/** A field that must be present and may be null. */
function nullable<T>(o: Obj, key: string, path: string, read: (x: unknown, path: string) => T): T | null {
  const x = field(o, key, path);
  return x === null ? null : read(x, join(path, key));
}

function seatInfo(x: unknown, path: string): SeatInfo {
  const o = asObject(x, path);
  return {
    player: nullable(o, 'player', path, str),
    name: nullable(o, 'name', path, str),
    human: bool(field(o, 'human', path), join(path, 'human')),
    connected: bool(field(o, 'connected', path), join(path, 'connected')),
    away: bool(field(o, 'away', path), join(path, 'away')),
    // Sent since achievements came; a server from before them leaves them out.
    face: optional(o, 'face', path, faceNumber) ?? -1,
    wearing: optional(o, 'wearing', path, str) ?? '',
  };
}

function faceNumber(x: unknown, path: string): number {
  const n = int(x, path);
  if (n < -1) fail(path, `expected a face from -1 up, got ${n}`);
  return n;
}

function look(o: Obj, path: string): Look {
  return { face: optional(o, 'face', path, faceNumber) ?? -1, wearing: optional(o, 'wearing', path, str) ?? '' };
}

function achievement(o: Obj, path: string, idKey = 'id'): Achievement {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    id: get(idKey, str),
    name: get('name', str),
    how: get('how', str),
    title: get('title', str),
    item: get('item', str),
    itemName: get('item_name', str),
  };
}

function achievementEntry(x: unknown, path: string): AchievementEntry {
  const o = asObject(x, path);
  return { ...achievement(o, path), earned: nullable(o, 'earned', path, nonNegative) };
}

function nonNegative(x: unknown, path: string): number {
  const n = int(x, path);
  if (n < 0) fail(path, `expected a number of at least 0, got ${n}`);
  return n;
}

function tableInfo(x: unknown, path: string): TableInfo {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const seats = (v: unknown, p: string): Seat[] => array(v, p, seat);
  const ended = nullable(o, 'ended', path, tableEnd);
  return {
    kind: get('kind', tableKind),
    state: get('state', tableState),
    host: get('host', seat),
    you: nullable(o, 'you', path, seat),
    code: get('code', str),
    rules: get('rules', str),
    timer: get('timer', nonNegative),
    deadline: nullable(o, 'deadline', path, nonNegative),
    waitingFor: get('waiting_for', seats),
    seats: get('seats', (v, p) => perSeat(v, p, seatInfo)),
    timerVotes: get('timer_votes', seats),
    ready: get('ready', seats),
    rematchVotes: get('rematch_votes', seats),
    next: nullable(o, 'next', path, str),
    ended,
    // Came with challenges; a server from before them leaves it out (no challenge).
    challenge: optional(o, 'challenge', path, challengeInfo) ?? null,
    // Came with spectators and hints at tables with people.
    watchable: optional(o, 'watchable', path, bool) ?? false,
    watchVotes: optional(o, 'watch_votes', path, seats) ?? [],
    watchers: optional(o, 'watchers', path, (v, p) => array(v, p, playerRef)) ?? [],
    watcherCount: optional(o, 'watcher_count', path, nonNegative) ?? 0,
    watching: optional(o, 'watching', path, bool) ?? false,
    hints: optional(o, 'hints', path, bool) ?? false,
    hintVotes: optional(o, 'hint_votes', path, seats) ?? [],
  };
}

function challengeInfo(x: unknown, path: string): ChallengeInfo {
  const o = asObject(x, path);
  return {
    ...playerRef(o, path),
    state: challengeState(field(o, 'state', path), join(path, 'state')),
  };
}

function lobbySeat(x: unknown, path: string): LobbySeat {
  const o = asObject(x, path);
  return {
    player: nullable(o, 'player', path, str),
    name: nullable(o, 'name', path, str),
    human: bool(field(o, 'human', path), join(path, 'human')),
  };
}

function lobbyEntry(x: unknown, path: string): LobbyEntry {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  return {
    table: get('table', str),
    rules: get('rules', str),
    state: get('state', tableState),
    timer: get('timer', nonNegative),
    seats: get('seats', (v, p) => perSeat(v, p, lobbySeat)),
    created: get('created', nonNegative),
  };
}

function playerRef(x: unknown, path: string): PlayerRef {
  const o = asObject(x, path);
  return { player: str(field(o, 'player', path), join(path, 'player')), name: str(field(o, 'name', path), join(path, 'name')) };
}

function relations(x: unknown, path: string): Relations {
  const o = asObject(x, path);
  const list = (key: RelationKind): PlayerRef[] => array(field(o, key, path), join(path, key), playerRef);
  return { block: list('block'), mute: list('mute'), favorite: list('favorite') };
}

function statsTotals(x: unknown, path: string): StatsTotals {
  const o = asObject(x, path);
  const n = (key: string): number => nonNegative(field(o, key, path), join(path, key));
  return {
    games: n('games'),
    won: n('won'),
    hands: n('hands'),
    points: int(field(o, 'points', path), join(path, 'points')), // −10 for J♦ can make it negative
    moonsShot: n('moons_shot'),
    moonsSuffered: n('moons_suffered'),
    queens: n('queens'),
    trickless: n('trickless'),
    moonStops: n('moon_stops'),
    conceded: n('conceded'),
  };
}

function statsGroup(x: unknown, path: string): StatsGroup {
  const o = asObject(x, path);
  return {
    ...statsTotals(o, path),
    people: bool(field(o, 'people', path), join(path, 'people')),
    level: str(field(o, 'level', path), join(path, 'level')),
  };
}

function recentGame(x: unknown, path: string): RecentGame {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return { table: get('table', str), at: get('at', nonNegative), score: get('score', int), place: get('place', nonNegative), won: get('won', bool) };
}

/** A day of the daily deal: "YYYY-MM-DD". */
function dayText(x: unknown, path: string): string {
  const s = str(x, path);
  return /^\d{4}-\d\d-\d\d$/.test(s) ? s : fail(path, `expected a day as YYYY-MM-DD, got ${describe(s)}`);
}

function dailyResult(o: Obj, path: string): DailyResult {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    rank: get('rank', nonNegative),
    score: get('score', int),
    hands: get('hands', (v, p) => array(v, p, int)),
    replay: optional(o, 'replay', path, shareId) ?? null,
  };
}

function dailyRow(x: unknown, path: string): DailyRow {
  const o = asObject(x, path);
  return { name: str(field(o, 'name', path), join(path, 'name')), ...dailyResult(o, path) };
}

function dailyMine(x: unknown, path: string): DailyMine {
  const o = asObject(x, path);
  const table = str(field(o, 'table', path), join(path, 'table'));
  if (!bool(field(o, 'finished', path), join(path, 'finished'))) return { table, finished: false };
  const conceded = optional(o, 'conceded', path, bool) ?? false;
  // A game I conceded has no rank (null).
  return { table, finished: true, conceded, ...dailyResult({ ...o, rank: 0 }, path), rank: nullable(o, 'rank', path, nonNegative) };
}

function readServerMessage(x: unknown): ServerMessage {
  const o = asObject(x, '');
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  const t = get('t', str);
  switch (t) {
    case 'welcome':
      // `name` and `relations` came with protocol version 2; a version-1 server leaves
      // them out, which reads as "no name yet" and "no relations".
      return {
        t,
        player: get('player', str),
        token: get('token', str),
        tables: get('tables', (v, p) => array(v, p, str)),
        name: optional(o, 'name', '', str) ?? null,
        relations: optional(o, 'relations', '', relations) ?? NO_RELATIONS,
        look: look(o, ''),
      };
    case 'snapshot':
      return {
        t,
        table: get('table', str),
        v: get('v', int),
        view: get('view', view),
        fair: optional(o, 'fair', '', snapshotFair) ?? null,
        daily: optional(o, 'daily', '', dayText) ?? null,
      };
    case 'update':
      return { t, table: get('table', str), v: get('v', int), event: get('event', gameEvent), view: get('view', updateView) };
    case 'ack':
      return { t, id: get('id', int), v: get('v', int) };
    case 'error': {
      const id = optional(o, 'id', '', int);
      const base = { t, code: get('code', errorCode), reason: get('reason', str) } as const;
      return id === undefined ? base : { ...base, id };
    }
    case 'pong':
      return { t };
    case 'table':
      return { t, table: get('table', str), info: get('info', tableInfo) };
    case 'chat':
      return {
        t,
        table: get('table', str),
        seat: get('seat', seat),
        player: get('player', str),
        name: get('name', str),
        text: get('text', str),
        at: get('at', int),
      };
    case 'lobby':
      return { t, tables: get('tables', (v, p) => array(v, p, lobbyEntry)) };
    case 'lobby_update':
      return {
        t,
        set: get('set', (v, p) => array(v, p, lobbyEntry)),
        removed: get('removed', (v, p) => array(v, p, str)),
      };
    case 'relations':
      return { t, ...relations(o, '') };
    case 'rematch':
      return { t, table: get('table', str), next: get('next', str) };
    case 'removed':
      return { t, table: get('table', str) };
    case 'unwatched':
      return { t, table: get('table', str), reason: get('reason', str) };
    case 'you':
      return { t, player: get('player', str), name: get('name', str) };
    case 'challenge':
      return {
        t,
        table: get('table', str),
        from: get('from', playerRef),
        rules: get('rules', str),
        timer: get('timer', nonNegative),
      };
    case 'challenge_over':
      return { t, table: get('table', str), reason: get('reason', challengeEnd) };
    case 'stats':
      return {
        t,
        all: get('all', statsTotals),
        groups: get('groups', (v, p) => array(v, p, statsGroup)),
        streak: get('streak', nonNegative),
        bestStreak: get('best_streak', nonNegative),
        recent: get('recent', (v, p) => array(v, p, recentGame)),
      };
    case 'achievements':
      return { t, list: get('list', (v, p) => array(v, p, achievementEntry)), look: look(o, '') };
    case 'achievement':
      // Its id comes as `achievement`: `id` at the top of a message is a request's id.
      return { t, table: get('table', str), ...achievement(o, '', 'achievement') };
    case 'look':
      return { t, look: look(o, '') };
    case 'review': {
      const kinds = asObject(field(o, 'by_kind', ''), 'by_kind');
      const kindNum = (k: string): number => num(field(kinds, k, 'by_kind'), `by_kind.${k}`);
      // A review kept from before passes were reviewed has neither `passes` nor `by_kind.pass`.
      const pass = optional(kinds, 'pass', 'by_kind', num) ?? 0;
      const me = get('seat', seat);
      const passes = optional(o, 'passes', '', (v, p) => array(v, p, reviewedPass)) ?? [];
      passes.forEach((p, i) => {
        if (p.to === me) fail(`passes[${i}].to`, `a pass goes to another seat than ${me}`);
      });
      return {
        t,
        table: get('table', str),
        seat: me,
        deals: get('deals', int),
        lost: get('lost', num),
        byKind: { pass, lead: kindNum('lead'), follow: kindNum('follow'), discard: kindNum('discard'), moon: kindNum('moon') },
        passes,
        plays: get('plays', (v, p) => array(v, p, reviewedPlay)),
        text: get('text', str),
      };
    }
    case 'hint': {
      const action = get('action', oneOf<'pass' | 'play'>(['pass', 'play']));
      const cards = get('cards', (v, p) => array(v, p, card));
      if (cards.length !== (action === 'pass' ? 3 : 1)) fail('cards', `a ${action} hint has ${action === 'pass' ? 3 : 1} cards, got ${cards.length}`);
      return {
        t,
        table: get('table', str),
        v: get('v', int),
        action,
        cards,
        text: get('text', str),
      };
    }
    case 'shared': {
      const share = optional(o, 'share', '', (v, p) => (v === null ? null : shareId(v, p))) ?? null;
      return { t, table: get('table', str), share, waiting: get('waiting', int) };
    }
    case 'daily':
      return {
        t,
        day: get('day', dayText),
        today: get('today', bool),
        nextMs: get('next_ms', nonNegative),
        players: get('players', nonNegative),
        me: optional(o, 'me', '', dailyMine) ?? null,
        board: get('board', (v, p) => array(v, p, dailyRow)),
      };
    case 'next_deal':
      return { t, commit: get('commit', commitText) };
    default:
      return fail('t', `unknown message type ${describe(t)}`);
  }
}
