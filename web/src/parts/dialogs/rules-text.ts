// The words of the Rules and About dialogs: a chunk of their own with the player's
// dialogs (player-dialogs.ts, table/parts.ts, DIALOGS_PART), downloaded the first time one opens.

import { listWords } from '../../game/a11y';
import { SEATS, type Seat, type View } from '../../net/types';
import { nameOf, seatAt } from '../../game/rules';
import type { Settings } from '../../state/settings';
import { handLimit, handsWords, ruleValues } from '../../game/rules-words';
import { rulesWords as w } from '../../i18n/rules';

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
  if (players === null) return w('vsComputers', { left: s.names[0], across: s.names[1], right: s.names[2] });
  const { view, people } = players;
  const name = (seat: Seat): string => nameOf(view, seat);
  if (view.watching === true) return w('watchingNames', { names: listWords(SEATS.map(name)) });
  const computer = (seat: Seat): boolean => people === null || !people.includes(seat);
  const seats = [seatAt(view.seat, 1), seatAt(view.seat, 2), seatAt(view.seat, 3)] as const;
  if (seats.every(computer)) return w('vsComputers', { left: name(seats[0]), across: name(seats[1]), right: name(seats[2]) });
  const who = (seat: Seat): string => (computer(seat) ? w('aComputer', { name: name(seat) }) : name(seat));
  return w('vsPeople', { left: who(seats[0]), across: who(seats[1]), right: who(seats[2]) });
}

/** One rules section: a heading and paragraphs. */
export interface RulesSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

/** Sentences as a paragraph. */
function para(...sentences: readonly string[]): string {
  return sentences.join(' ');
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
function endText(endScore: number, rules: string | null): string[] {
  const hands = handLimit(rules);
  const ties = ruleValues(rules ?? '').get('tie') === 'share' ? w('tieShare') : w('tiePlayOn');
  const when = hands > 0 ? w('endHands', { hands: handsWords(hands), last: hands, n: endScore }) : w('endAt', { n: endScore });
  return [when, w('fewestWins'), ties];
}

/** What a watcher sees (docs/protocol.md, "Spectators"), in place of how to play. */
function watchingSection(): RulesSection {
  return { heading: w('watching'), paragraphs: [w('watchingSee'), w('watchingChat')] };
}

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
  const once = hands > 0 && hands <= 4;
  const passing = s.passCycle === 'LRAN' ? (once ? w('passLRANOnce') : w('passLRAN')) : once ? w('passLARNOnce') : w('passLARN');
  const moon = s.moon === 'others' ? w('moonOthers') : s.moon === 'shooter' ? w('moonShooter') : w('moonChoice');
  return [
    { heading: w('goal'), paragraphs: [para(opponentsText(s, players), w('goalText'))] },
    // What a watcher sees, in place of how to play.
    ...(watching ? [watchingSection()] : []),
    { heading: w('passing'), paragraphs: [para(passing, watching ? w('passWatch') : w('passHow'))] },
    { heading: w('tricks'), paragraphs: [para(w('tricksLead'), watching ? w('followWatch') : w('followYou'), w('tricksTake'))] },
    {
      heading: w('special'),
      paragraphs: [w('firstTrick'), para(w('broken'), s.queenBreaks ? w('queenBreaks') : w('queenNoBreak'))],
    },
    {
      heading: w('points'),
      paragraphs: [s.jack ? para(w('pointsText'), w('jack')) : w('pointsText'), w('pointsShown')],
    },
    { heading: w('moon'), paragraphs: [moon] },
    {
      heading: w('end'),
      paragraphs: [watching ? para(...endText(s.endScore, game)) : para(...endText(s.endScore, game), w('saved'))],
    },
    // A watcher has no cards to choose.
    ...(watching
      ? []
      : [
          { heading: w('keyboard'), paragraphs: [w('keyboardText')] },
          { heading: w('daily'), paragraphs: [w('dailyText'), w('watchText')] },
          { heading: w('ratings'), paragraphs: [w('ratingsText')] },
        ]),
  ];
}

/** The About dialog: what this is and where the data lives. */
export function aboutSections(): RulesSection[] {
  return [
    { heading: w('about'), paragraphs: [w('aboutWhat'), w('aboutBots')] },
    { heading: w('data'), paragraphs: [w('dataWhere'), w('dataReplay')] },
  ];
}
