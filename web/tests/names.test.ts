// The browser's copy of the server's rule for names (src/names.ts) against the cases the
// server is tested on (tests/data/names.json, tests/server/protocol_test.cpp).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cleanName, nameProblem, nameRefusal, type NameRefusal } from '../src/game/names';
import { normaliseSettings } from '../src/state/settings';

interface Cases {
  readonly accepted: readonly { readonly name: string; readonly clean: string }[];
  readonly refused: readonly { readonly name: string; readonly kind: NameRefusal }[];
}

const shared = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'data', 'names.json');
const cases = JSON.parse(readFileSync(shared, 'utf8')) as Cases;

describe('names, as the server takes them', () => {
  it('has the shared cases', () => {
    expect(cases.accepted.length).toBeGreaterThanOrEqual(10);
    expect(cases.refused.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.accepted)('takes $name', ({ name, clean }) => {
    expect(nameRefusal(name)).toBeNull();
    expect(nameProblem(name)).toBeNull();
    expect(cleanName(name)).toBe(clean);
  });

  it.each(cases.refused)('refuses $name ($kind)', ({ name, kind }) => {
    expect(nameRefusal(name)).toBe(kind);
    expect(nameProblem(name)).not.toBeNull();
  });

  it('says what is wrong in words a person can act on', () => {
    expect(nameProblem('')).toBe('Please enter a name');
    expect(nameProblem('    ')).toBe('Please enter a name');
    expect(nameProblem(' Ada Lovelace ')).toBeNull();
    expect(nameProblem('x'.repeat(21))).toBe('A name has at most 20 characters');
    expect(nameProblem('\u202eevil')).toBe('A name cannot contain control or text-direction characters');
    expect(nameProblem('Ada\u200b')).toBe('A name cannot contain invisible characters or spaces other than the plain one');
    expect(nameProblem('\u2800')).toBe('A name needs a letter, a digit or a symbol that shows');
  });

  it('drops a stored name the server would refuse, for the default', () => {
    const s = normaliseSettings({ yourName: 'Ada\u202e', names: ['\u202eevil', ' Zo\u00eb  B ', 'Ada\u200b'] });
    expect(s.yourName).toBe('You');
    expect(s.names).toEqual(['Mike', 'Zo\u00eb B', 'Lisa']);
  });
});
