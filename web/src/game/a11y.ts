// Words for screen readers: what each event sounds like (the live region that says it
// is ui/announcer.ts). Sentences are built from the event and the view that follows it.

import { gameWords as g } from '../i18n/game';
import { hintWords } from '../i18n/hint';
import { formatNumber, language } from '../i18n/words';
import { cardName, cardShort, sortCards } from './cards';
import { seatIndex, type Card, type GameEvent, type Seat, type View } from '../net/types';
import { isMe, nameOf, passInstruction } from './rules';

/** "A and B", "A, B and C", in the language in use (English without the Oxford comma). */
export function listWords(words: readonly string[]): string {
  const lang = language();
  return new Intl.ListFormat(lang === 'en' ? 'en-GB' : lang).format(words);
}

/** A list without a conjunction, in the language in use: "left, right, across". */
export function unitList(words: readonly string[]): string {
  return new Intl.ListFormat(language(), { type: 'unit', style: 'short' }).format(words);
}

/** The sentence for the winners at the end: "Congratulations, you won!" or "Bill won." */
export function winnersText(view: View, winners: readonly Seat[]): string {
  if (winners.length === 1 && isMe(view, winners[0] ?? null)) return g('yW');
  const names = listWords(winners.map((s) => (isMe(view, s) ? g('you') : nameOf(view, s))));
  const text = g(winners.length > 1 ? 'wA' : 'won', { names });
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A claim, said in the hand's result: who took every trick left, or that no points were left. */
export function claimText(seat: Seat | null, view: View): string {
  return seat === null ? g('clN') : isMe(view, seat) ? g('iCl') : g('cl', { name: nameOf(view, seat) });
}

/** What to announce for `event` (null: nothing worth saying). */
export function announce(event: GameEvent, view: View): string | null {
  switch (event.kind) {
    case 'deal':
      return `${g('hand', { n: event.hand })} ${event.pass === 'none' ? `${g('np')}.` : view.watching ? '' : `${passInstruction(view)}.`}`;
    case 'passed':
      return isMe(view, event.seat) ? g('iP') : null;
    case 'exchange':
      return view.received.length > 0 ? g('got', { cards: listWords(sortCards(view.received).map(cardName)) }) : null;
    case 'play': {
      const card = cardName(event.card);
      return isMe(view, event.seat) ? g('iPl', { card }) : g('pl', { name: nameOf(view, event.seat), card });
    }
    case 'trick': {
      const n = event.points;
      const name = nameOf(view, event.winner);
      if (isMe(view, event.winner)) return n === 0 ? g('iT') : g('iTP', { n });
      return n === 0 ? g('tk', { name }) : g('tkP', { name, n });
    }
    case 'hearts_broken':
      return g('brk');
    case 'claim':
      return claimText(event.seat, view);
    case 'hand_over': {
      const over = g('hO', { n: event.result.hand });
      if (view.watching) return over;
      return `${over} ${g('sc', { n: event.result.score[seatIndex(view.seat)] ?? 0 })}`;
    }
    case 'moon':
      return isMe(view, event.shooter) ? g('iSh') : g('shot', { name: nameOf(view, event.shooter) });
    case 'game_over':
      return `${g('over')} ${winnersText(view, event.winners)}`;
  }
}

/**
 * A hint in the language in use: in English the server's own words (its facts, ai/src/hint.cpp);
 * in another, what it says worded from its fields (the cards, and for a play the points
 * expected with the best card and the next best).
 */
export function hintText(m: {
  readonly action: 'pass' | 'play';
  readonly cards: readonly Card[];
  readonly text: string;
  readonly candidates: readonly { readonly card: Card; readonly points: number }[];
}): string {
  const [best, next] = m.candidates;
  if (!hintWords.has('pass') || (m.action === 'play' && best === undefined)) return m.text;
  if (m.action === 'pass') return hintWords('pass', { cards: unitList(m.cards.map(cardShort)) });
  const tenth = (p: number): string => formatNumber(Math.round(p * 10) / 10);
  const card = cardShort(best?.card ?? m.cards[0] ?? '2C');
  const points = tenth(best?.points ?? 0);
  return next === undefined ? hintWords('play', { card, points }) : hintWords('play2', { card, points, other: cardShort(next.card), alt: tenth(next.points) });
}
