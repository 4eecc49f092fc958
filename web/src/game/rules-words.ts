// A table's rules text ("pass=LRAN,queen_breaks=no,…,end=100", README) in words: the
// challenge's terms, the lobby's summary, and a game of so many hands (`hands=4`, the
// daily deal's). Only the parts that show them (the lobby's chunk, the Rules dialog's,
// the daily deal's) need these, so the first load does without them.

const PASS_PLAIN: Readonly<Record<string, string>> = { L: 'left', R: 'right', A: 'across', N: 'no pass' };

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
  return `${n} hand${n === 1 ? '' : 's'}`;
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
  if (hands > 0) parts.push(`The game is ${handsWords(hands)}${end ? ` (or ends sooner at ${end} points)` : ''}.`);
  else if (end) parts.push(`The game ends at ${end} points.`);
  const pass = kv.get('pass');
  if (pass === 'N') parts.push('No passing.');
  else if (pass) parts.push(`Pass order: ${Array.from(pass).map((c) => PASS_PLAIN[c] ?? c).join(', ')}.`);
  if (kv.get('queen_breaks') === 'yes') parts.push('The Q♠ breaks hearts.');
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push('Shooting the moon takes 26 off the shooter’s score.');
  else if (moon === 'choice') parts.push('Whoever shoots the moon chooses how it scores.');
  if (kv.get('jack') === 'yes') parts.push('The J♦ takes 10 points off.');
  if (kv.get('tie') === 'share') parts.push('Players tied for the lowest score share the win.');
  parts.push(timer === 0 ? 'No turn timer.' : `${timer} seconds per turn.`);
  return parts.join(' ');
}

const PASS_WORDS: Readonly<Record<string, string>> = { L: 'left', R: 'right', A: 'across', N: 'none' };

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
  if (end) parts.push(`${hands > 0 ? 'ends' : 'Ends'} at ${end}`);
  const pass = kv.get('pass');
  if (pass) parts.push(`pass ${Array.from(pass).map((c) => PASS_WORDS[c] ?? c).join(', ')}`);
  if (kv.get('queen_breaks') === 'yes') parts.push('Q♠ breaks hearts');
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push('moon: shooter −26');
  else if (moon === 'choice') parts.push('moon: shooter chooses');
  if (kv.get('jack') === 'yes') parts.push('J♦ −10');
  if (kv.get('tie') === 'share') parts.push('ties share');
  return parts.join(' · ');
}
