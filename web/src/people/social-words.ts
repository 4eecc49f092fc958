// What the rest of the page needs to know about playing with people, without drawing
// it: the handlers the lobby, room, chat and dialogs call, the words for a seat's state,
// and the messages the controller shows before the lobby's chunk is here (their words
// are i18n/social.ts, a small section of the first chunk). The drawing itself
// (render-social.ts) and the handling (social-control.ts) are a chunk of their own that
// the page loads the first time it is needed (table/parts.ts, SOCIAL_PART), so a solo
// game never downloads it.

import { socialWords as w } from '../i18n/social';
import type { SeatStatus } from '../state/social';

export type { SocialHandlers } from '../state/handlers';
export { socialWords } from '../i18n/social';

/** A seat's state in words, in the language in use (read when drawn). */
export const STATUS_WORDS: Readonly<Record<SeatStatus, string>> = {
  get empty() {
    return w('empty');
  },
  get computer() {
    return w('computer');
  },
  connected: '',
  get disconnected() {
    return w('disconnected');
  },
  get away() {
    return w('away');
  },
};

// English only: the page says these with `socialWords('removed')`, `('inactivity')` and
// `('soloInactivity')` in the language in use.
