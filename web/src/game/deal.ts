// The deal, as docs/game-record.md ("The deal") documents it, and the commitment to it
// (docs/protocol.md, "Fair deals"): what the "Verify the deals" dialog recomputes in the
// browser, and the seed mixed from the salt and the player's number. 64-bit arithmetic
// is BigInt, masked to 64 bits; the 32-bit draws and their products with n <= 52 stay
// below 2^38, exact in a Number. Checked against the engine's deals, commitments and
// mixed seeds on the shared vectors of tests/data/deal-vectors.txt (tests/deal.test.ts).

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { RANK_ORDER, SUIT_ORDER } from './cards';
import { isSeedText } from '../net/fair-text';
import type { Card, Seat } from '../net/types';

const MASK64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;
const TWO32 = 4294967296;

/** The SplitMix64 output function. */
export function mix(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/** The seed of hand `hand` (from 1) of the game with seed `gameSeed`. */
export function seedOfHand(gameSeed: bigint, hand: number): bigint {
  return mix((gameSeed + GOLDEN * BigInt(hand)) & MASK64);
}

/** SplitMix64 from a hand seed, giving 32-bit draws: each output's high half, then its low. */
class Draws {
  private state: bigint;
  private low: number | null = null;

  constructor(seed: bigint) {
    this.state = seed;
  }

  draw32(): number {
    if (this.low !== null) {
      const low = this.low;
      this.low = null;
      return low;
    }
    this.state = (this.state + GOLDEN) & MASK64;
    const x = mix(this.state);
    this.low = Number(x & 0xffffffffn);
    return Number(x >> 32n);
  }

  /** A number below n (2 <= n <= 52), Lemire's method with rejection. */
  below(n: number): number {
    let m = this.draw32() * n;
    if (m % TWO32 < n) {
      const t = (TWO32 - n) % n;
      while (m % TWO32 < t) m = this.draw32() * n;
    }
    return Math.floor(m / TWO32);
  }
}

/** The card with index k: clubs, diamonds, spades, hearts, each from 2 up to the ace. */
export function cardOfIndex(k: number): Card {
  return `${RANK_ORDER[k % 13]}${SUIT_ORDER[Math.floor(k / 13)]}` as Card;
}

export type DealtHands = Readonly<Record<Seat, readonly Card[]>>;

/** The four hands of hand `hand` (from 1) of game `gameSeed`, each in index order. */
export function dealHand(gameSeed: bigint, hand: number): DealtHands {
  const draws = new Draws(seedOfHand(gameSeed, hand));
  const deck = Array.from({ length: 52 }, (_, k) => k);
  for (let i = 51; i >= 1; i--) {
    const j = draws.below(i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  const seat = (s: number): Card[] =>
    deck
      .slice(13 * s, 13 * s + 13)
      .sort((a, b) => a - b)
      .map(cardOfIndex);
  return { S: seat(0), W: seat(1), N: seat(2), E: seat(3) };
}

/** A game seed as the protocol and records write it (decimal, 0 to 2^64 - 1), or null. */
export function parseSeed(text: string): bigint | null {
  return isSeedText(text) ? BigInt(text) : null;
}

/** The commitment to hand `hand` (from 1): SHA-256 of "hearts-deal-1:<hand>:<hand seed>:<salt>". */
export function commitment(gameSeed: bigint, hand: number, salt: string): string {
  const text = `hearts-deal-1:${hand}:${seedOfHand(gameSeed, hand).toString()}:${salt}`;
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The commitment to a salt sent in `next_deal`: SHA-256 of "hearts-salt-1:<salt>". */
export function saltCommitment(salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(`hearts-salt-1:${salt}`)));
}

/** The seed mixed from the server's salt and the player's number: SHA-256 of "hearts-seed-1:<salt>:<nonce>", first 8 bytes big-endian. */
export function mixedSeed(salt: string, nonce: string): bigint {
  const digest = sha256(utf8ToBytes(`hearts-seed-1:${salt}:${nonce}`));
  let seed = 0n;
  for (let i = 0; i < 8; i++) seed = (seed << 8n) | BigInt(digest[i] as number);
  return seed;
}
