// Fair deals (docs/protocol.md, "Fair deals"): the commitments this browser received with
// each deal, kept where the server cannot change them, and the secret that proves them
// once the game is over. The check itself (SHA-256 and the deal) is in the chunk of the
// "Verify the deals" dialog (verify-part.ts); this file is small and in the first one.

import { isCommitment, isNonce, isSalt, isSeedText } from '../net/fair-text';
import type { Card } from '../net/types';
import type { KeyValueStore } from './storage';

export { isCommitment, isNonce, isSalt, isSeedText } from '../net/fair-text';

/** One hand as this browser saw it dealt. */
export interface FairHand {
  /** The commitment, as first received: a later, different one does not replace it. */
  readonly commit: string;
  /** The 13 cards this seat was dealt, when the page saw them before any left the hand. */
  readonly dealt: readonly Card[] | null;
  /** Received before any card of the hand was played (with the deal, or a snapshot then). */
  readonly early: boolean;
}

/**
 * The number this page mixed into a solo game's seed ("Nobody picks the seed"): the
 * commitment to the server's salt it had before it chose the number, and the number.
 */
export interface FairMix {
  readonly commit: string;
  readonly nonce: string;
}

/** A fresh number for `new_game`'s `nonce`: 16 bytes from the secure generator, 32 hex digits. */
export function freshNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One table's commitments and, once its game is over, the secret. */
export interface FairEntry {
  readonly table: string;
  readonly hands: Readonly<Record<number, FairHand>>;
  /** A second, different commitment to a hand this page had one for: the server's word changed. */
  readonly changed: readonly number[];
  readonly seed: string | null;
  readonly salt: string | null;
  /** The hands the game dealt, known at its end: each should have had a commitment. */
  readonly handsDealt: number | null;
  /** What this page mixed into the seed, if it did (a solo game it started). */
  readonly mix: FairMix | null;
  /** The number the server says it mixed into the seed, revealed with the salt. */
  readonly nonce: string | null;
}

const KEY = 'hearts.fair';
/** Tables kept: the oldest goes first. A table is about 2 kB. */
export const FAIR_TABLES_KEPT = 30;

/**
 * The commitments of the last FAIR_TABLES_KEPT tables, in the browser's storage. What is
 * stored is read with care: it may be from another version of the page or edited by hand,
 * and whatever does not read is left out rather than trusted.
 */
export class FairLedger {
  constructor(private readonly store: KeyValueStore) {}

  entry(table: string): FairEntry | null {
    return this.read().find((e) => e.table === table) ?? null;
  }

  /** The commitment to `hand` of `table`, and what this seat was dealt, if known. */
  deal(table: string, hand: number, commit: string, dealt: readonly Card[] | null, early: boolean): void {
    this.change(table, (e) => {
      const had = e.hands[hand];
      if (had !== undefined) {
        if (had.commit !== commit) return e.changed.includes(hand) ? e : { ...e, changed: [...e.changed, hand] };
        if (had.dealt !== null || dealt === null) return e;
        return { ...e, hands: { ...e.hands, [hand]: { ...had, dealt } } };
      }
      return { ...e, hands: { ...e.hands, [hand]: { commit, dealt, early } } };
    });
  }

  /** The commitment to the salt known before the number was chosen, and the number: the first kept. */
  mixed(table: string, commit: string, nonce: string): void {
    this.change(table, (e) => (e.mix !== null ? e : { ...e, mix: { commit, nonce } }));
  }

  /** The secret, at the game's end, how many hands it dealt, and the number mixed into its seed. */
  reveal(table: string, seed: string, salt: string, handsDealt: number, nonce: string | null = null): void {
    this.change(table, (e) =>
      e.seed === seed && e.salt === salt && e.handsDealt === handsDealt && e.nonce === nonce ? e : { ...e, seed, salt, handsDealt, nonce },
    );
  }

  private change(table: string, f: (e: FairEntry) => FairEntry): void {
    const all = this.read();
    const at = all.findIndex((e) => e.table === table);
    const before: FairEntry = at >= 0 ? (all[at] as FairEntry) : emptyEntry(table);
    const after = f(before);
    if (after === before && at >= 0) return;
    const rest = all.filter((e) => e.table !== table);
    const kept = [...rest, after].slice(-FAIR_TABLES_KEPT);
    this.store.set(KEY, JSON.stringify(kept));
  }

  private read(): FairEntry[] {
    const text = this.store.get(KEY);
    if (text === null) return [];
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return [];
    }
    if (!Array.isArray(data)) return [];
    return data.flatMap((x) => {
      const e = readEntry(x);
      return e === null ? [] : [e];
    });
  }
}

/** What the page knows of a table it kept nothing for. */
export function emptyEntry(table: string): FairEntry {
  return { table, hands: {}, changed: [], seed: null, salt: null, handsDealt: null, mix: null, nonce: null };
}

const CARD = /^[2-9TJQKA][CDSH]$/;

function readEntry(x: unknown): FairEntry | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  const { table, hands, changed, seed, salt, handsDealt, mix, nonce } = o;
  if (typeof table !== 'string' || typeof hands !== 'object' || hands === null) return null;
  const out: Record<number, FairHand> = {};
  for (const [k, v] of Object.entries(hands as Record<string, unknown>)) {
    const hand = Number(k);
    if (!Number.isInteger(hand) || hand < 1 || typeof v !== 'object' || v === null) continue;
    const { commit, dealt, early } = v as Record<string, unknown>;
    if (typeof commit !== 'string' || !isCommitment(commit)) continue;
    const cards = Array.isArray(dealt) && dealt.length === 13 && dealt.every((c) => typeof c === 'string' && CARD.test(c)) ? (dealt as Card[]) : null;
    out[hand] = { commit, dealt: cards, early: early === true };
  }
  return {
    table,
    hands: out,
    changed: Array.isArray(changed) ? changed.filter((h): h is number => Number.isInteger(h)) : [],
    seed: typeof seed === 'string' && isSeedText(seed) ? seed : null,
    salt: typeof salt === 'string' && isSalt(salt) ? salt : null,
    handsDealt: typeof handsDealt === 'number' && Number.isInteger(handsDealt) && handsDealt >= 1 && handsDealt <= 10000 ? handsDealt : null,
    mix: readMix(mix),
    nonce: typeof nonce === 'string' && isNonce(nonce) ? nonce : null,
  };
}

/** A kept mix: both parts well formed, or none (an entry from before mixes has none). */
function readMix(x: unknown): FairMix | null {
  if (typeof x !== 'object' || x === null) return null;
  const { commit, nonce } = x as Record<string, unknown>;
  return typeof commit === 'string' && isCommitment(commit) && typeof nonce === 'string' && isNonce(nonce) ? { commit, nonce } : null;
}
