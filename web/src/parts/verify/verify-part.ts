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
import { verifyWords as w } from '../../i18n/verify';
import { formatNumber } from '../../i18n/words';
import { h } from '../../ui/dom';
import { isCommitment, isSalt, type FairEntry } from '../../state/fair';
import type { Card, Seat } from '../../net/types';

const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];
const SEAT_LETTER = { S: 'seatS', W: 'seatW', N: 'seatN', E: 'seatE' } as const;

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
    head = w('mixNotKept', { number: short(m.revealed ?? '') });
  } else {
    const sent = m.nonce;
    head = w(ok ? 'mixGood' : 'mixWrong', { number: short(sent) });
    lines.push(
      h('li', {}, mark(m.committed), ` ${w(m.committed ? 'secretCommitted' : 'secretNotCommitted')}`),
      h(
        'li',
        {},
        mark(m.sameNonce),
        ` ${m.sameNonce ? w('usedNumber', { sent }) : m.revealed === null ? w('noNumber', { sent }) : w('otherNumber', { revealed: m.revealed, sent })}`,
      ),
      h('li', {}, mark(m.seed), ` ${w(m.seed ? 'seedMixed' : 'seedNotMixed')}`),
    );
  }
  return h(
    'div',
    { class: `verify-mix ${ok === null ? 'unknown' : ok ? 'good' : 'bad'}`, 'data-testid': 'verify-mix', 'data-ok': String(ok) },
    h('h3', {}, w('mixTitle')),
    h('p', {}, mark(ok), ` ${head}`),
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
  if (mixOk(mix) === false) return { text: w('mixBad'), ok: false };
  if (checks === null) return { text: w('notOver'), ok: null };
  if (checks.every((c) => c.committed === null)) return { text: w('noneKept'), ok: null };
  const bad = checks.filter(handBad);
  if (bad.length > 0) {
    const hands = bad.map((c) => formatNumber(c.hand)).reduce((a, b) => w('listComma', { a, b }));
    return { text: w('handsBad', { n: bad.length, hands }), ok: false };
  }
  const n = checks.length;
  const good = checks.filter(handOk).length;
  // One deal is "the deal", not a count of them.
  if (good === n) return { text: n === 1 ? w('oneGood') : w('allGood', { n }), ok: true };
  return { text: w('someGood', { n, good }), ok: null };
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
          h('th', { scope: 'row' }, s === seats.me ? w('you') : seats.names[s] || w(SEAT_LETTER[s])),
          h('td', { 'aria-label': deal[s].map(cardShort).join(' ') }, ...deal[s].flatMap((c, i) => [i > 0 ? ' ' : '', h('span', { class: `verify-card suit-${suitOf(c)}` }, cardShort(c))])),
        ),
      ),
    ),
  );
}

function handItem(c: HandCheck, seats: VerifySeats): HTMLElement {
  const commitLine = c.committed === null ? 'noCommitment' : !c.committed ? 'commitWrong' : c.early ? 'commitGood' : 'commitLate';
  const lines: HTMLElement[] = [h('li', {}, mark(c.committed === null ? null : c.committed && c.early ? true : c.committed ? null : false), ` ${w(commitLine)}`)];
  if (c.changed) lines.push(h('li', {}, mark(false), ` ${w('changed')}`));
  lines.push(h('li', {}, mark(c.cards), ` ${w(c.cards === null ? 'cardsUnseen' : c.cards ? 'cardsGood' : 'cardsWrong')}`));
  const state = handOk(c) ? 'good' : handBad(c) ? 'bad' : 'unknown';
  return h(
    'li',
    { class: `verify-hand ${state}`, 'data-testid': `verify-hand-${c.hand}`, 'data-ok': String(handOk(c)), 'data-state': state },
    h('h3', {}, w('hand', { hand: c.hand })),
    h('ul', { class: 'verify-lines' }, ...lines),
    h('details', {}, h('summary', {}, w('theDeal')), dealTable(c.deal, seats)),
  );
}

/** A form to check any deal: seed, secret, hand, and a commitment if there is one. */
function checkForm(entry: FairEntry, seats: VerifySeats): HTMLElement {
  const field = (id: string, label: string, value: string, attrs: Record<string, string> = {}): [HTMLLabelElement, HTMLInputElement] => {
    const input = h('input', { id, name: id, value, autocomplete: 'off', spellcheck: 'false', ...attrs });
    return [h('label', { for: id }, label), input];
  };
  const [seedLabel, seed] = field('verify-seed', w('seed'), entry.seed ?? '', { inputmode: 'numeric' });
  const [saltLabel, salt] = field('verify-salt', w('salt'), entry.salt ?? '');
  const [handLabel, hand] = field('verify-hand', w('handField'), '1', { type: 'number', min: '1', max: '999' });
  const [commitLabel, commit] = field('verify-commit', w('commitment'), entry.hands[1]?.commit ?? '');
  const out = h('div', { class: 'verify-out', 'data-testid': 'verify-out', role: 'status' });
  const form = h(
    'form',
    { class: 'verify-form', 'data-testid': 'verify-form', novalidate: true },
    h('div', { class: 'field-wrap' }, seedLabel, seed),
    h('div', { class: 'field-wrap' }, saltLabel, salt),
    h('div', { class: 'field-wrap' }, handLabel, hand),
    h('div', { class: 'field-wrap' }, commitLabel, commit),
    h('button', { type: 'submit', 'data-testid': 'verify-check' }, w('check')),
    out,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    out.replaceChildren(...checkByHand(seed.value.trim(), salt.value.trim(), hand.value.trim(), commit.value.trim(), seats));
  });
  return h('details', { class: 'verify-yourself' }, h('summary', {}, w('checkYourself')), form);
}

/** What the form says: an error a person can act on, or the deal and the commitment's check. */
export function checkByHand(seedText: string, salt: string, handText: string, commit: string, seats: VerifySeats): HTMLElement[] {
  const problem = (text: string): HTMLElement[] => [h('p', { class: 'verify-error' }, text)];
  const seed = parseSeed(seedText);
  if (seed === null) return problem(w('badSeed'));
  const hand = Number(handText);
  if (!/^[1-9][0-9]{0,2}$/.test(handText)) return problem(w('badHand'));
  const deal = dealHand(seed, hand);
  const parts: HTMLElement[] = [h('p', {}, w('deals', { hand, seed: seedText })), dealTable(deal, seats)];
  if (commit === '') return parts;
  if (!isCommitment(commit)) return [...problem(w('badCommitment')), ...parts];
  if (!isSalt(salt)) return [...problem(w('badSalt')), ...parts];
  const ok = commitment(seed, hand, salt) === commit;
  return [
    h('p', { 'data-testid': 'verify-by-hand', 'data-ok': String(ok) }, mark(ok), ` ${w(ok ? 'matches' : 'noMatch')}`),
    ...parts,
  ];
}

/** The dialog's content for one table. */
export function verifyContent(entry: FairEntry, seats: VerifySeats): HTMLElement[] {
  const checks = checkEntry(entry, seats.me);
  const mix = checkMix(entry);
  const sum = summary(checks, mix);
  const out: HTMLElement[] = [
    h('p', {}, w('intro')),
    h('p', { class: `verify-summary${sum.ok === null ? '' : sum.ok ? ' good' : ' bad'}`, 'data-testid': 'verify-summary' }, sum.ok === null ? '' : mark(sum.ok), sum.ok === null ? '' : ' ', sum.text),
  ];
  if (entry.seed !== null && entry.salt !== null) {
    out.push(
      h(
        'dl',
        { class: 'verify-secret' },
        h('div', {}, h('dt', {}, w('seed')), h('dd', {}, h('code', { 'data-testid': 'verify-seed' }, entry.seed))),
        h('div', {}, h('dt', {}, w('secret')), h('dd', {}, h('code', { 'data-testid': 'verify-salt' }, entry.salt))),
        ...(entry.mix === null ? [] : [h('div', {}, h('dt', {}, w('yourNumber')), h('dd', {}, h('code', { 'data-testid': 'verify-nonce' }, entry.mix.nonce)))]),
      ),
    );
  }
  if (mix !== null) out.push(mixItem(mix));
  if (checks !== null && checks.length > 0) out.push(h('ol', { class: 'verify-hands' }, ...checks.map((c) => handItem(c, seats))));
  out.push(
    h('p', { class: 'hint' }, w(mixOk(mix) === true ? 'provesMix' : 'proves')),
    checkForm(entry, seats),
  );
  return out;
}
