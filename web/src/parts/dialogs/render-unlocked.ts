// "ACHIEVEMENT UNLOCKED": the card that comes with a game's result when it earned
// something, in the seed's words for one alone, and one card for several (a game can earn
// four). Drawn into the table's card (table/result-view.ts) from this chunk, downloaded
// with the first achievement: a first load without one does not carry it.
import { unlockedManyWords, unlockedWords } from '../../game/achievement-words';
import type { Achievement } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import { avatarSvg, faceFor, isItemId } from '../../ui/avatars';
import { button, h } from '../../ui/dom';

/** Fills `card` with `list` (every unlock not yet answered), `player` wearing `face`. */
export function fillUnlocked(card: HTMLElement, list: readonly Achievement[], me: { readonly player: string | null; readonly face: number }, handlers: Handlers): void {
  const first = list[0];
  if (first === undefined) return card.replaceChildren();
  const pic = h('div', { class: 'unlocked-pic', 'aria-hidden': 'true' });
  pic.innerHTML = isItemId(first.item) ? avatarSvg(faceFor({ human: true, name: '', player: me.player, face: me.face }), first.item) : '';
  const later = button('unlocked-later', 'Not now', () => handlers.wearUnlocked(null), 'secondary');
  const title = (text: string): HTMLElement => h('h2', { id: 'unlocked-title', 'data-testid': 'unlocked-title' }, text);
  let words: HTMLElement;
  if (list.length === 1) {
    const w = unlockedWords(first);
    words = h(
      'div',
      { class: 'unlocked-words', 'aria-live': 'polite' },
      title(w.heading),
      h('p', { 'data-testid': 'unlocked-text' }, w.text),
      h('p', { 'data-testid': 'unlocked-question' }, w.question),
      h('div', { class: 'buttons' }, button('unlocked-wear', 'Put it on', () => handlers.wearUnlocked(first.item), 'primary'), later),
    );
  } else {
    // A line each, and a button for each item.
    const w = unlockedManyWords(list);
    words = h(
      'div',
      { class: 'unlocked-words', 'aria-live': 'polite' },
      title(w.heading),
      h('p', { 'data-testid': 'unlocked-text' }, ...w.lines.map((line) => h('span', { class: 'unlocked-line' }, line))),
      h('p', { 'data-testid': 'unlocked-question' }, w.question),
      h('div', { class: 'buttons unlocked-choices' }, ...list.map((u) => button(`unlocked-wear-${u.item}`, `Put on the ${u.itemName}`, () => handlers.wearUnlocked(u.item), 'primary'))),
      h('div', { class: 'buttons' }, later),
    );
  }
  card.replaceChildren(pic, words);
}
