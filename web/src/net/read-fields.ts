// The reader's steps: walks unknown JSON with a path for error messages (a refusal
// names the field at fault, e.g. `view.cards[2]: "ZZ" is not a card`), and the
// protocol's small values (cards, seats, kinds, share ids, commitments).

import { isCommitment } from './fair-text';
import {
  type Card,
  type ChallengeEnd,
  type ChallengeInfo,
  type Coded,
  type ErrorCode,
  type MoonChoice,
  type PassDirection,
  type PerSeat,
  type Phase,
  type Seat,
  TABLE_ENDS,
  type TableEnd,
  type TableKind,
  type TableState,
  isCard,
  isSeat,
} from './types';

// ---- the reader: walks unknown JSON with a path for error messages ----

export class ParseError extends Error {}

export type Obj = Readonly<Record<string, unknown>>;

export function fail(path: string, what: string): never {
  throw new ParseError(path ? `${path}: ${what}` : what);
}

export function describe(x: unknown): string {
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

export function asObject(x: unknown, path: string): Obj {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) fail(path, 'expected an object');
  return x as Obj;
}

export function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

export function field(o: Obj, key: string, path: string): unknown {
  if (!(key in o)) fail(join(path, key), 'missing');
  return o[key];
}

export function str(x: unknown, path: string): string {
  if (typeof x !== 'string') fail(path, `expected a string, got ${describe(x)}`);
  return x;
}

export function int(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x)) fail(path, `expected an integer, got ${describe(x)}`);
  return x;
}

export function bool(x: unknown, path: string): boolean {
  if (typeof x !== 'boolean') fail(path, `expected true or false, got ${describe(x)}`);
  return x;
}

export function array<T>(x: unknown, path: string, item: (x: unknown, path: string) => T): T[] {
  if (!Array.isArray(x)) fail(path, `expected an array, got ${describe(x)}`);
  return x.map((v, i) => item(v, `${path}[${i}]`));
}

export function perSeat<T>(x: unknown, path: string, item: (x: unknown, path: string) => T): PerSeat<T> {
  const a = array(x, path, item);
  if (a.length !== 4) fail(path, `expected 4 entries (S, W, N, E), got ${a.length}`);
  return [a[0] as T, a[1] as T, a[2] as T, a[3] as T];
}

export function oneOf<T extends string>(values: readonly T[]) {
  return (x: unknown, path: string): T => {
    if (typeof x !== 'string' || !(values as readonly string[]).includes(x)) {
      fail(path, `expected one of ${values.join(', ')}, got ${describe(x)}`);
    }
    return x as T;
  };
}

export function card(x: unknown, path: string): Card {
  if (!isCard(x)) fail(path, `${describe(x)} is not a card`);
  return x;
}

export function seat(x: unknown, path: string): Seat {
  if (!isSeat(x)) fail(path, `${describe(x)} is not a seat (S, W, N, E)`);
  return x;
}

export const passDirection = oneOf<PassDirection>(['left', 'right', 'across', 'none']);
export const phase = oneOf<Phase>(['pass', 'play', 'moon', 'hand_over', 'game_over']);
export const moonChoice = oneOf<MoonChoice>(['others', 'shooter']);
export const errorCode = oneOf<ErrorCode>([
  'bad_message',
  'auth',
  'not_found',
  'illegal',
  'not_your_turn',
  'rate_limited',
  'server',
  'no_name',
  'full',
  'blocked',
  'confirm_blocked',
  'not_host',
  'not_seated',
  'offline',
  'state',
  'name_taken',
  'not_watchable',
]);
export const tableKind = oneOf<TableKind>(['solo', 'public', 'private']);
export const tableState = oneOf<TableState>(['waiting', 'playing', 'finished']);
export const challengeState = oneOf<ChallengeInfo['state']>(['pending', 'declined']);
export const challengeEnd = oneOf<ChallengeEnd>(['joined', 'declined', 'withdrawn']);
export const tableEnd = oneOf<TableEnd>(TABLE_ENDS);

/** An optional field: absent or null both read as `undefined`. */
export function optional<T>(o: Obj, key: string, path: string, read: (x: unknown, path: string) => T): T | undefined {
  const x = o[key];
  return x === undefined || x === null ? undefined : read(x, join(path, key));
}

export function num(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) fail(path, `expected a number, got ${describe(x)}`);
  return x;
}

/** A share link's id: 16 of the server's base32 characters. */
export function isShareId(text: string): boolean {
  return /^[0-9a-z]{16}$/.test(text);
}

export function shareId(x: unknown, path: string): string {
  const s = str(x, path);
  return isShareId(s) ? s : fail(path, `expected a share link's 16 characters, got ${describe(s)}`);
}

export function commitText(x: unknown, path: string): string {
  const s = str(x, path);
  return isCommitment(s) ? s : fail(path, `expected 64 lower-case hex digits, got ${describe(s)}`);
}

/** A field that must be present and may be null. */
export function nullable<T>(o: Obj, key: string, path: string, read: (x: unknown, path: string) => T): T | null {
  const x = field(o, key, path);
  return x === null ? null : read(x, join(path, key));
}

export function nonNegative(x: unknown, path: string): number {
  const n = int(x, path);
  if (n < 0) fail(path, `expected a number of at least 0, got ${n}`);
  return n;
}

/**
 * Reads a message that a lazily loaded part reads itself (types.ts, `Unread`) with that
 * part's `read`: the value, or null when it does not read, which the console says as it
 * says read.ts's refusals.
 */
export function readUnread<T>(m: { readonly raw: Obj }, read: (o: Obj) => T): T | null {
  try {
    return read(m.raw);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    console.warn(`hearts: refused a server message: ${e.message}`);
    return null;
  }
}

/**
 * An error's or notice's code and values (docs/protocol.md, "Codes"): `msg` a string and
 * `args` an object of strings and numbers ({} when left out). Anything else is ignored,
 * never refused: the page then shows the English `reason`.
 */
export function coded(o: Readonly<Record<string, unknown>>): Coded {
  const msg = o['msg'];
  const args = o['args'] === undefined ? {} : o['args'];
  if (typeof msg !== 'string' || typeof args !== 'object' || args === null || Array.isArray(args)) return {};
  const values = Object.values(args as Record<string, unknown>);
  if (!values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) return {};
  return { msg, args: args as Readonly<Record<string, string | number>> };
}
