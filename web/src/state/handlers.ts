// What the views may ask of the controller: the handlers every click and key goes
// through. The controller (app/) implements them; the table, the people's part and the
// parts call them. Types only.

import type { Card, ClientMessage, LobbyEntry, Look, MoonChoice, RelationKind } from '../net/types';
import type { Lang } from '../i18n/langs';
import type { Settings } from './settings';
import type { Dialog, ReplayStart } from './state';

/** What the player can do with people; the controller implements it. */
export interface SocialHandlers {
  /** The start screen's "Multiplayer" button. */
  multiplayer(): void;
  closeLobby(): void;
  createTable(isPrivate: boolean): void;
  /** "Play now (rated)": a seat at a quick match table (docs/ratings.md, "Quick match"). */
  quickMatch(): void;
  joinTable(entry: LobbyEntry): void;
  openJoinCode(): void;
  changeName(): void;
  submitName(name: string): void;
  submitJoinCode(code: string): void;
  confirmBlocked(table: string): void;
  closePrompt(): void;
  /** The inactivity message's "Multiplayer" button. */
  promptMultiplayer(): void;
  startGame(): void;
  leaveTable(): void;
  /** Returns whether the text was sent (then the input is cleared). */
  sendChat(text: string): boolean;
  toggleChat(open: boolean): void;
  openPlayer(player: string, name: string): void;
  setRelation(player: string, name: string, kind: RelationKind, on: boolean): void;
  /** Challenge a person to a game (from their panel or the lobby's favorites). */
  challenge(player: string, name: string): void;
  /** The challenge dialog: join the challenger's table, say no, or ask again after this game. */
  acceptChallenge(table: string): void;
  declineChallenge(table: string): void;
  challengeLater(): void;
  timerOff(): void;
  declineTimerOff(): void;
  concede(): void;
  confirmConcede(): void;
  /** Yes to "Start a new game?": the game being played stays unfinished. */
  confirmNewGame(): void;
  reclaim(): void;
  rematch(): void;
  /** Game over at a table with people: leave for the lobby instead of a rematch. */
  leaveFinished(): void;
  copyText(text: string): void;
  /** Watch a game in progress (docs/protocol.md, "Spectators"), and stop watching. */
  watchTable(table: string): void;
  stopWatching(): void;
  /** At my table with people: allow watchers (a private table) or hints, or stop allowing them. */
  allow(what: 'watchers' | 'hints' | 'rated', on: boolean): void;
  /** `location.origin`, for the join link. */
  origin(): string;
}

export interface Handlers extends SocialHandlers {
  cardClicked(card: Card): void;
  pass(): void;
  next(): void;
  newGame(): void;
  /** Opens the console, where the game is played by typing. */
  openConsole(): void;
  moonChoice(choice: MoonChoice): void;
  openDialog(dialog: Exclude<Dialog, null>): void;
  closeDialog(): void;
  saveSettings(settings: Settings): void;
  /**
   * The language picker (Settings): speaks `lang` at once, no reload, and keeps the choice
   * with the player (null: the browser's languages choose again).
   */
  language(lang: Lang | null): void;
  dismissMoon(): void;
  /**
   * Asks for a page of a board's leaders (the Statistics dialog's "Next 50"); the dialog
   * shows it when it comes.
   */
  askLeaders(request: Extract<ClientMessage, { t: 'leaderboard' }>): void;
  /** Puts on a face and an item (the Achievements dialog). */
  setLook(look: Look): void;
  /** Answers the "ACHIEVEMENT UNLOCKED" card, every unlock on it at once: put `item` on, or not now (null). */
  wearUnlocked(item: string | null): void;
  retryConnection(): void;
  /** Plays against the offline server in the page (no network: docs/offline.md). */
  playOffline(): void;
  /**
   * Fetches the finished game's record (with the player's token in a header, never in an
   * address) and saves it as `hearts-<table>.json`.
   */
  downloadRecord(table: string): void;
  /** Opens "Verify the deals" for a table (fair.ts, verify-part.ts). */
  openVerify(table: string): void;
  /**
   * Opens the replay of a finished game (replay-part.ts), downloading its record; `at`, from
   * the review: at that place, and closing it goes back to the review.
   */
  openReplay(table: string, at?: ReplayStart): void;
  /** Allows the replay on screen to be shared by a link (docs/protocol.md, "Replays and share links"). */
  shareReplay(): void;
  /** Asks what the search would do now, and why (docs/protocol.md, "Hints"). */
  askHint(): void;
  /** Opens the review of a finished game (review-part.ts). */
  openReview(table: string): void;
  /** A part of the page (lazy.ts) could not be downloaded. */
  partFailed(): void;
  /**
   * The daily deal (docs/protocol.md, "The daily deal"): starts or resumes today's game;
   * with `table`, continues that game of the board's day.
   */
  daily(table?: string): void;
  /** Opens the daily deal's board of `day` (today when left out). */
  openDaily(day?: string): void;
  /** Opens the replay of a game on the daily deal's board, by its share link; closing it goes back to the board. */
  openDailyReplay(link: string): void;
}
