// What the handling of playing with people (social-control.ts) says in words, which the
// drawing (social-view.ts) says too: both are in the lobby's chunk.

import { listWords } from '../game/a11y';
import { peopleWords as w } from '../i18n/people';
import type { TableEnd } from '../net/types';

/** Why the waiting room went away: the table ended before its game started (`info.ended`). */
export function tableClosedText(ended: TableEnd | null): string {
  if (ended === 'abandoned') return w('tableAbandoned');
  if (ended === 'closed') return w('tableEmptied');
  return w('tableClosed');
}

/** "Ada has suggested that you turn off the timer for the game." */
export function timerQuestionText(names: readonly string[]): string {
  return w('timerQuestion', { n: names.length, names: listWords(names) });
}

/** "Ada withdrew the challenge." */
export function challengeWithdrawnText(name: string): string {
  return w('challengeWithdrawn', { name });
}
