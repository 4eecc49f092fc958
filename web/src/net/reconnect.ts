// The connection's life as a pure state machine: connect, lose the socket, retry with
// exponential backoff, and give up after a deadline. The page shows "Connection
// problem ... Giving up in N" while `troubleSince` is set. Time is passed in, so tests
// drive it without timers.

export interface ReconnectPolicy {
  /** Delay before the first retry; doubles per attempt up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** How long after the trouble started the page stops trying. */
  readonly giveUpAfterMs: number;
}

export const DEFAULT_POLICY: ReconnectPolicy = { baseDelayMs: 500, maxDelayMs: 8000, giveUpAfterMs: 60000 };

export type ConnState =
  /** A socket is being opened. `troubleSince` is null on a first, untroubled connect. */
  | { readonly kind: 'connecting'; readonly attempt: number; readonly troubleSince: number | null }
  | { readonly kind: 'open' }
  /** Waiting to try again at `retryAt`. */
  | { readonly kind: 'waiting'; readonly attempt: number; readonly retryAt: number; readonly troubleSince: number }
  | { readonly kind: 'gave_up' }
  /**
   * The server closed the connection on purpose (`reason`, e.g. "inactivity") and the
   * page does not reconnect by itself; the player can (`onRetry`).
   */
  | { readonly kind: 'stopped'; readonly reason: string };

export const INITIAL_CONN: ConnState = { kind: 'connecting', attempt: 0, troubleSince: null };

/** The wait before retry number `attempt` (1-based): 500, 1000, 2000, ... capped. */
export function backoffDelay(attempt: number, policy: ReconnectPolicy = DEFAULT_POLICY): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

export function onOpen(s: ConnState): ConnState {
  return s.kind === 'gave_up' || s.kind === 'stopped' ? s : { kind: 'open' };
}

/**
 * Whether a close reason from the server means "do not come back by yourself": the
 * inactivity close (docs/protocol.md, "Clocks and absence").
 *
 *   isFinalClose('inactivity')        // true
 *   isFinalClose('going away')        // false
 */
export function isFinalClose(reason: string): boolean {
  return reason.startsWith('inactivity');
}

/** The socket closed (or failed to open); `reason` is the WebSocket close reason. */
export function onClose(s: ConnState, now: number, policy: ReconnectPolicy = DEFAULT_POLICY, reason = ''): ConnState {
  if (s.kind === 'gave_up' || s.kind === 'stopped') return s;
  if (s.kind === 'open' && isFinalClose(reason)) return { kind: 'stopped', reason };
  const troubleSince = s.kind === 'open' ? now : (s.troubleSince ?? now);
  if (now - troubleSince >= policy.giveUpAfterMs) return { kind: 'gave_up' };
  const attempt = s.kind === 'open' ? 1 : s.attempt + 1;
  const retryAt = Math.min(now + backoffDelay(attempt, policy), troubleSince + policy.giveUpAfterMs);
  return { kind: 'waiting', attempt, retryAt, troubleSince };
}

/** Time passes: a waiting state becomes a new attempt when its time comes. */
export function onTick(s: ConnState, now: number, policy: ReconnectPolicy = DEFAULT_POLICY): ConnState {
  if (s.kind !== 'waiting') return s;
  if (now - s.troubleSince >= policy.giveUpAfterMs) return { kind: 'gave_up' };
  if (now >= s.retryAt) return { kind: 'connecting', attempt: s.attempt, troubleSince: s.troubleSince };
  return s;
}

/** The player asks to try again after the page gave up. */
export function onRetry(): ConnState {
  return { kind: 'connecting', attempt: 0, troubleSince: null };
}

/** Whether the page should show the connection problem notice. */
export function inTrouble(s: ConnState): boolean {
  return (s.kind === 'waiting' || s.kind === 'connecting') && s.troubleSince !== null;
}

/** Whole seconds until the page gives up (for "Giving up in N"), or null. */
export function secondsLeft(s: ConnState, now: number, policy: ReconnectPolicy = DEFAULT_POLICY): number | null {
  if ((s.kind !== 'waiting' && s.kind !== 'connecting') || s.troubleSince === null) return null;
  return Math.max(0, Math.ceil((s.troubleSince + policy.giveUpAfterMs - now) / 1000));
}
