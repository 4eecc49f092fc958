// What the controller (app/) keeps beside AppState that is plainly state: the table it
// follows and what it received of it, and its requests in flight by id. Plain data the
// controller changes in place; no DOM, no timers.

import type { Look, View } from '../net/types';

/** The table the page follows, and what it received of it. */
export class Following {
  /** The table and newest version received (queued or shown), for resume and gaps. */
  table: string | null = null;
  lastVersion = -1;
  /** The last view received (not yet shown, perhaps): an update's view is completed from it. */
  lastView: View | null = null;
  /** Version after which the pending action counts as done (from its ack). */
  ackedVersion: number | null = null;
  /** The resume in flight (no second one for the same gap), by table. */
  resumeTable: string | null = null;
  /** The table this page watches (it has no seat there), or null. */
  watching: string | null = null;
  /**
   * The table the tab showed before a reload, being asked for again (it may be over, and
   * gone): if it is not found, the page goes on to `restoreElse` (a table the server
   * listed as the player's) or to the start.
   */
  restoring: string | null = null;
  restoreElse: string | null = null;
}

/** The requests in flight, by id, and what their answers need. */
export class Requests {
  nextId = 1;
  /** The request id of the last resume, to recognise "table not found". */
  resumeId: number | null = null;
  /** The `stats` request the Statistics dialog waits for. */
  statsId: number | null = null;
  /** The `share` request in flight (the Replay dialog's "Share"). */
  shareId: number | null = null;
  /** The `hint` request in flight. */
  hintId: number | null = null;
  /** The `review` request in flight. */
  reviewId: number | null = null;
  /** The `achievements` request the Achievements dialog waits for. */
  achievementsId: number | null = null;
  /** The `set_look` in flight, and the look before it (put back if it is refused). */
  lookId: number | null = null;
  lookBefore: Look | null = null;
  /**
   * The latest `next_deal` of this connection: the commitment to the salt of its next
   * solo game, before this page chose its number ("Nobody picks the seed"). Null once used.
   */
  nextDeal: string | null = null;
  /** The `new_game` in flight that carried a number: its id, that commitment, and the number. */
  mixing: { readonly id: number; readonly commit: string; readonly nonce: string } | null = null;
}
