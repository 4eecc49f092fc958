// What the handling of playing with people (social-control.ts) says in words, which the
// drawing (social-view.ts) says too: both are in the lobby's chunk.

import { listWords } from '../game/a11y';
import type { TableEnd } from '../net/types';

export const NO_STORAGE_TEXT =
  'Sorry, it looks like you have cookies disabled for our site. The Multiplayer mode doesn’t work without cookies enabled 🙁.';
export const NO_STORAGE_DETAIL =
  'Multiplayer keeps who you are in your browser’s storage (cookies / local storage), so you can come back to your seat. ' +
  'Allow storage for this site and reload the page to play with people. You can still play against the computer.';
export const NOT_FOUND_TEXT = 'Sorry, we couldn’t find your game table on our servers! 🙁';

/** Why the waiting room went away: the table ended before its game started (`info.ended`). */
export function tableClosedText(ended: TableEnd | null): string {
  if (ended === 'abandoned') return 'This table was closed: nobody was at it for a while.';
  if (ended === 'closed') return 'This table was closed: everyone left it.';
  return 'This table was closed.';
}

/** "Ada has suggested that you turn off the timer for the game." */
export function timerQuestionText(names: readonly string[]): string {
  return `${listWords(names)} ${names.length === 1 ? 'has' : 'have'} suggested that you turn off the timer for the game.`;
}

/** "Ada withdrew the challenge." */
export function challengeWithdrawnText(name: string): string {
  return `${name} withdrew the challenge.`;
}
