// The Review dialog's content (docs/protocol.md, "Reviews"): a chunk of its own
// (table/parts.ts, REVIEW_PART). The points lost to mistakes and where, then each hand as a row
// of the player's pass and 13 cards (in a claimed hand, those chosen and how many were
// played out), the costly ones marked with what they cost and what was best; under each
// hand its decisions trick by trick, with the numbers; and the largest mistakes in words.
// The server's `review` is read here too (read-review.ts).
// Every sentence is made here from the review's numbers, in the language in use: the
// server's English `text` is not shown.

import { cardShort, suitOf } from '../../game/cards';
import { reviewWords as w } from '../../i18n/review';
import { formatNumber, language } from '../../i18n/words';
import { h } from '../../ui/dom';
import type { Card, GameReview, LossKind, PlayKindKey, ReviewedPass, ReviewedPlay, Seat } from '../../net/types';
import type { ReplayStart, ReviewState } from '../../state/state';

export { readReview } from './read-review';

/** What the review asks of the page: the game's replay, opened at a decision. */
export interface ReviewHandlers {
  openReplay(table: string, at: ReplayStart): void;
}

/** A card's loss under this is the sampling's noise, not a mistake (as the server counts). A pass says itself (`mistake`). */
export const NOISE = 0.25;
/** The kinds of loss, in the summary's order, and their words. */
const KIND_WORDS = { pass: 'kindPass', lead: 'kindLead', follow: 'kindFollow', discard: 'kindDiscard', moon: 'kindMoon' } as const satisfies Record<LossKind, string>;
/** A decision's kind in the timeline's "What" column. */
const STEP_WORDS = { lead: 'stepLead', follow: 'stepFollow', discard: 'stepDiscard', moon: 'stepMoon' } as const satisfies Record<PlayKindKey, string>;
const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];
const SEAT_WORD = { S: 'south', W: 'west', N: 'north', E: 'east' } as const;
/** The largest mistakes listed (as the server's own text lists them). */
const LARGEST = 5;

/** "4.2 points", "1 point": to a tenth, the way the language writes it. */
function points(p: number): string {
  return w('points', { n: Number(p.toFixed(1)) });
}

const tenths = new Map<string, Intl.NumberFormat>();

/** A number to a tenth, always with its decimal: "4.2", "0.0" ("4,2" in German). */
function tenth(p: number): string {
  let f = tenths.get(language());
  if (f === undefined) tenths.set(language(), (f = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return f.format(p);
}

export function lossOf(p: ReviewedPlay): number {
  return p.playedPoints - p.bestPoints;
}

export function passLossOf(p: ReviewedPass): number {
  return p.passedPoints - p.bestPoints;
}

/** Where `to` sits from `me`: seats go S, W, N, E clockwise, and the next one is on the left. */
function direction(me: Seat, to: Seat): 'left' | 'across' | 'right' {
  const n = (SEATS.indexOf(to) - SEATS.indexOf(me) + 4) % 4;
  return n === 1 ? 'left' : n === 2 ? 'across' : 'right';
}

/** "to the left (West)", "across (North)". */
function toWords(me: Seat, to: Seat): string {
  const d = direction(me, to);
  return w(d === 'left' ? 'toLeft' : d === 'right' ? 'toRight' : 'toAcross', { seat: w(SEAT_WORD[to]) });
}

/** "the Q♠, A♥ and 2♣". */
function cardList(cards: readonly Card[]): string {
  const short = cards.map(cardShort);
  const last = short.pop() ?? '';
  return w('theCards', { cards: short.length === 0 ? last : w('listAnd', { a: commas(short), b: last }) });
}

/** "a, b, c", with the language's comma. */
function commas(items: readonly string[]): string {
  return items.length === 0 ? '' : items.reduce((a, b) => w('listComma', { a, b }));
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

/**
 * Whether the player's pass, not the search's, cost no more on the deals that weighed the
 * two: the search chose its pass on other deals, so on these it can come out worse (never
 * so for a card, the cheapest on the same deals).
 */
function yoursAsGood(p: ReviewedPass): boolean {
  return !sameCards(p.passed, p.best) && p.passedPoints <= p.bestPoints;
}

/** A pass in words: what it cost, and what the search's pass would have. */
export function passWords(p: ReviewedPass, me: Seat): string {
  const words = { cards: cardList(p.passed), to: toWords(me, p.to), cost: points(p.passedPoints), best: cardList(p.best), bestCost: points(p.bestPoints) };
  if (p.mistake) return w('passMistake', words);
  if (sameCards(p.passed, p.best)) return w('passBest', words);
  return w(yoursAsGood(p) ? 'passAsGood' : 'passNoDifference', words);
}

function cardName(c: Card): HTMLElement {
  return h('span', { class: `review-name suit-${suitOf(c)}` }, cardShort(c));
}

/** The cards with spaces between them, kept on one line. */
function cardNames(cards: readonly Card[]): HTMLElement {
  return h('span', { class: 'review-names' }, ...cards.flatMap((c, i) => (i === 0 ? [cardName(c)] : [' ', cardName(c)])));
}

function cell(p: ReviewedPlay): HTMLElement {
  const loss = lossOf(p);
  const mistake = loss >= NOISE;
  const words = { trick: p.trick, card: cardShort(p.played), cost: points(p.playedPoints), best: cardShort(p.best), bestCost: points(p.bestPoints) };
  const about = mistake ? w(p.bestPoints <= 0.5 ? 'cardSafe' : 'cardCost', words) : w(p.played === p.best ? 'cardBest' : 'cardFine', words);
  return h(
    'li',
    { class: `review-card suit-${suitOf(p.played)}${mistake ? ' mistake' : ''}`, title: about, 'aria-label': about, 'data-loss': loss.toFixed(2), tabindex: mistake ? '0' : null },
    cardShort(p.played),
    mistake ? h('span', { class: 'review-loss', 'aria-hidden': 'true' }, `−${tenth(loss)}`) : '',
  );
}

/** Last in a claimed hand's row: my cards played out after the claim, which nobody chose. */
function claimedCell(cards: number): HTMLElement {
  return h('li', { class: 'review-claimed', 'data-testid': 'review-claimed' }, w('playedOut', { n: cards }));
}

/** The hand's pass, first in its row: the 3 cards and where they went. */
function passCell(p: ReviewedPass, me: Seat): HTMLElement {
  const loss = passLossOf(p);
  const about = passWords(p, me);
  return h(
    'li',
    { class: `review-pass${p.mistake ? ' mistake' : ''}`, title: about, 'aria-label': about, 'data-loss': loss.toFixed(2), 'data-testid': `review-pass-${p.hand}`, tabindex: p.mistake ? '0' : null },
    cardNames(p.passed),
    h('span', { class: 'review-pass-to' }, `→ ${w(direction(me, p.to))}`),
    p.mistake ? h('span', { class: 'review-loss', 'aria-hidden': 'true' }, `−${tenth(loss)}`) : '',
  );
}

/**
 * The loss in the timeline: never below 0 (the search's pick can come out a little worse
 * on the samples). A mistake's has a button that opens the replay there, when the page can.
 */
function lostCell(loss: number, mistake: boolean, see: (() => void) | null, label: string): HTMLElement {
  let button: HTMLElement | null = null;
  if (mistake && see !== null) {
    button = h('button', { type: 'button', class: 'link review-see', 'aria-label': label, title: label }, w('seeIt'));
    button.addEventListener('click', see);
  }
  return h('td', { class: 'review-lost' }, tenth(Math.max(0, loss)), mistake ? h('span', { class: 'sr-only' }, w('aMistake')) : '', button);
}

/** Opens the replay at a place, or null when the page shows none (a drawing without handlers). */
type See = ((at: ReplayStart) => void) | null;

/** The pass row's Best: the search's pass, or "yours" when yours cost no more, with the search's after it. */
function bestPassCell(p: ReviewedPass): HTMLElement {
  const search = [cardNames(p.best), ' ', h('span', { class: 'review-points' }, tenth(p.bestPoints))];
  if (!yoursAsGood(p)) return h('td', {}, ...search);
  // The search's pass goes where the language puts it in the words around it.
  const [before = '', after = ''] = w('searchPass', { pass: '\u0000' }).split('\u0000');
  return h('td', { class: 'review-yours' }, w('yours'), h('span', { class: 'review-search' }, ` ${before}`, ...search, after));
}

function passRow(p: ReviewedPass, me: Seat, see: See): HTMLElement {
  const d = direction(me, p.to);
  return h(
    'tr',
    { class: p.mistake ? 'mistake' : null, 'data-testid': `review-step-${p.hand}-pass` },
    h('th', { scope: 'row' }, w('pass')),
    h('td', {}, w(d === 'across' ? 'passAcross' : d === 'left' ? 'passToLeft' : 'passToRight')),
    h('td', {}, cardNames(p.passed), ' ', h('span', { class: 'review-points' }, tenth(p.passedPoints))),
    bestPassCell(p),
    lostCell(passLossOf(p), p.mistake, see && (() => see({ hand: p.hand, card: null, mark: { seat: me, played: p.passed, best: p.best } })), w('seePass', { hand: p.hand })),
  );
}

function playRow(p: ReviewedPlay, me: Seat, see: See): HTMLElement {
  const loss = lossOf(p);
  const mistake = loss >= NOISE;
  return h(
    'tr',
    { class: mistake ? 'mistake' : null, 'data-testid': `review-step-${p.hand}-${p.trick}` },
    h('th', { scope: 'row' }, formatNumber(p.trick)),
    h('td', {}, w(STEP_WORDS[p.kind])),
    h('td', {}, cardName(p.played), ' ', h('span', { class: 'review-points' }, tenth(p.playedPoints))),
    h('td', {}, cardName(p.best), ' ', h('span', { class: 'review-points' }, tenth(p.bestPoints))),
    lostCell(loss, mistake, see && (() => see({ hand: p.hand, card: p.played, mark: { seat: me, played: [p.played], best: [p.best] } })), w('seeCard', { hand: p.hand, trick: p.trick })),
  );
}

/** A hand's decisions, the pass then each trick, with the numbers: folded until opened. */
function timeline(hand: number, pass: ReviewedPass | undefined, plays: readonly ReviewedPlay[], me: Seat, see: See): HTMLElement {
  const col = (text: string): HTMLElement => h('th', { scope: 'col' }, text);
  return h(
    'details',
    { class: 'review-timeline', 'data-testid': `review-timeline-${hand}` },
    h('summary', { 'aria-label': w('byTrickLabel', { hand }) }, w('byTrick')),
    h(
      'div',
      { class: 'review-table-wrap' },
      h(
        'table',
        { class: 'review-table' },
        h(
          'caption',
          { class: 'review-caption' },
          w(pass ? 'captionPass' : 'caption', { hand }),
          pass && yoursAsGood(pass) ? ` ${w('captionYours')}` : '',
        ),
        h('thead', {}, h('tr', {}, col(w('colTrick')), col(w('colWhat')), col(w('colYours')), col(w('colBest')), col(w('colLost')))),
        h('tbody', {}, ...(pass ? [passRow(pass, me, see)] : []), ...plays.map((p) => playRow(p, me, see))),
      ),
    ),
  );
}

/**
 * The largest mistakes in words, largest first (a pass before a card on a tie), as the
 * server's `text` lists them: the passes it counts as mistakes, and the cards that cost at
 * least NOISE more than the best.
 */
export function largest(r: GameReview): string[] {
  const lines: { loss: number; words: string }[] = [];
  for (const p of r.passes) {
    if (!p.mistake) continue;
    const words = { hand: p.hand, cards: cardList(p.passed), cost: points(p.passedPoints), best: cardList(p.best), bestCost: points(p.bestPoints), kind: w('kindPass') };
    lines.push({ loss: passLossOf(p), words: w('largestPass', words) });
  }
  for (const p of r.plays) {
    if (lossOf(p) < NOISE) continue;
    const words = { hand: p.hand, trick: p.trick, card: cardShort(p.played), cost: points(p.playedPoints), best: cardShort(p.best), bestCost: points(p.bestPoints), kind: w(KIND_WORDS[p.kind]) };
    lines.push({ loss: lossOf(p), words: w(p.bestPoints <= 0.5 ? 'largestSafe' : 'largestCost', words) });
  }
  // Array.prototype.sort is stable: the passes stay first on a tie.
  return lines
    .sort((a, b) => b.loss - a.loss)
    .slice(0, LARGEST)
    .map((l) => l.words);
}

export function reviewContent(r: GameReview, handlers: ReviewHandlers | null = null): HTMLElement[] {
  const see: See = handlers && ((at) => handlers.openReplay(r.table, at));
  const hands = new Map<number, ReviewedPlay[]>();
  for (const p of r.passes) hands.set(p.hand, []);
  for (const p of r.plays) hands.set(p.hand, [...(hands.get(p.hand) ?? []), p]);
  const claimed = new Map(r.claimed.map((c) => [c.hand, c.cards]));
  const passes = new Map(r.passes.map((p) => [p.hand, p]));
  const kinds = (Object.keys(KIND_WORDS) as LossKind[]).filter((k) => r.byKind[k] > 0);
  const passed = r.passes.length > 0;
  const summary =
    r.lost < NOISE
      ? w(passed ? 'wellPlayedPass' : 'wellPlayed')
      : w('lost', { points: points(r.lost), kinds: commas(kinds.map((k) => w('kindLost', { kind: w(KIND_WORDS[k]), points: points(r.byKind[k]) }))) });
  // Nothing counted as lost: no mistake to list (as the server's text lists none).
  const lines = r.lost < NOISE ? [] : largest(r);
  const hint = [
    w(passed ? 'weighedPass' : 'weighed', { deals: r.deals }),
    w(passed ? 'markedPass' : 'marked', { noise: NOISE }),
    ...(claimed.size > 0 ? [w('claimedNote')] : []),
    w(see ? 'openSee' : 'open'),
  ];
  return [
    h('p', { class: `verify-summary${r.lost < NOISE ? ' good' : ''}`, 'data-testid': 'review-summary' }, summary),
    h('p', { class: 'hint' }, hint.join(' ')),
    h(
      'ol',
      { class: 'review-hands', 'data-testid': 'review-hands' },
      ...[...hands.entries()]
        .sort(([a], [b]) => a - b)
        .map(([hand, plays]) => {
          const pass = passes.get(hand);
          const rest = claimed.get(hand);
          return h(
            'li',
            { 'data-testid': `review-hand-${hand}` },
            h('span', { class: 'review-hand-name' }, w('hand', { hand })),
            h('ol', { class: 'review-row' }, ...(pass ? [passCell(pass, r.seat)] : []), ...plays.map(cell), ...(rest ? [claimedCell(rest)] : [])),
            timeline(hand, pass, plays, r.seat, see),
          );
        }),
    ),
    ...(lines.length > 0 ? [h('h3', {}, w('largest')), h('ul', { class: 'review-largest', 'data-testid': 'review-largest' }, ...lines.map((l) => h('li', {}, l)))] : []),
  ];
}

/** The dialog's body for the review's state: waiting, why it failed, or the review. */
export function reviewBody(r: ReviewState, handlers: ReviewHandlers | null = null): HTMLElement[] {
  if (r.status === 'failed') return [h('p', { class: 'verify-error', 'data-testid': 'review-error' }, r.error ?? w('failed'))];
  if (r.status === 'loading' || r.data === null) return [h('p', { class: 'hint', 'data-testid': 'review-loading' }, w('loading'))];
  return reviewContent(r.data, handlers);
}
