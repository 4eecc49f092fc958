// Words for screen readers: what each event sounds like (the live region that says it
// is ui/announcer.ts). Sentences are built from the event and the view that follows it.

import { cardName, sortCards } from './cards';
import { seatIndex, type GameEvent, type Seat, type View } from '../net/types';
import { isMe, nameOf, passInstruction } from './rules';

function who(view: View, seat: Seat): string {
  return isMe(view, seat) ? 'You' : nameOf(view, seat);
}

/** "A and B", "A, B and C". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The sentence for the winners at the end: "Congratulations, you won!" or "Bill won." */
export function winnersText(view: View, winners: readonly Seat[]): string {
  if (winners.length === 1 && isMe(view, winners[0] ?? null)) return 'Congratulations, you won!';
  const names = winners.map((s) => (isMe(view, s) ? 'you' : nameOf(view, s)));
  const text = listWords(names);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} won${winners.length > 1 ? ' together' : ''}.`;
}

/** What to announce for `event` (null: nothing worth saying). */
export function announce(event: GameEvent, view: View): string | null {
  switch (event.kind) {
    case 'deal':
      return `Hand ${event.hand}. ${event.pass === 'none' ? 'No passing this hand.' : view.watching ? '' : `${passInstruction(view)}.`}`;
    case 'passed':
      return isMe(view, event.seat) ? 'You passed your cards.' : null;
    case 'exchange':
      return view.received.length > 0
        ? `You received the ${listWords(sortCards(view.received).map(cardName))}.`
        : null;
    case 'play':
      return `${who(view, event.seat)} ${isMe(view, event.seat) ? 'play' : 'plays'} the ${cardName(event.card)}.`;
    case 'trick': {
      const pts = event.points === 0 ? '' : ` with ${event.points} point${Math.abs(event.points) === 1 ? '' : 's'}`;
      return `${who(view, event.winner)} ${isMe(view, event.winner) ? 'take' : 'takes'} the trick${pts}.`;
    }
    case 'hearts_broken':
      return 'Hearts are broken.';
    case 'hand_over': {
      if (view.watching) return `Hand ${event.result.hand} is over.`;
      const mine = event.result.score[seatIndex(view.seat)] ?? 0;
      return `Hand ${event.result.hand} is over. You scored ${mine} point${Math.abs(mine) === 1 ? '' : 's'}.`;
    }
    case 'moon':
      return `${who(view, event.shooter)} shot the moon!`;
    case 'game_over':
      return `Game over. ${winnersText(view, event.winners)}`;
  }
}
