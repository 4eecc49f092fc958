// The page's state, headless, and the pure steps that change it. `render` draws it;
// `app` feeds it server messages one at a time (so each can be animated) and turns
// clicks into messages. Nothing here knows about the DOM or the socket.

import { pageWords } from '../i18n/page';
import type { FairEntry } from './fair';
import type {
  Achievement,
  AchievementEntry,
  BotLevel,
  Card,
  DailyBoard,
  GameReview,
  Leaderboard,
  Look,
  MoonResult,
  PlayerStats,
  Seat,
  ServerMessage,
  Trick,
  Update,
  View,
} from '../net/types';
import { NO_LOOK } from '../net/types';
import { INITIAL_CONN, type ConnState } from '../net/reconnect';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import { amAway, INITIAL_SOCIAL, isPeopleTable, type IncomingChallenge, type Social } from './social';

export type Dialog = 'sheet' | 'rules' | 'settings' | 'about' | 'stats' | 'achievements' | 'verify' | 'replay' | 'review' | 'daily' | null;

/** The Achievements dialog: the list, asked for each time it opens. */
export interface AchievementsState {
  readonly loading: boolean;
  readonly list: readonly AchievementEntry[] | null;
  readonly error: string | null;
}

export const INITIAL_ACHIEVEMENTS: AchievementsState = { loading: false, list: null, error: null };

/** The player's statistics as the Statistics dialog shows them: asked for each time it opens. */
export interface StatsState {
  readonly loading: boolean;
  readonly data: PlayerStats | null;
  readonly error: string | null;
  /** The default rules' leaderboard, asked with the statistics (it may come before or after them). */
  readonly board?: Leaderboard;
  /** The id of the request for another page of the leaderboard while its answer is on its way; 0 or left out: none (ids start at 1). */
  readonly paging?: number;
}

export const INITIAL_STATS: StatsState = { loading: false, data: null, error: null };

/** The daily deal's board (docs/protocol.md, "The daily deal"), asked for each time it opens or changes day. */
export interface DailyState {
  /** The day asked for; null: today. */
  readonly day: string | null;
  readonly loading: boolean;
  /** The last board received (of another day while a new one loads). */
  readonly board: DailyBoard | null;
  readonly error: string | null;
  /** Why the board opened instead of a game: the server's "You have played today's deal: …". */
  readonly note: string | null;
}

export interface Notice {
  readonly text: string;
  readonly kind: 'info' | 'error';
  /** Grows with every notice so the same text shown twice is seen as new. */
  readonly serial: number;
  /**
   * A notice about the hand being played ("Hearts are broken", "You must follow suit"):
   * the table and hand it is about. It is part of the table, under the trick (so under
   * any dialog's backdrop), and goes with its hand (noticeShown): never over the hand's
   * result, the game's end or a dialog opened then. Without it, the notice answers the
   * page (a copy, a download, the connection) and shows over whatever is open.
   */
  readonly hand?: { readonly table: string; readonly hand: number };
}

export type PendingKind = 'new_game' | 'resume' | 'pass' | 'play' | 'next' | 'moon';

export interface Pending {
  readonly id: number;
  readonly kind: PendingKind;
}

export interface GameState {
  readonly table: string;
  /** The version of the view on screen. */
  readonly version: number;
  readonly view: View;
  /** A complete trick still shown in the centre until it is swept to its winner. */
  readonly heldTrick: Trick | null;
  /** Received cards that light up for a moment after the exchange. */
  readonly highlight: readonly Card[];
  /** A moon to explain, until the player closes the explanation. */
  readonly moon: MoonResult | null;
  /**
   * The server sends the events of one change with the view as it is after all of them
   * (docs/protocol.md): a view that is already at the end of the hand (or game) while
   * its `hand_over` (or `game_over`) event has not come yet means more events are on
   * their way (the trick, the moon, the score). Until they come the page is busy, so the
   * result is not shown before the moon is explained.
   */
  readonly partial: boolean;
  /** A game of the daily deal: its day ("YYYY-MM-DD"), from the snapshot; null for any other game. */
  readonly daily?: string | null;
  /** The computer players' level at this table, from the snapshot (null: not said). */
  readonly level?: BotLevel | null;
  /** This hand's rest was claimed (the `claim` event): by `seat`, or with no points left (null). */
  readonly claim?: { readonly seat: Seat | null } | null;
}

export interface AppState {
  readonly conn: ConnState;
  /** False when the browser refuses storage: nothing survives a reload. */
  readonly storagePersistent: boolean;
  readonly settings: Settings;
  readonly game: GameState | null;
  /**
   * `start`: no game yet (the New game screen); `lost`: the table was not found;
   * `lobby`: the multiplayer lobby; `room`: the waiting room of a table with people.
   */
  readonly screen: Screen;
  readonly selected: readonly Card[];
  readonly pending: Pending | null;
  readonly notice: Notice | null;
  readonly dialog: Dialog;
  /** Server events are still being animated: the view on screen is not the newest. */
  readonly busy: boolean;
  /** Seconds until the page gives up reconnecting, while in trouble. */
  readonly giveUpIn: number | null;
  /** Playing with people: names, lobby, table info, chat (social.ts). */
  readonly social: Social;
  readonly stats: StatsState;
  readonly achievements: AchievementsState;
  /** What I look like (from `welcome`, then `look`). */
  readonly look: Look;
  /** Achievements just earned, to announce one at a time ("ACHIEVEMENT UNLOCKED"). */
  readonly unlocked: readonly Achievement[];
  /** The table whose deals the Verify dialog checks, or whose commitment the Score sheet shows, as this browser kept them (fair.ts). */
  readonly verifying: FairEntry | null;
  /** The game the Replay dialog shows: its record, once downloaded. */
  readonly replay: ReplayState | null;
  /** A hint asked for or received (docs/protocol.md, "Hints"); shown while it still applies (`hintShown`). */
  readonly hint: HintState | null;
  /** The Review dialog's game: asked for, then the review the server made. */
  readonly review: ReviewState | null;
  /** The daily deal's board, once it was opened (daily-part.ts). */
  readonly daily?: DailyState;
}

export interface ReviewState {
  readonly table: string;
  readonly status: 'loading' | 'ready' | 'failed';
  readonly data: GameReview | null;
  readonly error: string | null;
}

export interface HintState {
  readonly table: string;
  /** The position it was asked at: the hand, and how many cards I held. */
  readonly hand: number;
  readonly held: number;
  /** Asked while passing or while playing. */
  readonly phase: 'pass' | 'play';
  /** The table's version on screen when asked: an answer searched at an older one is not this hint's. */
  readonly version: number;
  readonly status: 'asking' | 'ready' | 'failed';
  readonly action: 'pass' | 'play' | null;
  readonly cards: readonly Card[];
  /** The reason, or why there is none. */
  readonly text: string;
}

export interface ReplayState {
  /** The player's own game, or null for a game opened from a share link. */
  readonly table: string | null;
  /** The share link's id, when opened from one. */
  readonly link: string | null;
  readonly status: 'loading' | 'ready' | 'failed';
  /** The record as parsed JSON (replay.ts reads it with care). */
  readonly record: unknown;
  /** The names at the table, S W N E, when known. */
  readonly names: readonly [string, string, string, string] | null;
  /** Why it could not be downloaded, in words. */
  readonly error: string | null;
  /** Making a share link of the player's own game. */
  readonly sharing: Sharing | null;
  /** Opened from the daily deal's board: closing it goes back there. */
  readonly board?: true;
  /** Opened from the review at one of its decisions: it starts there, and closing it goes back to the review. */
  readonly at?: ReplayStart;
}

/** A place in a game's replay: a hand's deal (before its pass), or just before I played `card` in it. */
export interface ReplayStart {
  readonly hand: number;
  readonly card: Card | null;
  /** From the review's "See it": the seat's cards passed or played there, and the better ones the search found. */
  readonly mark?: { readonly seat: Seat; readonly played: readonly Card[]; readonly best: readonly Card[] };
}

export type Sharing =
  | { readonly status: 'asking' }
  | { readonly status: 'waiting'; readonly waiting: number }
  | { readonly status: 'ready'; readonly share: string }
  | { readonly status: 'failed'; readonly error: string };

export type Screen = 'loading' | 'start' | 'table' | 'lost' | 'lobby' | 'room';

export function initialState(settings: Settings = DEFAULT_SETTINGS, storagePersistent = true): AppState {
  return {
    conn: INITIAL_CONN,
    storagePersistent,
    settings,
    game: null,
    screen: 'loading',
    selected: [],
    pending: null,
    notice: null,
    dialog: null,
    busy: false,
    giveUpIn: null,
    social: INITIAL_SOCIAL,
    stats: INITIAL_STATS,
    achievements: INITIAL_ACHIEVEMENTS,
    look: NO_LOOK,
    unlocked: [],
    verifying: null,
    replay: null,
    hint: null,
    review: null,
  };
}

let noticeSerial = 0;

/** Shows a notice; `about` 'hand' for one about the hand being played (Notice.hand). */
export function withNotice(s: AppState, text: string, kind: Notice['kind'] = 'info', about: 'hand' | 'page' = 'page'): AppState {
  noticeSerial += 1;
  const g = s.game;
  const hand = about === 'hand' && g !== null ? { hand: { table: g.table, hand: g.view.hand } } : {};
  return { ...s, notice: { text, kind, serial: noticeSerial, ...hand } };
}

/**
 * The notice to show now: one about a hand only while that hand is being played at the
 * table (its pass or its tricks), so a notice that came with the last trick is not shown
 * over the hand's result or the game's end, nor after another game is opened.
 */
export function noticeShown(s: AppState): Notice | null {
  const n = s.notice;
  if (n?.hand === undefined) return n;
  const g = s.game;
  const playing = g !== null && (g.view.phase === 'pass' || g.view.phase === 'play');
  return s.screen === 'table' && playing && g.table === n.hand.table && g.view.hand === n.hand.hand ? n : null;
}

/** The trick to hold in the centre when a view shows an empty trick after a full one. */
function completedTrick(view: View): Trick | null {
  if (view.trick.cards.length > 0 || view.lastTrick === null || view.lastTrick.cards.length !== 4) return null;
  return view.phase === 'play' || view.phase === 'hand_over' || view.phase === 'moon' || view.phase === 'game_over'
    ? view.lastTrick
    : null;
}

/** Selected cards that still make sense for this view (the pass not yet made). */
function keepSelection(selected: readonly Card[], view: View): readonly Card[] {
  if (view.phase !== 'pass' || view.passed.length > 0) return [];
  return selected.filter((c) => view.cards.includes(c));
}

export function applySnapshot(s: AppState, msg: Extract<ServerMessage, { t: 'snapshot' }>): AppState {
  const game: GameState = {
    table: msg.table,
    version: msg.v,
    view: msg.view,
    // A trick is held only to be seen being won. A snapshot comes after a reload or a
    // reconnection, when it was won long ago: while the hand goes on, the table shows the
    // trick being led.
    heldTrick: msg.view.phase === 'play' ? null : completedTrick(msg.view),
    highlight: [],
    moon: null,
    partial: false,
    daily: msg.daily,
    level: msg.level,
    claim: msg.claim,
  };
  const pending = s.pending && (s.pending.kind === 'new_game' || s.pending.kind === 'resume') ? null : s.pending;
  return { ...s, game, screen: 'table', selected: keepSelection(s.selected, msg.view), pending };
}

export type VersionCheck = 'apply' | 'stale' | 'gap' | 'other_table';

/** Whether an update follows the version on screen (or queued before it). */
export function checkVersion(table: string | null, lastVersion: number, msg: { table: string; v: number }): VersionCheck {
  if (table !== msg.table) return 'other_table';
  if (msg.v <= lastVersion) return 'stale';
  return msg.v === lastVersion + 1 ? 'apply' : 'gap';
}

/** Applies one update. Precondition: a game is shown and the update is for it. */
export function applyUpdate(s: AppState, msg: Update): AppState {
  const prev = s.game;
  if (prev === null) return s;
  const view = msg.view;
  const me = view.seat;
  const ev0 = msg.event.kind;
  const partial =
    (view.phase === 'game_over' && ev0 !== 'game_over') || (view.phase === 'hand_over' && ev0 !== 'hand_over');
  let game: GameState = { ...prev, version: msg.v, view, partial };
  let selected = keepSelection(s.selected, view);
  let pending = s.pending;
  const ev = msg.event;
  switch (ev.kind) {
    case 'deal':
      game = { ...game, heldTrick: null, highlight: [], claim: null };
      selected = [];
      break;
    case 'passed':
      if (ev.seat === me && pending?.kind === 'pass') pending = null;
      break;
    case 'exchange':
      game = { ...game, highlight: view.received };
      selected = [];
      break;
    case 'play':
      game = { ...game, heldTrick: completedTrick(view), highlight: ev.seat === me ? [] : game.highlight };
      if (ev.seat === me && pending?.kind === 'play') pending = null;
      break;
    case 'moon':
      game = { ...game, moon: { shooter: ev.shooter, scored: ev.scored } };
      if (pending?.kind === 'moon') pending = null;
      break;
    case 'claim':
      game = { ...game, claim: { seat: ev.seat } };
      break;
    case 'trick':
    case 'hearts_broken':
    case 'hand_over':
    case 'game_over':
      break;
  }
  if (pending?.kind === 'next' && view.phase !== 'hand_over') pending = null;
  return { ...s, game, selected, pending };
}

/** The completed trick has been swept to its winner. */
export function clearHeldTrick(s: AppState): AppState {
  return s.game && s.game.heldTrick ? { ...s, game: { ...s.game, heldTrick: null } } : s;
}

export function clearHighlight(s: AppState): AppState {
  return s.game && s.game.highlight.length > 0 ? { ...s, game: { ...s.game, highlight: [] } } : s;
}

/** The rest of a change's events did not come: show the view as it is. */
export function settlePartial(s: AppState): AppState {
  return s.game && s.game.partial ? { ...s, game: { ...s.game, partial: false } } : s;
}

export function dismissMoon(s: AppState): AppState {
  return s.game && s.game.moon ? { ...s, game: { ...s.game, moon: null } } : s;
}

/** Whether the player may choose cards to pass now. */
export function canChoosePass(s: AppState): boolean {
  const v = s.game?.view;
  return v !== undefined && v.phase === 'pass' && v.pass !== 'none' && v.passed.length === 0 && s.pending === null && !v.watching;
}

/** Selects or unselects a card for passing; a fourth card is refused with a notice. */
export function toggleSelect(s: AppState, card: Card): AppState {
  if (!canChoosePass(s)) return s;
  if (s.selected.includes(card)) return { ...s, selected: s.selected.filter((c) => c !== card) };
  if (s.selected.length >= 3) return withNotice(s, pageWords('three'), 'info', 'hand');
  return { ...s, selected: [...s.selected, card] };
}

export function passReady(s: AppState): boolean {
  return canChoosePass(s) && s.selected.length === 3;
}

export function isMyTurnToPlay(s: AppState): boolean {
  const v = s.game?.view;
  return v !== undefined && v.phase === 'play' && v.toMove === v.seat && v.legal.length > 0;
}

/**
 * One word for what the page is waiting for, published as `data-ui` for tests and
 * styling: what the player can do now, once animations have caught up.
 */
export type UiMode =
  | 'loading'
  | 'start'
  | 'lost'
  | 'busy'
  | 'pass'
  | 'pass-waiting'
  | 'my-turn'
  | 'waiting'
  | 'moon-choice'
  | 'moon-news'
  | 'hand-over'
  | 'game-over'
  | 'lobby'
  | 'room'
  /** A computer player holds my seat while I am here (after timeouts). */
  | 'away'
  /** Hand over at a table with people: I said I am ready, the others not yet. */
  | 'ready-waiting'
  /** Game over at a table with people: I asked for a rematch, the others not yet. */
  | 'rematch-waiting'
  /** I watch the table (docs/protocol.md, "Spectators"): nothing for me to do. */
  | 'watching';

/** Whether a hint may be asked now: my turn to pass or to play, in a game against the computer (not the daily deal) or where everyone allows hints. */
export function canAskHint(s: AppState): boolean {
  const hints = !atPeopleTable(s) || s.social.table?.info.hints === true;
  // Never in the daily deal (docs/protocol.md): everyone plays its cards on their own.
  return s.screen === 'table' && s.game !== null && hints && !s.game.daily && !s.busy && (canChoosePass(s) || isMyTurnToPlay(s));
}

/** The hint, while it is still about the position on screen (the same hand, the same cards held, my turn). */
export function hintShown(s: AppState): HintState | null {
  const h = s.hint;
  const v = s.game?.view;
  if (h === null || v === undefined || s.game?.table !== h.table || v.hand !== h.hand || v.cards.length !== h.held) return null;
  if (h.phase === 'pass' ? !canChoosePass(s) : !isMyTurnToPlay(s)) return null;
  if (h.action === 'play' && !h.cards.every((c) => v.legal.includes(c))) return null;
  return h;
}

/** Whether the game on screen is at a table with people (not a solo game). */
export function atPeopleTable(s: AppState): boolean {
  const t = s.social.table;
  return isPeopleTable(t) && s.game !== null && s.game.table === t.table;
}

/**
 * Whether I hold a seat in a game with people that is not over: going to another table
 * now would leave them waiting for me, so a challenge can only be accepted after it.
 */
export function inGameWithPeople(s: AppState): boolean {
  const info = s.social.table?.info;
  return atPeopleTable(s) && info !== undefined && info.you !== null && info.state === 'playing' && s.game?.view.phase !== 'game_over';
}

/** The challenge the dialog asks about now: the oldest, unless I said "Later" during this game. */
export function askedChallenge(s: AppState): IncomingChallenge | null {
  const first = s.social.challenges[0];
  if (first === undefined) return null;
  return inGameWithPeople(s) && s.social.challengesLater === s.game?.table ? null : first;
}

export function uiMode(s: AppState): UiMode {
  if (s.screen !== 'table' || s.game === null) return s.screen === 'table' ? 'loading' : s.screen;
  if (s.busy || s.pending !== null || s.game.partial) return 'busy';
  if (s.game.moon !== null) return 'moon-news';
  const v = s.game.view;
  const people = atPeopleTable(s);
  const info = people ? s.social.table?.info : undefined;
  if (people && amAway(s.social.table) && v.phase !== 'game_over') return 'away';
  if (v.watching && v.phase !== 'game_over') return 'watching';
  switch (v.phase) {
    case 'pass':
      return canChoosePass(s) ? 'pass' : 'pass-waiting';
    case 'play':
      return isMyTurnToPlay(s) ? 'my-turn' : 'waiting';
    case 'moon':
      return v.toMove === v.seat ? 'moon-choice' : 'waiting';
    case 'hand_over':
      if (info && info.you !== null) {
        const said = info.ready.includes(info.you) || s.social.sentReady === `${s.game.table}:${v.hand}`;
        if (said) return 'ready-waiting';
      }
      return 'hand-over';
    case 'game_over':
      if (info && info.you !== null) {
        const asked = info.rematchVotes.includes(info.you) || s.social.sentRematch === s.game.table;
        if (asked) return 'rematch-waiting';
      }
      return 'game-over';
  }
}
