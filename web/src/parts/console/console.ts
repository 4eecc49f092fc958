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

export const CONSOLE_WELCOME: readonly string[] = ['Welcome to the Matrix.', 'Type "help" for the commands, "exit" to leave.'];

const HELP: readonly string[] = [
  'A card, like QS, 10H, TH or Q♠: play it. Three cards (QS KS AH): pass them.',
  'hand     your cards               legal    the cards you may play now',
  'table    the trick and whose turn scores   the totals and this hand',
  'next     deal the next hand       moon others | moon shooter: score your moon',
  'new      a new game               clear    empty this console',
  'help     this text                exit     close the console (Escape does too)',
];

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
  return cards.length === 0 ? 'none' : sortCards(cards).map(cardShort).join(' ');
}

function tableLines(view: View): string[] {
  const t = view.trick;
  const played = t.cards.map((c, i) => `${nameOf(view, playerOf(t, i))} ${cardShort(c)}`);
  const lines = [played.length === 0 ? 'The trick is empty.' : `On the table: ${played.join(', ')}.`];
  if (view.phase === 'play' && view.toMove) {
    lines.push(view.toMove === view.seat ? 'It is your turn.' : `It is ${nameOf(view, view.toMove)}’s turn.`);
  }
  if (view.heartsBroken) lines.push('Hearts are broken.');
  return lines;
}

function scoreLines(view: View): string[] {
  return SEATS.map((s) => {
    const i = seatIndex(s);
    const name = s === view.seat ? `You (${nameOf(view, s)})` : nameOf(view, s);
    return `${name}: ${view.scores[i] ?? 0} in all, ${view.points[i] ?? 0} this hand ${view.markers[i] ?? ''}`.trimEnd();
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
      return { lines: HELP };
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
      if (playing && command === 'new') return { lines: ['A game is being played: type "new!" to leave it and start a new one.'] };
      return { lines: ['A new game.'], intent: { kind: 'new' } };
    }
  }
  const view = s.screen === 'table' ? (s.game?.view ?? null) : null;
  if (view === null) return { lines: ['No game is shown: type "new" to start one.'] };
  const mode = uiMode(s);
  switch (command) {
    case 'hand': {
      const lines = [`Your hand: ${cardsText(view.cards)}`];
      if (mode === 'pass') lines.push(`${passInstruction(view)}: name three cards, like "pass 2C 3C 4C".`);
      return { lines };
    }
    case 'legal':
      return { lines: [mode === 'my-turn' ? `You may play: ${cardsText(view.legal)}` : 'It is not your turn to play.'] };
    case 'table':
    case 'trick':
      return { lines: tableLines(view) };
    case 'scores':
    case 'score':
      return { lines: scoreLines(view) };
    case 'next':
      return mode === 'hand-over' ? { lines: ['The next hand.'], intent: { kind: 'next' } } : { lines: ['There is no next hand to deal now.'] };
    case 'moon': {
      const choice = (words[1] ?? '').toLowerCase();
      if (mode !== 'moon-choice') return { lines: ['There is no moon of yours to score.'] };
      if (choice !== 'others' && choice !== 'shooter') return { lines: ['Say "moon others" (everyone else +26) or "moon shooter" (you −26).'] };
      return { lines: [choice === 'others' ? 'Everyone else gets 26.' : 'You get −26.'], intent: { kind: 'moon', choice } };
    }
  }
  const named = (command === 'pass' || command === 'play' ? words.slice(1) : words).map((w) => ({ w, card: parseCardText(w) }));
  const unknown = named.find((n) => n.card === null);
  if (named.length === 0 || unknown !== undefined) {
    return { lines: [`Not understood: "${unknown?.w ?? line.trim()}". Type "help" for the commands.`] };
  }
  const cards = named.map((n) => n.card as Card);
  if (cards.length === 3) return passAnswer(cards as [Card, Card, Card], view, s);
  if (cards.length !== 1) return { lines: ['Name one card to play, or three to pass.'] };
  const card = cards[0] as Card;
  if (!view.cards.includes(card)) return { lines: [`You do not hold ${cardShort(card)}.`] };
  if (view.phase === 'pass') return { lines: ['Name three cards to pass, like "pass 2C 3C 4C".'] };
  if (mode !== 'my-turn' || !view.legal.includes(card)) return { lines: [`You can’t play ${cardShort(card)}: ${illegalReason(view, card)}.`] };
  // No words of its own: the table's news says it ("You play the queen of spades.").
  return { lines: [], intent: { kind: 'play', card } };
}

function passAnswer(cards: readonly [Card, Card, Card], view: View, s: AppState): ConsoleAnswer {
  if (view.phase !== 'pass' || view.passed.length > 0 || uiMode(s) !== 'pass') {
    return { lines: [view.phase === 'pass' ? 'You have passed already.' : 'This is not the time to pass.'] };
  }
  const missing = cards.find((c) => !view.cards.includes(c));
  if (missing !== undefined) return { lines: [`You do not hold ${cardShort(missing)}.`] };
  if (new Set(cards).size !== 3) return { lines: ['Name three different cards.'] };
  return { lines: [`You pass ${cardsText(cards)}.`], intent: { kind: 'pass', cards } };
}

/** The console's prompt, like a shell's. */
export function consolePrompt(s: AppState): string {
  const name = (s.settings.yourName || 'you').toLowerCase().replace(/[^\p{L}\p{N}_-]+/gu, '') || 'you';
  return `${name}@hearts:~$`;
}
