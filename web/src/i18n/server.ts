// The server's errors and notices in the player's words. The server sends a stable
// `msg` code with its `args` beside the English `reason` (docs/protocol.md, "Codes");
// the page words the code in the language in use, and shows `reason` for English and for
// a code it does not know (a newer server's). en/server.ts is the English, for the other
// catalogues' type: tests/i18n.test.ts checks it against the server's own table.
import type en from './en/server';
import { section } from './words';

const words = section('server', {} as typeof en, import.meta.glob(['./*/server.ts', '!./en/server.ts']));

/** What a refusal or notice from the server says, in the language in use. */
export function serverText(m: { readonly reason: string; readonly msg?: string | undefined; readonly args?: Readonly<Record<string, string | number>> | undefined }): string {
  if (m.msg === undefined || !words.has(m.msg)) return m.reason;
  return (words as unknown as (k: string, p?: Readonly<Record<string, string | number>>) => string)(m.msg, m.args ?? {});
}
