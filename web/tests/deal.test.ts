// The browser's deal and commitment (src/deal.ts) against the shared vectors: 1,000
// deals, 20 commitments and 20 mixed seeds that tools/deal_vectors.py computed from the
// documents alone, and the engine is checked against too (tests/server/table_test.cpp, Fair.*).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commitment, dealHand, mixedSeed, parseSeed, saltCommitment, seedOfHand } from '../src/game/deal';
import { isCommitment, isSalt } from '../src/state/fair';

const lines = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'data', 'deal-vectors.txt'), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'))
  .map((l) => l.split(' '));

describe('the deal, as docs/game-record.md documents it', () => {
  it('deals the 1,000 shared vectors exactly as the engine does', () => {
    const deals = lines.filter((w) => w[0] === 'deal');
    expect(deals).toHaveLength(1000);
    for (const [, seed, hand, ...seats] of deals) {
      const dealt = dealHand(parseSeed(seed ?? '') ?? -1n, Number(hand));
      expect([dealt.S.join(''), dealt.W.join(''), dealt.N.join(''), dealt.E.join('')], `seed ${seed}, hand ${hand}`).toEqual(seats);
    }
  });

  it('commits to the 20 shared vectors as the server does', () => {
    const commits = lines.filter((w) => w[0] === 'commit');
    expect(commits).toHaveLength(20);
    for (const [, seed, hand, salt, commit] of commits) {
      expect(commitment(BigInt(seed ?? ''), Number(hand), salt ?? ''), `seed ${seed}, hand ${hand}`).toBe(commit);
    }
  });

  it('commits to the salt and mixes the seed as the server does, on the 20 shared seedmix vectors', () => {
    const mixes = lines.filter((w) => w[0] === 'seedmix');
    expect(mixes).toHaveLength(20);
    for (const [, salt, nonce, commit, seed] of mixes) {
      expect(saltCommitment(salt ?? ''), `salt ${salt}`).toBe(commit);
      expect(mixedSeed(salt ?? '', nonce ?? '').toString(), `salt ${salt}, nonce ${nonce}`).toBe(seed);
    }
    // The seed is 64 bits, big-endian: one beyond 2^63 among them keeps its top bit.
    expect(mixes.some(([, salt, nonce]) => mixedSeed(salt ?? '', nonce ?? '') >= 1n << 63n)).toBe(true);
  });

  it('follows the worked example of seed 155', () => {
    expect(seedOfHand(155n, 1)).toBe(0xfba1c308dec50480n);
    expect(seedOfHand(155n, 2)).toBe(0x54d3bd5f26cee454n);
    expect(dealHand(155n, 1).S).toEqual(['5C', '6C', 'KC', '2D', '5D', '7D', '9D', 'KD', '4S', 'TS', '5H', '6H', '8H']);
    expect(commitment(155n, 1, '00112233445566778899aabbccddeeff')).toBe('512d5acf52c920af9c8d109fb037cfcbe73cc5346583dba6040ffae218f7a263');
  });

  it('reads seeds, salts and commitments only in the forms the server writes', () => {
    expect(parseSeed('0')).toBe(0n);
    expect(parseSeed('18446744073709551615')).toBe(18446744073709551615n);
    for (const bad of ['', '-1', '01', '1.5', ' 1', '18446744073709551616', '99999999999999999999', 'abc']) expect(parseSeed(bad), bad).toBeNull();
    expect(isSalt('00112233445566778899aabbccddeeff')).toBe(true);
    expect(isSalt('00112233445566778899AABBCCDDEEFF')).toBe(false);
    expect(isSalt('00112233445566778899aabbccddeef')).toBe(false);
    expect(isCommitment('512d5acf52c920af9c8d109fb037cfcbe73cc5346583dba6040ffae218f7a263')).toBe(true);
    expect(isCommitment('512d5acf52c920af9c8d109fb037cfcbe73cc5346583dba6040ffae218f7a26')).toBe(false);
  });
});
