// The server's errors and notices in the player's words. The server sends a stable
// `msg` code with its `args` beside the English `reason` (docs/protocol.md, "Codes");
// the page words the code in the language in use, and shows `reason` for English and for
// a code it does not know (a newer server's). en/server.ts is the English, for the other
// catalogues' type: tests/i18n-server.test.ts checks it against the server's own table.
import type en from './en/server';
import { CORE } from './core';
import { section } from './words';

const words = section('server', {} as typeof en, CORE, true);
const say = words as unknown as (k: string, p?: Readonly<Record<string, string | number>>) => string;

type Args = Readonly<Record<string, string | number>>;

/** The placeholders whose value is a seat's letter, and the texts that name the seats. */
const SEAT_ARGS: ReadonlySet<string> = new Set(['seat', 'to_move', 'shooter']);
const SEAT_TEXTS: Readonly<Record<string, keyof typeof en>> = { S: 'seat_south', W: 'seat_west', N: 'seat_north', E: 'seat_east' };

/**
 * What a refusal or notice from the server says, in the language in use. `word` may name
 * a value this catalogue does not: an `item` or an `achievement` by its id (their names
 * are in the achievements' words); any value it leaves is shown as it came.
 */
export function serverText(
  m: { readonly reason: string; readonly msg?: string | undefined; readonly args?: Args | undefined },
  word?: (placeholder: string, value: string) => string | undefined,
): string {
  if (m.msg === undefined || !words.has(m.msg)) return m.reason;
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.args ?? {})) {
    const seat = SEAT_ARGS.has(k) && typeof v === 'string' ? SEAT_TEXTS[v] : undefined;
    args[k] = seat !== undefined && words.has(seat) ? say(seat) : typeof v === 'string' ? (word?.(k, v) ?? v) : v;
  }
  const text = say(m.msg, args);
  // A placeholder left without a value (a message that did not come whole): the English.
  return /\{[a-z0-9_]+\}/.test(text) ? m.reason : text;
}
