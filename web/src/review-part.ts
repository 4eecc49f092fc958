// The Review dialog's content (docs/protocol.md, "Reviews"): a chunk of its own
// (render.ts, REVIEW_PART). The points lost to mistakes and where, then each hand as a row
// of the player's 13 cards, the costly ones marked with what they cost and what was best,
// and the largest mistakes in words.

import { cardShort, suitOf } from './cards';
import { h } from './dom';
import type { GameReview, PlayKindKey, ReviewedPlay } from './protocol';
import type { ReviewState } from './state';

/** A loss under this is the sampling's noise, not a mistake (as the server counts). */
export const NOISE = 0.25;
const KIND_WORDS: Readonly<Record<PlayKindKey, string>> = { lead: 'leading', follow: 'following suit', discard: 'discarding', moon: 'moon defence' };

function points(p: number): string {
  const t = p.toFixed(1).replace(/\.0$/, '');
  return `${t} ${t === '1' ? 'point' : 'points'}`;
}

export function lossOf(p: ReviewedPlay): number {
  return p.playedPoints - p.bestPoints;
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

export function reviewContent(r: GameReview): HTMLElement[] {
  const hands = new Map<number, ReviewedPlay[]>();
  for (const p of r.plays) hands.set(p.hand, [...(hands.get(p.hand) ?? []), p]);
  const kinds = (Object.keys(KIND_WORDS) as PlayKindKey[]).filter((k) => r.byKind[k] > 0);
  const summary =
    r.lost < NOISE
      ? 'No card you played cost noticeably more than the best one: well played.'
      : `You lost about ${points(r.lost)} to mistakes: ${kinds.map((k) => `${KIND_WORDS[k]} ${points(r.byKind[k])}`).join(', ')}.`;
  const lines = r.text.split('\n').filter((l) => l.startsWith('  Hand '));
  return [
    h('p', { class: `verify-summary${r.lost < NOISE ? ' good' : ''}`, 'data-testid': 'review-summary' }, summary),
    h(
      'p',
      { class: 'hint' },
      `Each card you played was weighed against the best card in that position on ${r.deals} deals of the cards you could not see, played out by the computer. A marked card cost more than the best one by at least ${NOISE} points; hover or focus it for the numbers.`,
    ),
    h(
      'ol',
      { class: 'review-hands', 'data-testid': 'review-hands' },
      ...[...hands.entries()].map(([hand, plays]) => h('li', { 'data-testid': `review-hand-${hand}` }, h('span', { class: 'review-hand-name' }, `Hand ${hand}`), h('ol', { class: 'review-row' }, ...plays.map(cell)))),
    ),
    ...(lines.length > 0 ? [h('h3', {}, 'The largest'), h('ul', { class: 'review-largest', 'data-testid': 'review-largest' }, ...lines.map((l) => h('li', {}, l.trim())))] : []),
  ];
}

/** The dialog's body for the review's state: waiting, why it failed, or the review. */
export function reviewBody(r: ReviewState): HTMLElement[] {
  if (r.status === 'failed') return [h('p', { class: 'verify-error', 'data-testid': 'review-error' }, r.error ?? 'The review could not be made.')];
  if (r.status === 'loading' || r.data === null) return [h('p', { class: 'hint', 'data-testid': 'review-loading' }, 'Weighing every card you played against the best one…')];
  return reviewContent(r.data);
}
