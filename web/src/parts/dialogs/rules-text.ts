// The words of the Rules and About dialogs: a chunk of their own with the player's
// dialogs (player-dialogs.ts, table/parts.ts, DIALOGS_PART), downloaded the first time one opens.

import { listWords } from '../../game/a11y';
import { SEATS, type Seat, type View } from '../../net/types';
import { nameOf, seatAt } from '../../game/rules';
import type { Settings } from '../../state/settings';
import { handLimit, handsWords, ruleValues } from '../../game/rules-words';

/** Who plays the game in view: its view (the names, my seat) and the seats people hold (null: a game against the computer). */
export interface GamePlayers {
  readonly view: View;
  readonly people: readonly Seat[] | null;
}

/**
 * Who I play against, by name and place: the game's players when there is a game in view
 * (the names it was started with, the people at a table), else the settings' names.
 */
function opponentsText(s: Settings, players: GamePlayers | null): string {
  if (players === null) {
    return `You play against three computer opponents: ${s.names[0]} on your left, ${s.names[1]} across the table and ${s.names[2]} on your right.`;
  }
  const { view, people } = players;
  const name = (seat: Seat): string => nameOf(view, seat);
  if (view.watching === true) return `You are watching ${listWords(SEATS.map(name))} play.`;
  const computer = (seat: Seat): boolean => people === null || !people.includes(seat);
  const seats = [seatAt(view.seat, 1), seatAt(view.seat, 2), seatAt(view.seat, 3)] as const;
  const all = seats.every(computer);
  const who = (seat: Seat, where: string): string => `${name(seat)}${!all && computer(seat) ? ' (a computer player)' : ''} ${where}`;
  const list = `${who(seats[0], 'on your left')}, ${who(seats[1], 'across the table')} and ${who(seats[2], 'on your right')}`;
  return all ? `You play against three computer opponents: ${list}.` : `You play against ${list}.`;
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

/**
 * The settings with the variants of a game's rules text (the game on screen: its rules
 * may not be the settings', as the daily deal's are not), where the text says them.
 */
export function withGameRules(s: Settings, rules: string): Settings {
  const kv = ruleValues(rules);
  const pass = kv.get('pass');
  const moon = kv.get('moon');
  const end = Number(kv.get('end'));
  const yes = (key: string, was: boolean): boolean => (kv.has(key) ? kv.get(key) === 'yes' : was);
  return {
    ...s,
    passCycle: pass === 'LRAN' || pass === 'LARN' ? pass : s.passCycle,
    queenBreaks: yes('queen_breaks', s.queenBreaks),
    moon: moon === 'others' || moon === 'shooter' || moon === 'choice' ? moon : s.moon,
    jack: yes('jack', s.jack),
    endScore: Number.isInteger(end) && end > 0 ? end : s.endScore,
  };
}

/** How the game ends, in words: at a score, or after so many hands (the daily deal). */
function endText(endScore: number, rules: string | null): string {
  const hands = handLimit(rules);
  const ties =
    ruleValues(rules ?? '').get('tie') === 'share'
      ? 'If two or more share the lowest score, they share the win. '
      : 'If two or more share the lowest score, play continues until one is alone. ';
  const when =
    hands > 0
      ? `This game is ${handsWords(hands)}: it ends after hand ${hands}, or sooner if someone reaches ${endScore} points or more. `
      : `The game ends after the hand in which someone reaches ${endScore} points or more. `;
  return `${when}The player with the fewest points wins. ${ties}`;
}

/** What a watcher sees (docs/protocol.md, "Spectators"), in place of how to play. */
const WATCHING: RulesSection = {
  heading: 'Watching',
  paragraphs: [
    'You see what the players see of each other: the tricks, the scores and the names, never a card of a hand. ' +
      'You see the game one trick late: a card shows once the trick after its own has been played, and the rest of a hand when it ends.',
    'You can read the table’s chat but not write in it. “Stop watching” takes you back to the lobby. What you see is also announced to screen readers.',
  ],
};

/**
 * The rules page, following the current settings where they are variants, or the rules
 * text of the game on screen (`game`) where it has one; naming that game's `players`. A
 * watcher of that game (`view.watching`) is told what they see, not how to play.
 */
export function rulesSections(settings: Settings, game: string | null = null, players: GamePlayers | null = null): RulesSection[] {
  const s = game === null ? settings : withGameRules(settings, game);
  const watching = players?.view.watching === true;
  // A game of at most 4 hands (the daily deal) plays the cycle once.
  const hands = handLimit(game);
  const again = hands > 0 && hands <= 4 ? '' : '; then the cycle starts again';
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
        `${opponentsText(s, players)} Everyone gets 13 cards. ` +
          'Hearts and the queen of spades are penalty cards. When the game ends, the player with the fewest points wins.',
      ],
    },
    // What a watcher sees, in place of how to play.
    ...(watching ? [WATCHING] : []),
    {
      heading: 'Passing',
      paragraphs: [
        `Before each hand everyone passes three cards: ${passOrderText(s.passCycle)}${again}. ` +
          (watching ? 'A “passed ✓” by a name shows who has passed; you never see which cards.' : 'Click or tap three cards, then “Pass cards”. The cards you receive light up for a moment.'),
      ],
    },
    {
      heading: 'Tricks',
      paragraphs: [
        'Whoever holds the two of clubs leads it to the first trick. Then everyone plays one card in turn, clockwise. ' +
          (watching ? 'Everyone must follow the suit that was led; whoever can’t may play any card. ' : 'You must follow the suit that was led; if you can’t, you may play any card. ') +
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
        watching ? endText(s.endScore, game).trimEnd() : endText(s.endScore, game) + 'The game is saved after every card, so you can close the page and come back to finish it later.',
      ],
    },
    // A watcher has no cards to choose.
    ...(watching
      ? []
      : [
          {
            heading: 'Keyboard',
            paragraphs: [
              'Tab or the arrow keys move between your cards; Enter or Space plays the card (or selects it for passing). ' +
                'H asks for a hint on your turn: the card (or the three to pass) the computer would choose, and why. ' +
                'Everything that happens is also announced to screen readers.',
            ],
          },
          {
            heading: 'The daily deal and watching',
            paragraphs: [
              'The daily deal (Daily) deals everyone the same four hands each day, against the same computer players: ' +
                'one game a day, and a board of the day ranks everyone who played it.',
              'A game with people in progress can be watched from the lobby (Watch), one trick late so that no hand is given away; ' +
                'at a private table, only if every player there allows it.',
            ],
          },
          {
            heading: 'Ratings',
            paragraphs: [
              'A game at a public table with at least one other person, played to its end, is rated: your rating goes up or down with your place among the people there (computer players do not count). ' +
                'Every set of rules has a rating of its own. A rating is provisional for its first 10 games; Statistics shows yours and the leaderboard.',
            ],
          },
        ]),
  ];
}

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
        'Every finished game can be replayed card by card, downloaded as a record, and its deals verified: each hand is dealt with a commitment the game’s end proves, and this page checks it.',
      ],
    },
  ];
}

