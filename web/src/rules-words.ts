// A table's rules text ("pass=LRAN,queen_breaks=no,…,end=100", README) in words: the
// challenge's terms and the lobby's summary. Only the parts that show them (the lobby's
// chunk) need these, so the first load does without them.

const PASS_PLAIN: Readonly<Record<string, string>> = { L: 'left', R: 'right', A: 'across', N: 'no pass' };

/** The `key=value` pairs of a rules text ("pass=LRAN,end=100"), keys and values trimmed. */
function ruleValues(rules: string): Map<string, string> {
  return new Map(
    rules
      .split(',')
      .map((p) => p.split('='))
      .filter((p): p is [string, string] => p.length === 2)
      .map(([k, v]) => [k.trim(), v.trim()] as const),
  );
}

/**
 * A challenge's rules and timer in plain sentences, for the person deciding whether to
 * accept. Rules left at their usual value are not mentioned.
 *
 *   challengeTerms('pass=LRAN,end=100', 30)
 *   // 'The game ends at 100 points. Pass order: left, right, across, no pass. 30 seconds per turn.'
 */
export function challengeTerms(rules: string, timer: number): string {
  const kv = ruleValues(rules);
  const parts: string[] = [];
  const end = kv.get('end');
  if (end) parts.push(`The game ends at ${end} points.`);
  const pass = kv.get('pass');
  if (pass === 'N') parts.push('No passing.');
  else if (pass) parts.push(`Pass order: ${Array.from(pass).map((c) => PASS_PLAIN[c] ?? c).join(', ')}.`);
  if (kv.get('queen_breaks') === 'yes') parts.push('The Q♠ breaks hearts.');
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push('Shooting the moon takes 26 off the shooter’s score.');
  else if (moon === 'choice') parts.push('Whoever shoots the moon chooses how it scores.');
  if (kv.get('jack') === 'yes') parts.push('The J♦ takes 10 points off.');
  parts.push(timer === 0 ? 'No turn timer.' : `${timer} seconds per turn.`);
  return parts.join(' ');
}

const PASS_WORDS: Readonly<Record<string, string>> = { L: 'left', R: 'right', A: 'across', N: 'none' };

/** The rules text in a few words, for the lobby: "Ends at 100 · pass left, right, across, none". */
export function rulesSummary(rules: string): string {
  const kv = ruleValues(rules);
  const parts: string[] = [];
  const end = kv.get('end');
  if (end) parts.push(`Ends at ${end}`);
  const pass = kv.get('pass');
  if (pass) parts.push(`pass ${Array.from(pass).map((c) => PASS_WORDS[c] ?? c).join(', ')}`);
  if (kv.get('queen_breaks') === 'yes') parts.push('Q♠ breaks hearts');
  const moon = kv.get('moon');
  if (moon === 'shooter') parts.push('moon: shooter −26');
  else if (moon === 'choice') parts.push('moon: shooter chooses');
  if (kv.get('jack') === 'yes') parts.push('J♦ −10');
  return parts.join(' · ');
}
