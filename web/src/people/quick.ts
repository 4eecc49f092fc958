// Quick match ("Play now (rated)"; docs/ratings.md, "Quick match") as the page sees it:
// the countdown to the computer players, and asking again. A page waiting at a quick
// table with free seats asks the server every few seconds (`quick_match` with `from`)
// for a table further along: two people who pressed at the same moment, each at a table
// of their own, so end up at one. The server answers like a `join` (an ack, then the new
// table's `table` with my seat, and the old one's with `you: null`, in either order), or
// with the ack alone when there is nowhere to go.

import { peopleWords as w } from '../i18n/people';
import type { SeatedTable } from '../state/social';

/** How often a page waiting at a quick table asks again (12 a minute of the server's 30). */
export const QUICK_ASK_MS = 5000;
/** A request this old without an answer is taken as lost (its connection closed meanwhile). */
const LOST_MS = 15_000;
/**
 * After the ack of a `quick_match`, the tables it moved me between may still be on their
 * way: the old table's `you: null` meanwhile is a move, not a leave, for this long.
 */
export const SETTLE_MS = 2000;
/** Seconds left on the countdown at which a screen reader hears it (never every second). */
export const FILL_WARNINGS: readonly number[] = [10];

/** Whether `t` is a quick table I wait at with free seats: the page asks again for one further along. */
export function quickWaiting(t: SeatedTable | null): t is SeatedTable {
  return (
    t !== null &&
    t.info.quick &&
    t.info.state === 'waiting' &&
    t.info.ended === null &&
    t.info.you !== null &&
    t.info.seats.some((s) => !s.human)
  );
}

/**
 * Whole seconds until computer players take the empty seats, rounded up ("1" until the
 * very end) and never below 0; null when none are due (not a quick table, or started).
 * Counted down from `fill_in`, the time left when the info was sent, from when it arrived
 * (`receivedAt`, the page's clock), as the turn timer counts `deadline`: whatever the
 * page's clock says. From a server before `fill_in`, up to `fill_at`, the server's clock:
 * a page whose clock is off then shows the difference too.
 */
export function fillSeconds(t: SeatedTable | null, now: number): number | null {
  if (t === null || !t.info.quick || t.info.state !== 'waiting') return null;
  const { fillIn, fillAt } = t.info;
  if (fillIn !== null) return Math.max(0, Math.ceil((fillIn - Math.max(0, now - t.receivedAt)) / 1000));
  return fillAt === null ? null : Math.max(0, Math.ceil((fillAt - now) / 1000));
}

/** "0:23", "1:05". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What a screen reader hears at FILL_WARNINGS. */
export function fillWarning(seconds: number): string {
  return w('fillWarning', { n: seconds });
}

/**
 * When the page asks again, and whether what the server says next is where quick match
 * put me. Plain bookkeeping: the controller (control-base.ts) sends, and calls `due` on
 * its tick.
 */
export class QuickAsk {
  /** The quick table waited at, and when the page began to wait there or last asked. */
  private at: string | null = null;
  private since = 0;
  /** The `quick_match` in flight (one at a time), and when it went. */
  private pending: number | null = null;
  private sentAt = 0;
  /** When the last one was answered. */
  private answeredAt = Number.NEGATIVE_INFINITY;
  /**
   * A `quick_match` went and no table has been entered since: a `table` message that
   * seats me at a quick table the page does not know is where it put me.
   */
  seating = false;

  /** On each tick: the table to ask again from, or null (not waiting there, too soon, or one in flight). */
  due(t: SeatedTable | null, showing: boolean, now: number): string | null {
    if (!showing || !quickWaiting(t)) {
      this.at = null;
      return null;
    }
    if (t.table !== this.at) {
      this.at = t.table;
      this.since = now;
      return null;
    }
    if (this.inFlight(now) || now - this.since < QUICK_ASK_MS) return null;
    this.since = now;
    return t.table;
  }

  /** A `quick_match` went with this id. */
  sent(id: number, now: number): void {
    this.pending = id;
    this.sentAt = now;
    this.seating = true;
  }

  /** Its ack came (a seat may follow). */
  answered(id: number, now: number): void {
    if (this.pending !== id) return;
    this.pending = null;
    this.answeredAt = now;
  }

  /** It was refused: no seat follows. */
  refused(id: number): void {
    if (this.pending !== id) return;
    this.pending = null;
    this.seating = false;
  }

  /** The page entered a table: whatever quick match did is done. */
  entered(): void {
    this.seating = false;
  }

  /** The connection closed: nothing in flight will be answered. */
  lost(): void {
    this.pending = null;
  }

  inFlight(now: number): boolean {
    return this.pending !== null && now - this.sentAt < LOST_MS;
  }

  /** Whether my quick table's `you: null` now means a move to another (its `table` is on the way). */
  moving(now: number): boolean {
    return this.seating && (this.inFlight(now) || now - this.answeredAt < SETTLE_MS);
  }
}
