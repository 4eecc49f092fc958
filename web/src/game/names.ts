// The server's rule for a name a person shows at the table (server/protocol_fields.cpp
// read_name, server/names.cpp clean_name), checked here first so a form can say what is
// wrong before anything is sent. Both sides are tested on the same cases, tests/data/names.json.

import { gameWords as g } from '../i18n/game';

export const MAX_NAME_CHARS = 20;

/** Why the server would refuse a name (the kinds of tests/data/names.json). */
export type NameRefusal = 'control' | 'invisible' | 'length' | 'space' | 'shows' | 'wide' | 'marks';

// Refused before anything else: control characters (C0, DEL, C1), the line and paragraph
// separators, and the direction embeddings, overrides and isolates.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// Refused in the name's NFC form: invisible, reordering, or not a character yet.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]|(?! )\p{White_Space}/u;
const REFUSED = /\p{Bidi_Control}|[\p{Cc}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}]/u;
// Drawn as wide as a word or a line, stretching every place a name shows: the Arabic
// ligatures of whole phrases, the three-em dash, the cuneiform signs.
const WIDE = /[\ufdfa\ufdfb\ufdfd\u2e3b\u{12000}-\u{1254f}]/u;
// A mark drawn on the character before it; at most MOST_MARKS on one (no towers of them).
const MARK = /[\p{Mn}\p{Me}]/u;
export const MOST_MARKS = 4;
// Something a person sees: a letter, a decimal digit, a symbol or a punctuation mark, but
// not the braille blank, which draws nothing.
const SHOWS = /(?!\u2800)[\p{L}\p{Nd}\p{S}\p{P}]/u;

/** The server's reason for refusing `name` (as sent), or null when it keeps it. */
export function nameRefusal(name: string): NameRefusal | null {
  const chars = Array.from(name);
  if (chars.some((c) => UNPRINTABLE.test(c))) return 'control';
  if (chars.length === 0 || chars.length > MAX_NAME_CHARS) return 'length';
  if (chars.every((c) => c === ' ' || c === '\u00a0' || c === '\u3000')) return 'space';
  const normal = Array.from(name.normalize('NFC'));
  let marks = 0;
  for (const c of normal) {
    if (INVISIBLE.test(c)) return 'invisible';
    if (REFUSED.test(c)) return 'control';
    if (WIDE.test(c)) return 'wide';
    marks = MARK.test(c) ? marks + 1 : 0;
    if (marks > MOST_MARKS) return 'marks';
  }
  if (cleanName(name).length === 0) return 'space';
  if (!normal.some((c) => SHOWS.test(c))) return 'shows';
  return null;
}

/** The name as the server keeps it: NFC, no spaces at the ends, single spaces inside. */
export function cleanName(name: string): string {
  return name.normalize('NFC').split(' ').filter((w) => w !== '').join(' ');
}

/**
 * What to tell a person about a name they typed (plain spaces at the ends are dropped,
 * as `cleanName` does before it is sent), or null when the server will take it.
 *
 *   nameProblem('Ada')          // null
 *   nameProblem('   ')          // 'Please enter a name'
 *   nameProblem('\u202eevil')   // 'A name cannot contain control or text-direction characters'
 */
export function nameProblem(name: string): string | null {
  const trimmed = name.replace(/^ +| +$/gu, '');
  if (trimmed === '') return g('nm');
  switch (nameRefusal(trimmed)) {
    case null:
      return null;
    case 'control':
      return g('nmC');
    case 'invisible':
      return g('nmI');
    case 'length':
      return g('nmL', { n: MAX_NAME_CHARS });
    case 'space':
      return g('nm');
    case 'shows':
      return g('nmS');
    case 'wide':
      return g('nmW');
    case 'marks':
      return g('nmM', { n: MOST_MARKS });
  }
}
