// The hidden console (the seed's "Welcome to the Matrix."): the game played by typing,
// as in `hearts play`. Pure: a line and the page's state in, the answer's lines and what
// to do out; the controller (app.ts) does it, and prints what happens at the table.
//
//   consoleAnswer('QS', state)        // { lines: [], intent: { kind: 'play', card: 'QS' } }
//   consoleAnswer('pass 2C 3C 4C', s) // passes those three, in the passing phase

import { cardShort, RANK_ORDER, sortCards } from '../../game/cards';
import { SEATS, seatIndex, type Card, type MoonChoice, type Rank, type Suit, type View } from '../../net/types';
import { illegalReason, nameOf, passInstruction, playerOf } from '../../game/rules';
import { uiMode, type AppState } from '../../state/state';
import { consoleWords as w } from '../../i18n/console';

export type ConsoleIntent =
  | { readonly kind: 'play'; readonly card: Card }
  | { readonly kind: 'pass'; readonly cards: readonly [Card, Card, Card] }
  | { readonly kind: 'next' }
  | { readonly kind: 'moon'; readonly choice: MoonChoice }
  | { readonly kind: 'new' }
  | { readonly kind: 'clear' }
  | { readonly kind: 'close' };

export interface ConsoleAnswer {
  readonly lines: readonly string[];
  readonly intent?: ConsoleIntent;
}

/** What the console says when it first opens. */
export function consoleWelcome(): string[] {
  return [w('welcome'), w('welcomeHelp')];
}

/** "help": the commands (as typed, in every language) and what each does, in two columns. */
function helpLines(): string[] {
  const pair = (a: string, what: string, b: string, then: string): string => `${a.padEnd(9)}${what.padEnd(24)} ${b.padEnd(9)}${then}`;
  return [
    w('help'),
    pair('hand', w('helpHand'), 'legal', w('helpLegal')),
    pair('table', w('helpTable'), 'scores', w('helpScores')),
    `${'next'.padEnd(9)}${w('helpNext').padEnd(24)} ${w('helpMoon', { commands: 'moon others | moon shooter' })}`,
    pair('new', w('helpNew'), 'clear', w('helpClear')),
    pair('help', w('helpHelp'), 'exit', w('helpExit')),
  ];
}

const SUIT_LETTERS: Readonly<Record<string, Suit>> = { c: 'C', d: 'D', s: 'S', h: 'H', '♣': 'C', '♦': 'D', '♠': 'S', '♥': 'H' };

/** A card as people type it: QS, qs, 10H, TH, Q♠, 10♥ (null when it is not one). */
export function parseCardText(word: string): Card | null {
  const w = word.trim().toLowerCase().replace('\ufe0f', '');
  const suitChar = Array.from(w).at(-1) ?? '';
  const suit = SUIT_LETTERS[suitChar];
  const rankText = w.slice(0, w.length - suitChar.length);
  const rank = (rankText === '10' ? 'T' : rankText.toUpperCase()) as Rank;
  if (suit === undefined || !RANK_ORDER.includes(rank)) return null;
  return `${rank}${suit}`;
}

function cardsText(cards: readonly Card[]): string {
  return cards.length === 0 ? w('none') : sortCards(cards).map(cardShort).join(' ');
}

function tableLines(view: View): string[] {
  const t = view.trick;
  const played = t.cards.map((c, i) => `${nameOf(view, playerOf(t, i))} ${cardShort(c)}`);
  const lines = [played.length === 0 ? w('trickEmpty') : w('onTable', { cards: played.join(', ') })];
  if (view.phase === 'play' && view.toMove) {
    lines.push(view.toMove === view.seat ? w('yourTurn') : w('theirTurn', { name: nameOf(view, view.toMove) }));
  }
  if (view.heartsBroken) lines.push(w('broken'));
  return lines;
}

function scoreLines(view: View): string[] {
  return SEATS.map((s) => {
    const i = seatIndex(s);
    const name = s === view.seat ? w('youAre', { name: nameOf(view, s) }) : nameOf(view, s);
    return `${w('scoreLine', { name, total: view.scores[i] ?? 0, points: view.points[i] ?? 0 })} ${view.markers[i] ?? ''}`.trimEnd();
  });
}

/** What the console answers to `line`, and what the page should do. */
export function consoleAnswer(line: string, s: AppState): ConsoleAnswer {
  const words = line.trim().split(/\s+/u).filter((w) => w !== '');
  const command = (words[0] ?? '').toLowerCase();
  if (command === '') return { lines: [] };
  switch (command) {
    case 'help':
    case '?':
      return { lines: helpLines() };
    case 'clear':
      return { lines: [], intent: { kind: 'clear' } };
    case 'exit':
    case 'quit':
    case 'close':
      return { lines: [], intent: { kind: 'close' } };
    case 'new':
    case 'new!': {
      // The console stays open: the new game is played here too. A game being played is
      // left only when asked twice, as the page's own "Start a new game?" asks.
      const v = s.game?.view;
      const playing = v !== undefined && v.phase !== 'game_over' && s.screen === 'table';
      if (playing && command === 'new') return { lines: [w('newPlaying')] };
      return { lines: [w('newGame')], intent: { kind: 'new' } };
    }
  }
  const view = s.screen === 'table' ? (s.game?.view ?? null) : null;
  if (view === null) return { lines: [w('noGame')] };
  const mode = uiMode(s);
  switch (command) {
    case 'hand': {
      const lines = [w('hand', { cards: cardsText(view.cards) })];
      if (mode === 'pass') lines.push(w('passHint', { instruction: passInstruction(view) }));
      return { lines };
    }
    case 'legal':
      return { lines: [mode === 'my-turn' ? w('legal', { cards: cardsText(view.legal) }) : w('notYourTurn')] };
    case 'table':
    case 'trick':
      return { lines: tableLines(view) };
    case 'scores':
    case 'score':
      return { lines: scoreLines(view) };
    case 'next':
      return mode === 'hand-over' ? { lines: [w('nextHand')], intent: { kind: 'next' } } : { lines: [w('noNext')] };
    case 'moon': {
      const choice = (words[1] ?? '').toLowerCase();
      if (mode !== 'moon-choice') return { lines: [w('noMoon')] };
      if (choice !== 'others' && choice !== 'shooter') return { lines: [w('moonHow')] };
      return { lines: [choice === 'others' ? w('moonOthers') : w('moonShooter')], intent: { kind: 'moon', choice } };
    }
  }
  const named = (command === 'pass' || command === 'play' ? words.slice(1) : words).map((w) => ({ w, card: parseCardText(w) }));
  const unknown = named.find((n) => n.card === null);
  if (named.length === 0 || unknown !== undefined) {
    return { lines: [w('unknown', { words: unknown?.w ?? line.trim() })] };
  }
  const cards = named.map((n) => n.card as Card);
  if (cards.length === 3) return passAnswer(cards as [Card, Card, Card], view, s);
  if (cards.length !== 1) return { lines: [w('oneOrThree')] };
  const card = cards[0] as Card;
  if (!view.cards.includes(card)) return { lines: [w('notHeld', { card: cardShort(card) })] };
  if (view.phase === 'pass') return { lines: [w('passThree')] };
  if (mode !== 'my-turn' || !view.legal.includes(card)) return { lines: [w('cannotPlay', { card: cardShort(card), reason: illegalReason(view, card) })] };
  // No words of its own: the table's news says it ("You play the queen of spades.").
  return { lines: [], intent: { kind: 'play', card } };
}

function passAnswer(cards: readonly [Card, Card, Card], view: View, s: AppState): ConsoleAnswer {
  if (view.phase !== 'pass' || view.passed.length > 0 || uiMode(s) !== 'pass') {
    return { lines: [view.phase === 'pass' ? w('passedAlready') : w('notPassing')] };
  }
  const missing = cards.find((c) => !view.cards.includes(c));
  if (missing !== undefined) return { lines: [w('notHeld', { card: cardShort(missing) })] };
  if (new Set(cards).size !== 3) return { lines: [w('different')] };
  return { lines: [w('youPass', { cards: cardsText(cards) })], intent: { kind: 'pass', cards } };
}

/** The console's prompt, like a shell's. */
export function consolePrompt(s: AppState): string {
  const you = w('you');
  const name = (s.settings.yourName || you).toLowerCase().replace(/[^\p{L}\p{N}_-]+/gu, '') || you;
  return `${name}@hearts:~$`;
}
