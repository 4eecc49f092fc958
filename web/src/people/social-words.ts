// What the rest of the page needs to know about playing with people, without drawing
// it: the handlers the lobby, room, chat and dialogs call, the words for a seat's state,
// and the messages the controller shows before the lobby's chunk is here. The drawing
// itself (render-social.ts) and the handling (social-control.ts) are a chunk of their
// own that the page loads the first time it is needed (render.ts, SOCIAL_PART), so a
// solo game never downloads it.

import type { LobbyEntry, RelationKind } from '../net/protocol';
import type { SeatStatus } from '../state/social';

/** What the player can do with people; the controller implements it. */
export interface SocialHandlers {
  /** The start screen's "Multiplayer" button. */
  multiplayer(): void;
  closeLobby(): void;
  createTable(isPrivate: boolean): void;
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
  allow(what: 'watchers' | 'hints', on: boolean): void;
  /** `location.origin`, for the join link. */
  origin(): string;
}

export const STATUS_WORDS: Readonly<Record<SeatStatus, string>> = {
  empty: 'empty',
  computer: 'computer player',
  connected: '',
  disconnected: 'disconnected',
  away: 'computer player (away)',
};

export const REMOVED_TEXT =
  'Sorry, you were disconnected from the game for too long, we had to remove you from the game so the others could keep playing. 🙁';
export const INACTIVITY_TEXT =
  'You’ve been disconnected due to inactivity. You can always reconnect by pressing the "Multiplayer" button';
/** The notice when a solo game's connection is closed for inactivity: nothing is lost. */
export const SOLO_INACTIVITY_TEXT = 'Disconnected for inactivity. Your game is kept: your next move reconnects.';
