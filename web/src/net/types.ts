// The browser side of docs/protocol.md: every message type in one place, and the card
// and seat vocabulary. What the server sends is read by read.ts (parseServerMessage);
// what the client sends is written by encode.ts (encodeClientMessage). An update's view
// is completed from the one before it in state/ (completeUpdate).

// Ratings' messages (docs/protocol.md, "Ratings" and "Leaderboards"): in a file of their own.
export type { BoardRating, Leaderboard, Profile, RatingChange, RatingPoint } from './types-ratings';
// Looks and achievements (docs/protocol.md, "Achievements and looks"): in a file of their own.
import type { Achievement, Look } from './types-looks';
export { NO_LOOK, type Achievement, type AchievementEntry, type Look } from './types-looks';

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

export type GameEvent =
  /** `commit`: the hand's commitment (docs/protocol.md, "Fair deals"); null from a table without one. */
  | { readonly kind: 'deal'; readonly hand: number; readonly pass: PassDirection; readonly commit: string | null }
  | { readonly kind: 'passed'; readonly seat: Seat }
  | { readonly kind: 'exchange' }
  | { readonly kind: 'play'; readonly seat: Seat; readonly card: Card }
  | { readonly kind: 'trick'; readonly winner: Seat; readonly points: number }
  | { readonly kind: 'hearts_broken' }
  /** The rest of the hand can no longer change its score: its cards follow at once. `seat`: who takes every trick left, or null when no points are left. */
  | { readonly kind: 'claim'; readonly seat: Seat | null; readonly points: number }
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
  /** The hands whose rest was claimed, and how many of my cards were played out in each (nobody's choice, not in `plays`). */
  readonly claimed: readonly { readonly hand: number; readonly cards: number }[];
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
  /** Whether the game is rated as the table stands, and which seats agreed (private tables; docs/ratings.md). */
  readonly rated?: boolean;
  readonly ratedVotes?: readonly Seat[];
  /**
   * A quick match table (kind `public`), and when computer players take its empty seats:
   * `fillAt` by the server's clock (ms since 1970), `fillIn` the milliseconds left when the
   * info was sent, which the page counts down from as it does `deadline`, whatever its own
   * clock says (null from a server before it). Both null once started.
   */
  readonly quick: boolean;
  readonly fillAt: number | null;
  readonly fillIn: number | null;
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
  /** A quick match table, and its people's mean skill (quick tables only; docs/ratings.md, "Quick match"). */
  readonly quick: boolean;
  readonly skill: number | null;
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

/**
 * A message only a lazily loaded part of the page reads (its reader is in that part's
 * chunk, so that a solo game's first load stays small): the object as it came, read
 * there with the steps of read-fields.ts, as strictly as read.ts reads the others.
 */
export interface Unread<T extends string> {
  readonly t: T;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** A reason's code and values (docs/protocol.md, "Codes"), for i18n/server.ts to word; none from an older server. */
export interface Coded {
  readonly msg?: string;
  readonly args?: Readonly<Record<string, string | number>>;
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
      /** The language the player chose for the page (a code of i18n/langs.ts, as it came), null when none yet. */
      readonly lang: string | null;
    }
  | {
      readonly t: 'snapshot';
      readonly table: string;
      readonly v: number;
      readonly view: View;
      readonly fair: SnapshotFair | null;
      /** The day of a game of the daily deal ("YYYY-MM-DD"); null for any other game. */
      readonly daily: string | null;
      /** The computer players' level at the table; null from a server that does not say. */
      readonly level: BotLevel | null;
      /** The claim of the hand in play or just over (docs/protocol.md, "Claims"): by `seat`, or with no points left (null). */
      readonly claim: { readonly seat: Seat | null } | null;
    }
  | {
      readonly t: 'update';
      readonly table: string;
      readonly v: number;
      readonly event: GameEvent;
      readonly view: UpdateView;
    }
  | { readonly t: 'ack'; readonly id: number; readonly v: number }
  | ({ readonly t: 'error'; readonly code: ErrorCode; readonly reason: string; readonly id?: number } & Coded)
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
  /** RatingChange, read by the people's chunk. */
  | Unread<'rating'>
  /** Read by the Statistics dialog's chunk (Leaderboard) and the people's (Profile). */
  | Unread<'leaderboard'>
  | Unread<'profile'>
  /** The server stopped my watching of `table` (docs/protocol.md, "Spectators"). */
  | ({ readonly t: 'unwatched'; readonly table: string; readonly reason: string } & Coded)
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
  /** PlayerStats, and the list of AchievementEntry with my Look: read by the dialogs' chunk. */
  | Unread<'stats'>
  | Unread<'achievements'>
  /** A game I played just earned it. */
  | ({ readonly t: 'achievement'; readonly table: string } & Achievement)
  | { readonly t: 'look'; readonly look: Look }
  /** Another page of mine chose a language (null: it forgot it, the browser's languages choose). */
  | { readonly t: 'lang'; readonly lang: string | null }
  /** A finished game reviewed card by card (docs/protocol.md, "Reviews"): GameReview, read by the review's chunk. */
  | Unread<'review'>
  /** What the search would do in my place, and why (docs/protocol.md, "Hints"). */
  | {
      readonly t: 'hint';
      readonly table: string;
      readonly v: number;
      readonly action: 'pass' | 'play';
      readonly cards: readonly Card[];
      readonly text: string;
      /** For a play: each legal card, best first, with the points it is expected to take this hand ([] when not sent). */
      readonly candidates: readonly { readonly card: Card; readonly points: number }[];
    }
  /** A finished game's share link (`share` null until everyone who played it allowed it). */
  | { readonly t: 'shared'; readonly table: string; readonly share: string | null; readonly waiting: number }
  /** A day's board of the daily deal (docs/protocol.md, "The daily deal"): DailyBoard, read by the daily deal's chunk. */
  | Unread<'daily'>
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
  /** "Play now (rated)"; `from`: the quick table I wait at, asking for one further along. */
  | { readonly t: 'quick_match'; readonly rules?: string; readonly timer?: number; readonly from?: string }
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
  /** The leaderboard of the board of `rules` (left out: the default rules'), its page `page` (left out: 0). */
  | { readonly t: 'leaderboard'; readonly rules?: string; readonly page?: number }
  | { readonly t: 'profile'; readonly player: string }
  | { readonly t: 'achievements' }
  | { readonly t: 'set_look'; readonly face: number; readonly wearing: string }
  /** Keeps my language with me ("" forgets it); my other pages get `lang` (docs/protocol.md, "The player's language"). */
  | { readonly t: 'set_lang'; readonly lang: string }
  | { readonly t: 'share'; readonly table: string }
  | { readonly t: 'hint'; readonly table: string }
  | { readonly t: 'review'; readonly table: string }
  | { readonly t: 'watch'; readonly table: string; readonly on: boolean }
  | { readonly t: 'allow_watchers'; readonly table: string; readonly on: boolean }
  | { readonly t: 'allow_hints'; readonly table: string; readonly on: boolean }
  | { readonly t: 'allow_rated'; readonly table: string; readonly on: boolean }
  /** Starts (or resumes) today's game of the daily deal: a snapshot with `daily`, as `new_game`. */
  | { readonly t: 'daily_start' }
  /** A day's board of the daily deal (today when `day` is left out). */
  | { readonly t: 'daily'; readonly day?: string };

/** A client message with its optional request id (echoed in `ack`/`error`). */
export type Outgoing = ClientMessage & { readonly id?: number };

export type ParseResult =
  | { readonly ok: true; readonly message: ServerMessage }
  | { readonly ok: false; readonly error: string };

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
