// What the rest of the page needs to know about playing with people, without drawing
// it: the handlers the lobby, room, chat and dialogs call, the words for a seat's state,
// and the messages the controller shows before the lobby's chunk is here. The drawing
// itself (render-social.ts) and the handling (social-control.ts) are a chunk of their
// own that the page loads the first time it is needed (table/parts.ts, SOCIAL_PART), so a
// solo game never downloads it.

import type { SeatStatus } from '../state/social';

export type { SocialHandlers } from '../state/handlers';

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
