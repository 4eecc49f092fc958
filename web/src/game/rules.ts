// The rules in words: the in-app rules page, the seating around the table, and the
// wording that explains why a card cannot be played. Nothing here decides legality —
// that arrives from the server as `view.legal`; these functions only put a refusal
// into words a player understands.

import { gameWords as g } from '../i18n/game';
import { cardName, suitName, suitOf } from './cards';
import { SEATS, seatIndex, type Card, type PassDirection, type Seat, type Trick, type View } from '../net/types';

/** Where a seat sits as seen by `me`: 0 bottom (me), 1 left, 2 top, 3 right. */
export function relativePosition(me: Seat, seat: Seat): 0 | 1 | 2 | 3 {
  return ((seatIndex(seat) - seatIndex(me) + 4) % 4) as 0 | 1 | 2 | 3;
}

export const POSITION_NAMES = ['bottom', 'left', 'top', 'right'] as const;
export type Position = (typeof POSITION_NAMES)[number];

export function positionOf(me: Seat, seat: Seat): Position {
  return POSITION_NAMES[relativePosition(me, seat)];
}

/** The seat at a position relative to `me`. */
export function seatAt(me: Seat, position: 0 | 1 | 2 | 3): Seat {
  return SEATS[(seatIndex(me) + position) % 4] as Seat;
}

/** The seat that receives `me`'s cards, or null on a no-pass hand. */
export function passTarget(me: Seat, dir: PassDirection): Seat | null {
  switch (dir) {
    case 'left':
      return seatAt(me, 1);
    case 'across':
      return seatAt(me, 2);
    case 'right':
      return seatAt(me, 3);
    case 'none':
      return null;
  }
}

/** Whether `seat` is this page's player: never for a watcher, who has no seat. */
export function isMe(view: View, seat: Seat | null): boolean {
  return seat === view.seat && view.watching !== true;
}

export function nameOf(view: View, seat: Seat): string {
  return view.names[seatIndex(seat)] ?? seat;
}

/** "Pass three cards to the left (Mike)", or "No passing this hand". */
export function passInstruction(view: View): string {
  const target = passTarget(view.seat, view.pass);
  if (target === null || view.pass === 'none') return g('np');
  return g(`p${view.pass}`, { name: nameOf(view, target) });
}

const QUEEN_OF_SPADES: Card = 'QS';

/**
 * Why `card` cannot be played now, worded from what the view shows. Called only for a
 * card the server did not list as legal; the server's own reason, when it sends one,
 * takes precedence.
 */
export function illegalReason(view: View, card: Card): string {
  if (view.phase !== 'play') return g('nNow');
  if (view.toMove !== view.seat) {
    return view.toMove ? g('wF', { name: nameOf(view, view.toMove) }) : g('wait');
  }
  const led = view.trick.cards[0];
  const suit = suitOf(card);
  const firstTrick = view.cards.length === 13;
  if (led !== undefined) {
    const ledSuit = suitOf(led);
    if (suit !== ledSuit && view.cards.some((c) => suitOf(c) === ledSuit)) {
      return g('fol', { suit: suitName(ledSuit) });
    }
  } else if (firstTrick && card !== '2C' && view.cards.includes('2C')) {
    return g('two');
  }
  if (firstTrick && (suit === 'H' || card === QUEEN_OF_SPADES)) {
    return g('ft');
  }
  if (led === undefined && suit === 'H' && !view.heartsBroken) return g('nBr');
  return g('cant', { card: cardName(card) });
}

/** What shooting the moon is, as the rules of the game score it (`scored` 'shooter': off the shooter's own score). */
export function moonExplanation(scored: string): string {
  return g(scored === 'shooter' ? 'mS' : 'moon');
}

/** "This is version 0.1.0 (9f8ac2d) of Hearts." (the seed's words). */
export function versionText(version: string): string {
  return g('ver', { v: version });
}

/** The seat that played the k-th card of a trick. */
export function playerOf(trick: Trick, k: number): Seat {
  return SEATS[(seatIndex(trick.leader) + k) % 4] as Seat;
}
