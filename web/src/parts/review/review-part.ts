// The Review dialog's content (docs/protocol.md, "Reviews"): a chunk of its own
// (table/parts.ts, REVIEW_PART). The points lost to mistakes and where, then each hand as a row
// of the player's pass and 13 cards, the costly ones marked with what they cost and what
// was best; under each hand its decisions trick by trick, with the numbers; and the
// largest mistakes in words. The server's `review` is read here too (read-review.ts).

import { cardShort, suitOf } from '../../game/cards';
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
const KIND_WORDS: Readonly<Record<LossKind, string>> = { pass: 'passing', lead: 'leading', follow: 'following suit', discard: 'discarding', moon: 'moon defence' };
/** A decision's kind in the timeline's "What" column. */
const STEP_WORDS: Readonly<Record<PlayKindKey, string>> = { lead: 'lead', follow: 'follow suit', discard: 'discard', moon: 'moon defence' };
const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];
const SEAT_NAME: Readonly<Record<Seat, string>> = { S: 'South', W: 'West', N: 'North', E: 'East' };

function points(p: number): string {
  const t = p.toFixed(1).replace(/\.0$/, '');
  return `${t} ${t === '1' ? 'point' : 'points'}`;
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
  return `${d === 'across' ? 'across' : `to the ${d}`} (${SEAT_NAME[to]})`;
}

/** "the Q♠, A♥ and 2♣". */
function cardList(cards: readonly Card[]): string {
  const short = cards.map(cardShort);
  return `the ${short.length > 1 ? `${short.slice(0, -1).join(', ')} and ${short[short.length - 1] ?? ''}` : (short[0] ?? '')}`;
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
  const start = `The pass: ${cardList(p.passed)} ${toWords(me, p.to)}`;
  const best = `passing ${cardList(p.best)} would cost about ${points(p.bestPoints)}`;
  if (p.mistake) return `${start} cost about ${points(p.passedPoints)}; ${best}.`;
  if (sameCards(p.passed, p.best)) return `${start}, about ${points(p.passedPoints)}, the best pass.`;
  if (yoursAsGood(p)) return `${start}, about ${points(p.passedPoints)}, as good as the search’s pass: ${best}.`;
  return `${start}, about ${points(p.passedPoints)}; ${best}, no clear difference.`;
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
  const about = mistake
    ? `Trick ${p.trick}: the ${cardShort(p.played)} cost about ${points(p.playedPoints)}; the ${cardShort(p.best)} ${p.bestPoints <= 0.5 ? 'was safe' : `would cost about ${points(p.bestPoints)}`}.`
    : `Trick ${p.trick}: the ${cardShort(p.played)}, about ${points(p.playedPoints)}${p.played === p.best ? ', the best card' : ''}.`;
  return h(
    'li',
    { class: `review-card suit-${suitOf(p.played)}${mistake ? ' mistake' : ''}`, title: about, 'aria-label': about, 'data-loss': loss.toFixed(2), tabindex: mistake ? '0' : null },
    cardShort(p.played),
    mistake ? h('span', { class: 'review-loss', 'aria-hidden': 'true' }, `−${loss.toFixed(1)}`) : '',
  );
}

/** The hand's pass, first in its row: the 3 cards and where they went. */
function passCell(p: ReviewedPass, me: Seat): HTMLElement {
  const loss = passLossOf(p);
  const about = passWords(p, me);
  return h(
    'li',
    { class: `review-pass${p.mistake ? ' mistake' : ''}`, title: about, 'aria-label': about, 'data-loss': loss.toFixed(2), 'data-testid': `review-pass-${p.hand}`, tabindex: p.mistake ? '0' : null },
    cardNames(p.passed),
    h('span', { class: 'review-pass-to' }, `→ ${direction(me, p.to)}`),
    p.mistake ? h('span', { class: 'review-loss', 'aria-hidden': 'true' }, `−${loss.toFixed(1)}`) : '',
  );
}

/**
 * The loss in the timeline: never below 0 (the search's pick can come out a little worse
 * on the samples). A mistake's has a button that opens the replay there, when the page can.
 */
function lostCell(loss: number, mistake: boolean, see: (() => void) | null, where: string): HTMLElement {
  let button: HTMLElement | null = null;
  if (mistake && see !== null) {
    const label = `See ${where} in the replay`;
    button = h('button', { type: 'button', class: 'link review-see', 'aria-label': label, title: label }, 'See it');
    button.addEventListener('click', see);
  }
  return h('td', { class: 'review-lost' }, Math.max(0, loss).toFixed(1), mistake ? h('span', { class: 'sr-only' }, ', a mistake') : '', button);
}

/** Opens the replay at a place, or null when the page shows none (a drawing without handlers). */
type See = ((at: ReplayStart) => void) | null;

/** The pass row's Best: the search's pass, or "yours" when yours cost no more, with the search's after it. */
function bestPassCell(p: ReviewedPass): HTMLElement {
  const search = [cardNames(p.best), ' ', h('span', { class: 'review-points' }, p.bestPoints.toFixed(1))];
  if (!yoursAsGood(p)) return h('td', {}, ...search);
  return h('td', { class: 'review-yours' }, 'yours', h('span', { class: 'review-search' }, ' (the search’s ', ...search, ')'));
}

function passRow(p: ReviewedPass, me: Seat, see: See): HTMLElement {
  const d = direction(me, p.to);
  return h(
    'tr',
    { class: p.mistake ? 'mistake' : null, 'data-testid': `review-step-${p.hand}-pass` },
    h('th', { scope: 'row' }, 'Pass'),
    h('td', {}, d === 'across' ? 'pass across' : `pass to the ${d}`),
    h('td', {}, cardNames(p.passed), ' ', h('span', { class: 'review-points' }, p.passedPoints.toFixed(1))),
    bestPassCell(p),
    lostCell(passLossOf(p), p.mistake, see && (() => see({ hand: p.hand, card: null, mark: { seat: me, played: p.passed, best: p.best } })), `hand ${p.hand}’s pass`),
  );
}

function playRow(p: ReviewedPlay, me: Seat, see: See): HTMLElement {
  const loss = lossOf(p);
  const mistake = loss >= NOISE;
  return h(
    'tr',
    { class: mistake ? 'mistake' : null, 'data-testid': `review-step-${p.hand}-${p.trick}` },
    h('th', { scope: 'row' }, String(p.trick)),
    h('td', {}, STEP_WORDS[p.kind]),
    h('td', {}, cardName(p.played), ' ', h('span', { class: 'review-points' }, p.playedPoints.toFixed(1))),
    h('td', {}, cardName(p.best), ' ', h('span', { class: 'review-points' }, p.bestPoints.toFixed(1))),
    lostCell(loss, mistake, see && (() => see({ hand: p.hand, card: p.played, mark: { seat: me, played: [p.played], best: [p.best] } })), `hand ${p.hand}, trick ${p.trick}`),
  );
}

/** A hand's decisions, the pass then each trick, with the numbers: folded until opened. */
function timeline(hand: number, pass: ReviewedPass | undefined, plays: readonly ReviewedPlay[], me: Seat, see: See): HTMLElement {
  const col = (text: string): HTMLElement => h('th', { scope: 'col' }, text);
  return h(
    'details',
    { class: 'review-timeline', 'data-testid': `review-timeline-${hand}` },
    h('summary', { 'aria-label': `Hand ${hand}, trick by trick` }, 'Trick by trick'),
    h(
      'div',
      { class: 'review-table-wrap' },
      h(
        'table',
        { class: 'review-table' },
        h(
          'caption',
          { class: 'review-caption' },
          `Hand ${hand}: each of your decisions, your ${pass ? 'pass or card' : 'card'} and the best one with the points each cost on average, and the points lost.`,
          pass && yoursAsGood(pass) ? ' The search chose its pass on other deals: on these, yours cost no more than it did, so the best is yours.' : '',
        ),
        h('thead', {}, h('tr', {}, col('Trick'), col('What'), col('Yours'), col('Best'), col('Lost'))),
        h('tbody', {}, ...(pass ? [passRow(pass, me, see)] : []), ...plays.map((p) => playRow(p, me, see))),
      ),
    ),
  );
}

export function reviewContent(r: GameReview, handlers: ReviewHandlers | null = null): HTMLElement[] {
  const see: See = handlers && ((at) => handlers.openReplay(r.table, at));
  const hands = new Map<number, ReviewedPlay[]>();
  for (const p of r.passes) hands.set(p.hand, []);
  for (const p of r.plays) hands.set(p.hand, [...(hands.get(p.hand) ?? []), p]);
  const passes = new Map(r.passes.map((p) => [p.hand, p]));
  const kinds = (Object.keys(KIND_WORDS) as LossKind[]).filter((k) => r.byKind[k] > 0);
  const passed = r.passes.length > 0;
  const summary =
    r.lost < NOISE
      ? `No card ${passed ? 'you passed or played' : 'you played'} cost noticeably more than the best one: well played.`
      : `You lost about ${points(r.lost)} to mistakes: ${kinds.map((k) => `${KIND_WORDS[k]} ${points(r.byKind[k])}`).join(', ')}.`;
  const lines = r.text.split('\n').filter((l) => l.startsWith('  Hand '));
  const hint = [
    `${passed ? 'Each pass and each card you played was' : 'Each card you played was'} weighed against the best one in that position`,
    ` on ${r.deals} deals of the cards you could not see${passed ? ' (a pass, on more)' : ''}, played out by the computer;`,
    ' the points are what the rest of the hand cost you on average.',
    ` A marked one cost more than the best by at least ${NOISE} points${passed ? ' (a pass, also by more than the sampling’s error)' : ''}.`,
    ` Open a hand’s “Trick by trick” for the numbers${see ? ', and a mistake’s “See it” for the replay just before it' : ''}.`,
  ];
  return [
    h('p', { class: `verify-summary${r.lost < NOISE ? ' good' : ''}`, 'data-testid': 'review-summary' }, summary),
    h('p', { class: 'hint' }, hint.join('')),
    h(
      'ol',
      { class: 'review-hands', 'data-testid': 'review-hands' },
      ...[...hands.entries()]
        .sort(([a], [b]) => a - b)
        .map(([hand, plays]) => {
          const pass = passes.get(hand);
          return h(
            'li',
            { 'data-testid': `review-hand-${hand}` },
            h('span', { class: 'review-hand-name' }, `Hand ${hand}`),
            h('ol', { class: 'review-row' }, ...(pass ? [passCell(pass, r.seat)] : []), ...plays.map(cell)),
            timeline(hand, pass, plays, r.seat, see),
          );
        }),
    ),
    ...(lines.length > 0 ? [h('h3', {}, 'The largest'), h('ul', { class: 'review-largest', 'data-testid': 'review-largest' }, ...lines.map((l) => h('li', {}, l.trim())))] : []),
  ];
}

/** The dialog's body for the review's state: waiting, why it failed, or the review. */
export function reviewBody(r: ReviewState, handlers: ReviewHandlers | null = null): HTMLElement[] {
  if (r.status === 'failed') return [h('p', { class: 'verify-error', 'data-testid': 'review-error' }, r.error ?? 'The review could not be made.')];
  if (r.status === 'loading' || r.data === null) return [h('p', { class: 'hint', 'data-testid': 'review-loading' }, 'Weighing every pass you made and every card you played against the best one…')];
  return reviewContent(r.data, handlers);
}
