// Card vocabulary for people: names, display order, and the SVG pictures.
//
// The pictures are drawn in a 200×280 viewBox from a few paths, so they are crisp at
// any size. Colours come from CSS custom properties (--suit-clubs etc.), which is how
// the four-colour deck is a settings switch rather than a second set of pictures.

import { gameWords as g } from '../i18n/game';
import type { Card, Rank, Suit } from '../net/types';

export const SUIT_ORDER: readonly Suit[] = ['C', 'D', 'S', 'H'];
export const RANK_ORDER: readonly Rank[] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { C: '♣', D: '♦', S: '♠', H: '♥' };

export function rankOf(card: Card): Rank {
  return card[0] as Rank;
}

export function suitOf(card: Card): Suit {
  return card[1] as Suit;
}

/** "spades", in the language in use. */
export function suitName(suit: Suit): string {
  return g(suit);
}

export function suitSymbol(suit: Suit): string {
  return SUIT_SYMBOLS[suit];
}

/** "queen of spades" — for sentences ("Mike plays the queen of spades"). */
export function cardName(card: Card): string {
  return g('card', { rank: g(rankOf(card)), suit: g(suitOf(card)) });
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
  // Court cards: a double-headed figure in a framed panel, as on a real deck: the top
  // half drawn once, the bottom half the same turned round.
  const half = courtHalf(r as 'J' | 'Q' | 'K', suit);
  return (
    `<rect x="44" y="44" width="112" height="192" rx="10" class="court"/>` +
    `<g>${half}</g><g transform="rotate(180 100 140)">${half}</g>` +
    `<path d="M46 140H154" class="court-divider"/>`
  );
}

/** What a court figure wears on its head, and its hair: the king's crown and beard, the queen's tiara and long hair, the jack's feathered cap. */
const COURT_HEADS: Readonly<Record<'J' | 'Q' | 'K', string>> = {
  K:
    `<path class="court-hair" d="M85 76Q84 68 90 66H110Q116 68 115 76Q114 70 100 70Q86 70 85 76Z"/>` +
    `<path class="court-gold" d="M84 67V51L91.5 59L100 46L108.5 59L116 51V67Z"/>` +
    `<circle class="court-jewel" cx="100" cy="60" r="2.6"/>`,
  Q:
    `<path class="court-hair" d="M85 80Q83 66 92 63Q100 60 108 63Q117 66 115 80Q120 96 122 110L112 106Q115 90 112 76Q100 70 88 76Q85 90 88 106L78 110Q80 96 85 80Z"/>` +
    `<path class="court-gold" d="M87 67Q100 58 113 67L111 57L106 61L100 51L94 61L89 57Z"/>` +
    `<circle class="court-gold" cx="100" cy="50" r="3"/>`,
  J:
    `<path class="court-hair" d="M86 78Q86 70 92 69H108Q114 70 114 78Q110 73 100 73Q90 73 86 78Z"/>` +
    `<path class="court-cap" d="M81 72Q83 55 100 55Q117 55 119 72Q100 65 81 72Z"/>` +
    `<path class="court-gold" d="M113 60Q124 47 134 41Q127 55 117 64Z"/>`,
};

/** The king's beard (the others are clean-shaven). */
const KING_BEARD = `<path class="court-beard" d="M86 83Q87 101 100 106Q113 101 114 83Q108 94 100 94Q92 94 86 83Z"/>`;

/** What each court figure holds at its side: a sceptre, a flower, a halberd. */
const COURT_ITEMS: Readonly<Record<'J' | 'Q' | 'K', string>> = {
  K: `<path class="court-staff" d="M131 138L127 100"/><circle class="court-gold" cx="126.6" cy="97" r="4"/>`,
  Q: `<path class="court-staff" d="M68 138L72 112"/><circle class="court-petal" cx="72.5" cy="108" r="5"/><circle class="court-gold" cx="72.5" cy="108" r="2"/>`,
  J: `<path class="court-staff" d="M131 138L129 92"/><path class="court-gold" d="M129 92L123 100L135 99Z"/>`,
};

function courtHalf(rank: 'J' | 'Q' | 'K', suit: Suit): string {
  return (
    // The robe in the suit's colour, with a gold band and a white collar.
    `<path class="court-robe" d="M56 140L62 113Q72 100 88 98H112Q128 100 138 113L144 140Z"/>` +
    `<path class="court-trim" d="M88 99L100 125L112 99"/>` +
    `<path class="court-collar" d="M84 99Q100 111 116 99L112 95Q100 104 88 95Z"/>` +
    `<circle class="court-skin" cx="100" cy="80" r="15"/>` +
    (rank === 'K' ? KING_BEARD : '') +
    COURT_HEADS[rank] +
    `<circle class="court-ink" cx="94.5" cy="79" r="1.7"/><circle class="court-ink" cx="105.5" cy="79" r="1.7"/>` +
    `<path class="court-mouth" d="M96 87.5Q100 90.5 104 87.5"/>` +
    // The suit on a gold medallion on the chest, and what the figure holds.
    `<circle class="court-gold" cx="100" cy="127" r="9"/>` +
    suitShape(suit, 100, 127, 12, false) +
    COURT_ITEMS[rank]
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
