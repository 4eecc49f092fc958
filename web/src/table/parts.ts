// The parts of the page that are chunks of their own (ui/lazy.ts), each downloaded the
// first time the page needs it, and when the table's page needs the people's part.

import { isPeopleTable } from '../state/social';
import type { AppState } from '../state/state';
import { Part } from '../ui/lazy';

/**
 * The drawing of playing with people (render-social.ts): the lobby, the waiting room,
 * the chat, the bar over a table with people and the dialogs, and their handling
 * (social-control.ts). A chunk of its own, downloaded the first time the page needs it
 * (`needsSocial`, or app.ts when the player or the server does something with people).
 */
export const SOCIAL_PART = new Part(() => import('../people/render-social'));

/** Playing with no network (parts/offline/offline-part.ts): the offline server's socket. */
export const OFFLINE_PART = new Part(() => import('../parts/offline/offline-part'));

/** The Statistics and Achievements dialogs' contents (player-dialogs.ts), downloaded when one first opens. */
export const DIALOGS_PART = new Part(() => import('../parts/dialogs/player-dialogs'));

/** "Verify the deals" (verify-part.ts), with its SHA-256 and deal: downloaded when it first opens. */
export const VERIFY_PART = new Part(() => import('../parts/verify/verify-part'));

/** A finished game's review (review-part.ts): downloaded when one first opens. */
export const REVIEW_PART = new Part(() => import('../parts/review/review-part'));

/** A finished game's replay (replay-part.ts): downloaded when one first opens. */
export const REPLAY_PART = new Part(() => import('../parts/replay/replay-part'));

/** The daily deal (daily-part.ts): its board, and the line over its game; downloaded when first needed. */
export const DAILY_PART = new Part(() => import('../parts/daily/daily-part'));

/** The game's sounds (sound-part.ts): downloaded at the first sound, after the player's first click. */
export const SOUND_PART = new Part(() => import('../parts/sound/sound-part'));

/** The least time between two tries to download a part that failed. */
export const PART_RETRY_MS = 10_000;

/** Whether the page shows anything render-social.ts draws. */
export function needsSocial(s: AppState): boolean {
  return (
    s.screen === 'lobby' ||
    s.screen === 'room' ||
    isPeopleTable(s.social.table) ||
    s.social.prompt !== null ||
    s.social.challenges.length > 0 ||
    s.social.chatOpen
  );
}
