// Card vocabulary for people: names, display order, and the SVG pictures.
//
// The pictures are drawn in a 200×280 viewBox from a few paths, so they are crisp at
// any size. Colours come from CSS custom properties (--suit-clubs etc.), which is how
// the four-colour deck is a settings switch rather than a second set of pictures.

import type { Card, Rank, Suit } from './protocol';

export const SUIT_ORDER: readonly Suit[] = ['C', 'D', 'S', 'H'];
export const RANK_ORDER: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

const SUIT_NAMES: Readonly<Record<Suit, string>> = { C: 'clubs', D: 'diamonds', S: 'spades', H: 'hearts' };
const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { C: '♣', D: '♦', S: '♠', H: '♥' };
const RANK_NAMES: Readonly<Record<Rank, string>> = {
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  T: 'ten',
  J: 'jack',
  Q: 'queen',
  K: 'king',
  A: 'ace',
};

export function rankOf(card: Card): Rank {
  return card[0] as Rank;
}

export function suitOf(card: Card): Suit {
  return card[1] as Suit;
}

export function suitName(suit: Suit): string {
  return SUIT_NAMES[suit];
}

export function suitSymbol(suit: Suit): string {
  return SUIT_SYMBOLS[suit];
}

/** "queen of spades" — for sentences ("Mike plays the queen of spades"). */
export function cardName(card: Card): string {
  return `${RANK_NAMES[rankOf(card)]} of ${SUIT_NAMES[suitOf(card)]}`;
}

/** "Queen of spades" — for labels. */
export function cardLabel(card: Card): string {
  const name = cardName(card);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "Q♠", "10♥" — short text form. */
export function cardShort(card: Card): string {
  const r = rankOf(card);
  return `${r === 'T' ? '10' : r}${SUIT_SYMBOLS[suitOf(card)]}`;
}

/** Display order: clubs, diamonds, spades, hearts (colours alternate), low to high. */
export function compareCards(a: Card, b: Card): number {
  const bySuit = SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b));
  return bySuit !== 0 ? bySuit : RANK_ORDER.indexOf(rankOf(a)) - RANK_ORDER.indexOf(rankOf(b));
}

export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort(compareCards);
}

// ---- SVG ----

/** Suit shapes in a 100×100 box, centred on (50, 50). */
const SUIT_PATHS: Readonly<Record<Suit, string>> = {
  H: 'M50 92C22 70 4 52 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 52 78 70 50 92Z',
  D: 'M50 2Q68 30 88 50Q68 70 50 98Q32 70 12 50Q32 30 50 2Z',
  S:
    'M50 4C66 24 96 40 96 61C96 76 85 84 72 84C63 84 57 80 53 73C54 84 58 91 68 96H32C42 91 46 84 47 73' +
    'C43 80 37 84 28 84C15 84 4 76 4 61C4 40 34 24 50 4Z',
  C:
    'M50 6A21 21 0 0 1 66 41A21 21 0 1 1 55 76C56 86 60 92 68 96H32C40 92 44 86 45 76' +
    'A21 21 0 1 1 34 41A21 21 0 0 1 50 6Z',
};

/** Pip centres for number cards, in card units (the face spans x 40..160, y 40..240). */
const PIPS: Readonly<Partial<Record<Rank, readonly (readonly [number, number])[]>>> = (() => {
  const L = 65, C = 100, R = 135;
  const T = 62, B = 218, M = 140;
  const q1 = T + (B - T) / 3, q3 = T + (2 * (B - T)) / 3;
  return {
    A: [[C, M]],
    '2': [[C, T], [C, B]],
    '3': [[C, T], [C, M], [C, B]],
    '4': [[L, T], [R, T], [L, B], [R, B]],
    '5': [[L, T], [R, T], [C, M], [L, B], [R, B]],
    '6': [[L, T], [R, T], [L, M], [R, M], [L, B], [R, B]],
    '7': [[L, T], [R, T], [C, (T + M) / 2], [L, M], [R, M], [L, B], [R, B]],
    '8': [[L, T], [R, T], [C, (T + M) / 2], [L, M], [R, M], [C, (M + B) / 2], [L, B], [R, B]],
    '9': [[L, T], [R, T], [L, q1], [R, q1], [C, M], [L, q3], [R, q3], [L, B], [R, B]],
    T: [[L, T], [R, T], [C, (T + q1) / 2], [L, q1], [R, q1], [L, q3], [R, q3], [C, (q3 + B) / 2], [L, B], [R, B]],
  };
})();

function suitShape(suit: Suit, cx: number, cy: number, size: number, flip: boolean): string {
  const s = size / 100;
  const rotate = flip ? ` rotate(180 ${cx} ${cy})` : '';
  return `<path d="${SUIT_PATHS[suit]}" transform="${rotate} translate(${cx - 50 * s} ${cy - 50 * s}) scale(${s})"/>`;
}

function cornerIndex(card: Card, flip: boolean): string {
  const r = rankOf(card);
  const text = r === 'T' ? '10' : r;
  const g = `<text x="22" y="50" class="idx" text-anchor="middle"${r === 'T' ? ' textLength="34" lengthAdjust="spacingAndGlyphs"' : ''}>${text}</text>${suitShape(suitOf(card), 22, 74, 30, false)}`;
  return flip ? `<g transform="rotate(180 100 140)">${g}</g>` : `<g>${g}</g>`;
}

function faceCentre(card: Card): string {
  const r = rankOf(card);
  const suit = suitOf(card);
  const pips = PIPS[r];
  if (pips) {
    const size = r === 'A' ? (suit === 'S' ? 100 : 80) : 40;
    return pips.map(([x, y]) => suitShape(suit, x, y, size, y > 150)).join('');
  }
  // Court cards: a framed panel with the letter and the suit, simple and legible.
  return (
    `<rect x="44" y="44" width="112" height="192" rx="10" class="court"/>` +
    `<text x="100" y="136" class="court-letter" text-anchor="middle">${r}</text>` +
    suitShape(suit, 100, 184, 56, false)
  );
}

/** The face of a card as an SVG element string (no user text inside). */
export function cardSvg(card: Card): string {
  return (
    `<svg class="card-svg suit-${suitOf(card)}" viewBox="0 0 200 280" aria-hidden="true" focusable="false">` +
    `<rect x="2" y="2" width="196" height="276" rx="16" class="face"/>` +
    cornerIndex(card, false) +
    cornerIndex(card, true) +
    faceCentre(card) +
    `</svg>`
  );
}

/** A crescent moon (the shooting-the-moon mark); emoji fonts are not everywhere. */
export function moonSvg(): string {
  return (
    '<svg class="moon-svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">' +
    '<path d="M62 6A46 46 0 1 0 94 74A38 38 0 1 1 62 6Z"/></svg>'
  );
}
