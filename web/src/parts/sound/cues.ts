// Which sound goes with what happens at the table (the sounds themselves are
// sound-part.ts): a card played, a trick taken, hearts broken, Q♠ taken, a moon, the game
// won or lost, and the player's turn (app/animation-queue.ts asks for that one once the
// table has settled on it).

import type { Card, GameEvent, View } from '../../net/types';

export type Cue = 'card' | 'trick' | 'hearts' | 'queen' | 'moon' | 'turn' | 'win' | 'loss';

/** What the page asks to hear: an event as a seat saw it (with its trick's cards, when known), or the player's turn. */
export type Heard = { readonly event: GameEvent; readonly view: View; readonly trick: readonly Card[] | null } | 'turn';

/** The cue for `event` as `view`'s seat sees it (`trick`: the trick's cards, when known), or null. */
export function cueOf(event: GameEvent, view: View, trick: readonly Card[] | null): Cue | null {
  switch (event.kind) {
    case 'play':
      return 'card';
    case 'trick':
      // Q♠ alone is 13 points; hearts add at most 3 more to a trick.
      return (trick?.includes('QS') ?? event.points >= 13) ? 'queen' : 'trick';
    case 'hearts_broken':
      return 'hearts';
    case 'moon':
      return 'moon';
    case 'game_over':
      return view.watching ? null : event.winners.includes(view.seat) ? 'win' : 'loss';
    default:
      return null;
  }
}
