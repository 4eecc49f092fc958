// The rules in words: the in-app rules page, the seating around the table, and the
// wording that explains why a card cannot be played. Nothing here decides legality —
// that arrives from the server as `view.legal`; these functions only put a refusal
// into words a player understands.

import { cardName, suitName, suitOf } from './cards';
import { SEATS, seatIndex, type Card, type PassDirection, type Seat, type Trick, type View } from './protocol';
import type { Settings } from './settings';

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

export function nameOf(view: View, seat: Seat): string {
  return view.names[seatIndex(seat)] ?? seat;
}

/** "Pass three cards to the left (Mike)", or "No passing this hand". */
export function passInstruction(view: View): string {
  const target = passTarget(view.seat, view.pass);
  if (target === null) return 'No passing this hand';
  return `Pass three cards to the ${view.pass === 'across' ? 'player across' : view.pass} (${nameOf(view, target)})`;
}

const QUEEN_OF_SPADES: Card = 'QS';

/**
 * Why `card` cannot be played now, worded from what the view shows. Called only for a
 * card the server did not list as legal; the server's own reason, when it sends one,
 * takes precedence.
 */
export function illegalReason(view: View, card: Card): string {
  if (view.phase !== 'play') return 'You can’t play a card now';
  if (view.toMove !== view.seat) {
    return view.toMove ? `Wait for your turn: it is ${nameOf(view, view.toMove)}’s turn` : 'Wait for your turn';
  }
  const led = view.trick.cards[0];
  const suit = suitOf(card);
  const firstTrick = view.cards.length === 13;
  if (led !== undefined) {
    const ledSuit = suitOf(led);
    if (suit !== ledSuit && view.cards.some((c) => suitOf(c) === ledSuit)) {
      return `You must follow suit: play ${suitName(ledSuit)}`;
    }
  } else if (firstTrick && card !== '2C' && view.cards.includes('2C')) {
    return 'The two of clubs leads the first trick';
  }
  if (firstTrick && (suit === 'H' || card === QUEEN_OF_SPADES)) {
    return 'No hearts or queen of spades on the first trick';
  }
  if (led === undefined && suit === 'H' && !view.heartsBroken) return 'Hearts are not broken yet';
  return `You can’t play the ${cardName(card)} now`;
}

/** One rules section: a heading and paragraphs. */
export interface RulesSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

function passOrderText(cycle: Settings['passCycle']): string {
  return cycle === 'LRAN'
    ? 'first hand to the left, second to the right, third across the table, and in the fourth hand nobody passes'
    : 'first hand to the left, second across the table, third to the right, and in the fourth hand nobody passes';
}

/** The rules page, following the current settings where they are variants. */
export function rulesSections(s: Settings): RulesSection[] {
  const names = `${s.names[0]} on your left, ${s.names[1]} across the table and ${s.names[2]} on your right`;
  const moon =
    s.moon === 'others'
      ? 'that player gets 0 points and everyone else gets 26 points.'
      : s.moon === 'shooter'
        ? 'that player takes 26 points off their own score instead of scoring any.'
        : 'that player chooses: everyone else gets 26 points, or 26 points come off their own score.';
  return [
    {
      heading: 'Goal',
      paragraphs: [
        `You play against three computer opponents: ${names}. Everyone gets 13 cards. ` +
          'Hearts and the queen of spades are penalty cards. When the game ends, the player with the fewest points wins.',
      ],
    },
    {
      heading: 'Passing',
      paragraphs: [
        `Before each hand everyone passes three cards: ${passOrderText(s.passCycle)}; then the cycle starts again. ` +
          'Click or tap three cards, then “Pass cards”. The cards you receive light up for a moment.',
      ],
    },
    {
      heading: 'Tricks',
      paragraphs: [
        'Whoever holds the two of clubs leads it to the first trick. Then everyone plays one card in turn, clockwise. ' +
          'You must follow the suit that was led; if you can’t, you may play any card. ' +
          'The highest card of the suit led takes the trick, and whoever takes it leads the next one.',
      ],
    },
    {
      heading: 'Special rules',
      paragraphs: [
        'On the first trick nobody may play a heart or the queen of spades, unless they have nothing else.',
        'Hearts may not be led until hearts are “broken” – a heart has been played on another suit – ' +
          'unless the leader has nothing but hearts. ' +
          (s.queenBreaks
            ? 'In this game the queen of spades breaks hearts too.'
            : 'The queen of spades does not break hearts.'),
      ],
    },
    {
      heading: 'Points',
      paragraphs: [
        'Every heart counts 1 point, the queen of spades 13 points, all other cards nothing.' +
          (s.jack ? ' In this game the jack of diamonds counts −10 points.' : ''),
        'Next to each name you see the score of the game and the tricks taken this hand: ' +
          'a dot (·) for a trick without points, ♥ for a trick with hearts, ♠ for the trick with the queen of spades.',
      ],
    },
    {
      heading: 'Shooting the moon',
      paragraphs: [`If one player takes all 13 hearts and the queen of spades in a hand, ${moon}`],
    },
    {
      heading: 'End of the game',
      paragraphs: [
        `The game ends after the hand in which someone reaches ${s.endScore} points or more. ` +
          'The player with the fewest points wins. If two or more share the lowest score, play continues until one is alone. ' +
          'The game is saved after every card, so you can close the page and come back to finish it later.',
      ],
    },
    {
      heading: 'Keyboard',
      paragraphs: [
        'Tab or the arrow keys move between your cards; Enter or Space plays the card (or selects it for passing). ' +
          'Everything that happens is also announced to screen readers.',
      ],
    },
  ];
}

export const MOON_EXPLANATION =
  'Shooting the moon is when one player gets all hearts and the queen of spades. ' +
  'Then they get 0 points and everyone else gets 26 points!';

export const MOON_EXPLANATION_SHOOTER =
  'Shooting the moon is when one player gets all hearts and the queen of spades. ' +
  'Under these rules 26 points come off their own score instead!';

/** The About dialog: what this is and where the data lives. */
export function aboutSections(): RulesSection[] {
  return [
    {
      heading: 'About Hearts',
      paragraphs: [
        'Hearts for four: you against three computer players, or with people online, at a table of the lobby or a private one you share by its code. The rules are the classic ones, and Settings holds the variants people play.',
        'The computer players come in five levels. The strongest, Expert, does not follow rules of thumb: before each card it plays out many possible deals of the cards it cannot see.',
      ],
    },
    {
      heading: 'Your games and your data',
      paragraphs: [
        'This server is run by whoever set it up, on their own machine. Your games, your name and the people you marked are kept on it; nothing is sent anywhere else. There are no ads, no tracking and no cookies: this browser keeps your player id and your settings in its local storage.',
        'Every finished game can be downloaded as a record, from its score sheet.',
      ],
    },
  ];
}

/** "This is version 0.1.0 (9f8ac2d) of Hearts." (the seed's words). */
export function versionText(version: string): string {
  return `This is version ${version} of Hearts.`;
}

/** The seat that played the k-th card of a trick. */
export function playerOf(trick: Trick, k: number): Seat {
  return SEATS[(seatIndex(trick.leader) + k) % 4] as Seat;
}
