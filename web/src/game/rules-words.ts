// A table's rules text ("pass=LRAN,queen_breaks=no,…,end=100", README) in words: the
// challenge's terms, the lobby's summary, and a game of so many hands (`hands=4`, the
// daily deal's). Only the parts that show them (the lobby's chunk, the Rules dialog's,
// the daily deal's) need these, so the first load does without them (and their words, i18n/terms.ts).

import { termsWords as w } from '../i18n/terms';
import { unitList } from './a11y';

/** The pass directions of a rules text ("LRAN"), in words, as a list: "left, right, across, no pass" (N: `none`'s words). */
function passList(pass: string, none: 'N' | 'none'): string {
  const words = Array.from(pass).map((c) => (c === 'N' ? w(none) : c === 'L' || c === 'R' || c === 'A' ? w(c) : c));
  return unitList(words);
}

/** The `key=value` pairs of a rules text ("pass=LRAN,end=100"), keys and values trimmed. */
export function ruleValues(rules: string): Map<string, string> {
  return new Map(
    rules
      .split(',')
      .map((p) => p.split('='))
      .filter((p): p is [string, string] => p.length === 2)
      .map(([k, v]) => [k.trim(), v.trim()] as const),
  );
}

/**
 * How many hands the game is played to (rules `hands=N`, the daily deal's 4), or 0 when
 * only the score ends it.
 *
 *   handLimit('pass=LRAN,tie=share,hands=4')  // 4
 */
export function handLimit(rules: string | null | undefined): number {
  const n = Number(ruleValues(rules ?? '').get('hands'));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** "4 hands", "1 hand". */
export function handsWords(n: number): string {
  return w('hands', { n });
}

/**
 * A challenge's rules and timer in plain sentences, for the person deciding whether to
 * accept. Rules left at their usual value are not mentioned.
 *
 *   challengeTerms('pass=LRAN,end=100', 30)
 *   // 'The game ends at 100 points. Pass order: left, right, across, no pass. 30 seconds per turn.'
 *   challengeTerms('pass=LRAN,end=100,tie=share,hands=4', 0)
 *   // 'The game is 4 hands (or ends sooner at 100 points). … Players tied for the lowest score share the win. …'
 */
export function challengeTerms(rules: string, timer: number): string {
  const kv = ruleValues(rules);
  const parts: string[] = [];
  const end = kv.get('end');
  const hands = handLimit(rules);
  if (hands > 0) parts.push(end ? w('handsEnd', { n: hands, end }) : w('handsOnly', { n: hands }));
  else if (end) parts.push(w('endsAtPts', { end }));
  const pass = kv.get('pass');
  if (pass === 'N') parts.push(w('noPassing'));
  else if (pass) parts.push(w('order', { list: passList(pass, 'N') }));
  if (kv.get('queen_breaks') === 'yes') parts.push(w('queen'));
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push(w('moonSelf'));
  else if (moon === 'choice') parts.push(w('moonChoice'));
  if (kv.get('jack') === 'yes') parts.push(w('jack'));
  if (kv.get('tie') === 'share') parts.push(w('tie'));
  parts.push(timer === 0 ? w('noTimer') : w('timer', { n: timer }));
  return parts.join(' ');
}

/**
 * The rules text in a few words, for the lobby: "Ends at 100 · pass left, right, across,
 * none"; a game of so many hands says so first: "4 hands · ends at 100 · …".
 */
export function rulesSummary(rules: string): string {
  const kv = ruleValues(rules);
  const parts: string[] = [];
  const end = kv.get('end');
  const hands = handLimit(rules);
  if (hands > 0) parts.push(handsWords(hands));
  if (end) parts.push(w(hands > 0 ? 'thenEndsAt' : 'endsAt', { end }));
  const pass = kv.get('pass');
  if (pass) parts.push(w('pass', { list: passList(pass, 'none') }));
  if (kv.get('queen_breaks') === 'yes') parts.push(w('queenShort'));
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push(w('moonShort'));
  else if (moon === 'choice') parts.push(w('choiceShort'));
  if (kv.get('jack') === 'yes') parts.push(w('jackShort'));
  if (kv.get('tie') === 'share') parts.push(w('tieShort'));
  return parts.join(' · ');
}
