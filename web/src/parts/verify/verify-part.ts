// The "Verify the deals" dialog (docs/protocol.md, "Fair deals"), a chunk of its own
// (table/parts.ts, VERIFY_PART) with the SHA-256 and the deal it needs: downloaded the first
// time the dialog opens. It checks, in this browser, each hand's commitment as received
// before the hand was played against the seed and secret revealed at the game's end,
// deals each hand again from the seed, and compares the player's hand with what they
// were dealt. When this page mixed a number of its own into the seed, it also checks that
// the secret is the one committed to before it chose the number, that the server used
// that number, and that the seed is their mix. A form checks any deal by hand.

import { cardShort, suitOf } from '../../game/cards';
import { commitment, dealHand, mixedSeed, parseSeed, saltCommitment, type DealtHands } from '../../game/deal';
import { h } from '../../ui/dom';
import { isCommitment, isSalt, type FairEntry } from '../../state/fair';
import type { Card, Seat } from '../../net/types';

const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];

/** Who sits where, to name the hands of a deal; `me` is this player's seat. */
export interface VerifySeats {
  readonly names: Readonly<Record<Seat, string>>;
  readonly me: Seat;
}

/** What one hand's check found. */
export interface HandCheck {
  readonly hand: number;
  /** The commitment this page received matches the revealed seed and secret; null: none was received. */
  readonly committed: boolean | null;
  /** It came before any card of the hand was played (with the deal). */
  readonly early: boolean;
  /** This seat's dealt cards are the seed's deal: null when the page did not see them. */
  readonly cards: boolean | null;
  /** The server sent a different commitment for this hand later. */
  readonly changed: boolean;
  readonly deal: DealtHands;
}

/** Every hand the game dealt (or this page kept), checked; null before the reveal. */
export function checkEntry(entry: FairEntry, me: Seat): HandCheck[] | null {
  const seed = entry.seed === null ? null : parseSeed(entry.seed);
  if (seed === null || entry.salt === null || !isSalt(entry.salt)) return null;
  const salt = entry.salt;
  const kept = Object.keys(entry.hands).map(Number);
  const last = Math.max(entry.handsDealt ?? 0, ...kept, 0);
  const out: HandCheck[] = [];
  for (let hand = 1; hand <= last; hand++) {
    const k = entry.hands[hand];
    const deal = dealHand(seed, hand);
    out.push({
      hand,
      committed: k === undefined ? null : commitment(seed, hand, salt) === k.commit,
      early: k?.early ?? false,
      cards: k?.dealt == null ? null : sameCards(k.dealt, deal[me]),
      changed: entry.changed.includes(hand),
      deal,
    });
  }
  return out;
}

/** What the check of the seed's mix found ("Nobody picks the seed"). */
export interface MixCheck {
  /** The number this page chose; null: it kept none, though the server says one was mixed in. */
  readonly nonce: string | null;
  /** The revealed secret is the one committed to before the number was chosen. */
  readonly committed: boolean | null;
  /** The server revealed the very number this page sent. */
  readonly sameNonce: boolean | null;
  /** The seed is the mix of the secret and this page's number. */
  readonly seed: boolean | null;
  /** The number the server revealed (null: none). */
  readonly revealed: string | null;
}

/** The seed's mix, checked: null before the reveal, or for a seed that was not mixed with a number of this page's. */
export function checkMix(entry: FairEntry): MixCheck | null {
  const seed = entry.seed === null ? null : parseSeed(entry.seed);
  if (seed === null || entry.salt === null || !isSalt(entry.salt)) return null;
  const mix = entry.mix;
  if (mix === null) return entry.nonce === null ? null : { nonce: null, committed: null, sameNonce: null, seed: null, revealed: entry.nonce };
  return {
    nonce: mix.nonce,
    committed: saltCommitment(entry.salt) === mix.commit,
    sameNonce: entry.nonce === mix.nonce,
    seed: mixedSeed(entry.salt, mix.nonce) === seed,
    revealed: entry.nonce,
  };
}

/** All three hold: neither side could pick the seed. Null: nothing of this page's to check. */
export function mixOk(m: MixCheck | null): boolean | null {
  if (m === null || m.nonce === null) return null;
  return m.committed === true && m.sameNonce === true && m.seed === true;
}

/** A number, short: its first 8 hex digits. */
function short(nonce: string): string {
  return `${nonce.slice(0, 8)}…`;
}

function mixItem(m: MixCheck): HTMLElement {
  const ok = mixOk(m);
  const lines: HTMLElement[] = [];
  let head: string;
  if (m.nonce === null) {
    head = ` The seed was mixed from the server’s secret and a number (${short(m.revealed ?? '')}) this browser did not keep (the game was started on another device, or the page’s storage was cleared), so it cannot check that the seed was not picked.`;
  } else {
    const mine = m.nonce;
    head = ok
      ? ` Your number ${short(mine)}: mixed into the seed with the server’s secret, which was committed to before you chose it: the seed could not be picked.`
      : ` Your number ${short(mine)} and the server’s secret do not give this game’s seed as promised: the seed could have been picked.`;
    lines.push(
      h(
        'li',
        {},
        mark(m.committed),
        m.committed ? ' The secret is the one the server committed to before this page chose its number.' : ' The secret is not the one the server committed to before this page chose its number.',
      ),
      h(
        'li',
        {},
        mark(m.sameNonce),
        m.sameNonce
          ? ` The server used your number, ${mine}.`
          : m.revealed === null
            ? ` The server says no number was mixed into the seed, but this page sent ${mine}.`
            : ` The server revealed the number ${m.revealed}, but this page sent ${mine}.`,
      ),
      h('li', {}, mark(m.seed), m.seed ? ' The game seed is the mix of the secret and your number.' : ' The game seed is not the mix of the secret and your number.'),
    );
  }
  return h(
    'div',
    { class: `verify-mix ${ok === null ? 'unknown' : ok ? 'good' : 'bad'}`, 'data-testid': 'verify-mix', 'data-ok': String(ok) },
    h('h3', {}, 'The seed'),
    h('p', {}, mark(ok), head),
    ...(lines.length > 0 ? [h('ul', { class: 'verify-lines' }, ...lines)] : []),
  );
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  const set = new Set(a);
  return a.length === b.length && set.size === a.length && b.every((c) => set.has(c));
}

/** Proven: committed to before play, matching, not changed, and my cards as dealt. */
function handOk(c: HandCheck): boolean {
  return c.committed === true && c.early && c.cards !== false && !c.changed;
}

/** Wrong, as opposed to not checkable by this page. */
function handBad(c: HandCheck): boolean {
  return c.committed === false || c.cards === false || c.changed;
}

/** The one line that sums up the checks (and the seed's mix, when there is one to check). */
export function summary(checks: readonly HandCheck[] | null, mix: MixCheck | null = null): { text: string; ok: boolean | null } {
  if (mixOk(mix) === false) return { text: 'The game seed is not the mix of the committed secret and your number: see below.', ok: false };
  if (checks === null) {
    return { text: 'The game is not over, so its seed and secret are still hidden. The deals can be checked when it ends.', ok: null };
  }
  if (checks.every((c) => c.committed === null)) {
    return { text: 'This browser kept no commitments for this game: it was played on another device, or the page’s storage was cleared.', ok: null };
  }
  const bad = checks.filter(handBad);
  if (bad.length > 0) {
    const which = bad.map((c) => c.hand).join(', ');
    return { text: `${bad.length === 1 ? 'Hand' : 'Hands'} ${which} ${bad.length === 1 ? 'does' : 'do'} not check out: see below.`, ok: false };
  }
  const n = checks.length;
  const good = checks.filter(handOk).length;
  if (good === n) {
    return {
      text: `${n === 1 ? 'The deal checks out' : `All ${n} deals check out`}: each is the one committed to before its first card was played, and your cards are the ones the seed deals.`,
      ok: true,
    };
  }
  return {
    text: `${good} of ${n} deals check out. For the others this page did not receive the commitment before the hand was played (it was opened later, or reloaded), so it cannot prove them; nothing it saw is wrong.`,
    ok: null,
  };
}

function mark(ok: boolean | null): HTMLElement {
  if (ok === null) return h('span', { class: 'verify-mark unknown', 'aria-hidden': 'true' }, '–');
  return h('span', { class: `verify-mark ${ok ? 'good' : 'bad'}`, 'aria-hidden': 'true' }, ok ? '✓' : '✗');
}

function dealTable(deal: DealtHands, seats: VerifySeats): HTMLElement {
  return h(
    'table',
    { class: 'verify-deal' },
    h(
      'tbody',
      {},
      ...SEATS.map((s) =>
        h(
          'tr',
          { 'data-seat': s },
          h('th', { scope: 'row' }, s === seats.me ? 'You' : seats.names[s] || s),
          h('td', { 'aria-label': deal[s].map(cardShort).join(' ') }, ...deal[s].flatMap((c, i) => [i > 0 ? ' ' : '', h('span', { class: `verify-card suit-${suitOf(c)}` }, cardShort(c))])),
        ),
      ),
    ),
  );
}

function handItem(c: HandCheck, seats: VerifySeats): HTMLElement {
  const commitLine =
    c.committed === null
      ? ' This page did not receive this hand’s commitment, so it cannot check it.'
      : !c.committed
        ? ' The commitment received with the deal does not match the revealed seed and secret.'
        : c.early
          ? ' The commitment received with the deal matches.'
          : ' The commitment matches, but this page received it only during the hand, so it does not prove the deal was fixed before play.';
  const lines: HTMLElement[] = [h('li', {}, mark(c.committed === null ? null : c.committed && c.early ? true : c.committed ? null : false), commitLine)];
  if (c.changed) lines.push(h('li', {}, mark(false), ' The server later sent a different commitment for this hand.'));
  lines.push(
    h(
      'li',
      {},
      mark(c.cards),
      c.cards === null
        ? ' Your cards were not seen as dealt on this page (it was opened later in the hand).'
        : c.cards
          ? ' Your 13 cards are the ones the seed deals.'
          : ' Your cards are not the ones the seed deals.',
    ),
  );
  const state = handOk(c) ? 'good' : handBad(c) ? 'bad' : 'unknown';
  return h(
    'li',
    { class: `verify-hand ${state}`, 'data-testid': `verify-hand-${c.hand}`, 'data-ok': String(handOk(c)), 'data-state': state },
    h('h3', {}, `Hand ${c.hand}`),
    h('ul', { class: 'verify-lines' }, ...lines),
    h('details', {}, h('summary', {}, 'The deal'), dealTable(c.deal, seats)),
  );
}

/** A form to check any deal: seed, secret, hand, and a commitment if there is one. */
function checkForm(entry: FairEntry, seats: VerifySeats): HTMLElement {
  const field = (id: string, label: string, value: string, attrs: Record<string, string> = {}): [HTMLLabelElement, HTMLInputElement] => {
    const input = h('input', { id, name: id, value, autocomplete: 'off', spellcheck: 'false', ...attrs });
    return [h('label', { for: id }, label), input];
  };
  const [seedLabel, seed] = field('verify-seed', 'Game seed', entry.seed ?? '', { inputmode: 'numeric' });
  const [saltLabel, salt] = field('verify-salt', 'Secret (salt)', entry.salt ?? '');
  const [handLabel, hand] = field('verify-hand', 'Hand', '1', { type: 'number', min: '1', max: '999' });
  const [commitLabel, commit] = field('verify-commit', 'Commitment (optional)', entry.hands[1]?.commit ?? '');
  const out = h('div', { class: 'verify-out', 'data-testid': 'verify-out', role: 'status' });
  const form = h(
    'form',
    { class: 'verify-form', 'data-testid': 'verify-form', novalidate: true },
    h('div', { class: 'field-wrap' }, seedLabel, seed),
    h('div', { class: 'field-wrap' }, saltLabel, salt),
    h('div', { class: 'field-wrap' }, handLabel, hand),
    h('div', { class: 'field-wrap' }, commitLabel, commit),
    h('button', { type: 'submit', 'data-testid': 'verify-check' }, 'Check'),
    out,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    out.replaceChildren(...checkByHand(seed.value.trim(), salt.value.trim(), hand.value.trim(), commit.value.trim(), seats));
  });
  return h('details', { class: 'verify-yourself' }, h('summary', {}, 'Check a deal yourself'), form);
}

/** What the form says: an error a person can act on, or the deal and the commitment's check. */
export function checkByHand(seedText: string, salt: string, handText: string, commit: string, seats: VerifySeats): HTMLElement[] {
  const problem = (text: string): HTMLElement[] => [h('p', { class: 'verify-error' }, text)];
  const seed = parseSeed(seedText);
  if (seed === null) return problem('The seed is a whole number from 0 to 18446744073709551615, written without spaces.');
  const hand = Number(handText);
  if (!/^[1-9][0-9]{0,2}$/.test(handText)) return problem('The hand is a number from 1 to 999.');
  const deal = dealHand(seed, hand);
  const parts: HTMLElement[] = [h('p', {}, `Hand ${hand} of seed ${seedText} deals:`), dealTable(deal, seats)];
  if (commit === '') return parts;
  if (!isCommitment(commit)) return [...problem('A commitment is 64 hex digits (0-9, a-f).'), ...parts];
  if (!isSalt(salt)) return [...problem('The secret is 32 hex digits (0-9, a-f).'), ...parts];
  const ok = commitment(seed, hand, salt) === commit;
  return [
    h('p', { 'data-testid': 'verify-by-hand', 'data-ok': String(ok) }, mark(ok), ok ? ' The commitment matches this seed, secret and hand.' : ' The commitment does not match this seed, secret and hand.'),
    ...parts,
  ];
}

/** The dialog's content for one table. */
export function verifyContent(entry: FairEntry, seats: VerifySeats): HTMLElement[] {
  const checks = checkEntry(entry, seats.me);
  const mix = checkMix(entry);
  const sum = summary(checks, mix);
  const out: HTMLElement[] = [
    h(
      'p',
      {},
      'Before the first card of each hand, this page received a commitment to the deal: a SHA-256 fingerprint of the hand’s seed and a secret. When the game ended, the server revealed the seed and the secret. This page now recomputes every fingerprint and every deal itself.',
    ),
    h('p', { class: `verify-summary${sum.ok === null ? '' : sum.ok ? ' good' : ' bad'}`, 'data-testid': 'verify-summary' }, sum.ok === null ? '' : mark(sum.ok), sum.ok === null ? '' : ' ', sum.text),
  ];
  if (entry.seed !== null && entry.salt !== null) {
    out.push(
      h(
        'dl',
        { class: 'verify-secret' },
        h('div', {}, h('dt', {}, 'Game seed'), h('dd', {}, h('code', { 'data-testid': 'verify-seed' }, entry.seed))),
        h('div', {}, h('dt', {}, 'Secret'), h('dd', {}, h('code', { 'data-testid': 'verify-salt' }, entry.salt))),
        ...(entry.mix === null ? [] : [h('div', {}, h('dt', {}, 'Your number'), h('dd', {}, h('code', { 'data-testid': 'verify-nonce' }, entry.mix.nonce)))]),
      ),
    );
  }
  if (mix !== null) out.push(mixItem(mix));
  if (checks !== null && checks.length > 0) out.push(h('ol', { class: 'verify-hands' }, ...checks.map((c) => handItem(c, seats))));
  out.push(
    h(
      'p',
      { class: 'hint' },
      mixOk(mix) === true
        ? 'This proves that each deal was fixed before it was played and is the documented shuffle of that seed (the same one the game record’s format describes); and since the seed mixes your number with a secret the server committed to before you chose it, neither side could pick it.'
        : 'The server chose the seed. This proves that each deal was fixed before it was played and is the documented shuffle of that seed (the same one the game record’s format describes); it does not prove the seed was picked blindly.',
    ),
    checkForm(entry, seats),
  );
  return out;
}
