// "ACHIEVEMENT UNLOCKED": what a finished game earned, on one card under the result's
// buttons (table/result-view.ts holds the empty card). One alone in the seed's words;
// several (a game can earn four or five) as one line each, with a button per item. Drawn
// from this chunk, downloaded once a game has earned something: a first load without an
// achievement does not carry it.
import { unlockedWords } from '../../game/achievement-words';
import type { Achievement } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import * as items from '../../ui/avatar-items';
import { avatarSvg, faceFor, isItemId, ITEMS_PART } from '../../ui/avatars';
import { button, h } from '../../ui/dom';
import { achievementText } from '../../i18n/achievements';
import { dialogWords as w } from '../../i18n/dialogs';

// The items' chunk comes with this one: the card's face wears the item at once.
ITEMS_PART.provide(items);

/** Several earned at once: the heading, a line for each, and the question. */
export function unlockedManyWords(list: readonly Achievement[]): { readonly heading: string; readonly lines: readonly string[]; readonly question: string } {
  return {
    heading: w('unlockedMany', { n: list.length }),
    lines: list.map(achievementText).map((a) => w('unlockedLine', { title: a.title, item: a.itemName })),
    question: w('unlockedQuestion'),
  };
}

/**
 * Fills `card` with `list`, every achievement not answered yet, the picture showing the
 * first one's item on the player's face. Answering the card answers them all.
 */
export function fillUnlocked(card: HTMLElement, list: readonly Achievement[], me: { readonly player: string | null; readonly face: number }, handlers: Handlers): void {
  const first = list[0];
  if (first === undefined) {
    card.replaceChildren();
    return;
  }
  const pic = h('div', { class: 'unlocked-pic', 'aria-hidden': 'true' });
  if (isItemId(first.item)) pic.innerHTML = avatarSvg(faceFor({ human: true, name: '', player: me.player, face: me.face }), first.item);
  const heading = (text: string): HTMLElement => h('h3', { id: 'unlocked-title', 'data-testid': 'unlocked-title' }, text);
  const later = button('unlocked-later', w('notNow'), () => handlers.wearUnlocked(null), 'secondary');
  const words = h('div', { class: 'unlocked-words' });
  if (list.length === 1) {
    const one = unlockedWords(first);
    words.append(
      heading(one.heading),
      h('p', { 'data-testid': 'unlocked-text' }, one.text),
      h('p', { 'data-testid': 'unlocked-question' }, one.question),
      h('div', { class: 'buttons' }, button('unlocked-wear', w('putItOn'), () => handlers.wearUnlocked(first.item), 'primary'), later),
    );
  } else {
    const many = unlockedManyWords(list);
    const wear = list.map(achievementText).map((a) => button(`unlocked-wear-${a.item}`, w('putOn', { item: a.itemName }), () => handlers.wearUnlocked(a.item), 'primary'));
    words.append(
      heading(many.heading),
      h('ul', { class: 'unlocked-lines', 'data-testid': 'unlocked-text' }, ...many.lines.map((line) => h('li', {}, line))),
      h('p', { 'data-testid': 'unlocked-question' }, many.question),
      h('div', { class: 'buttons' }, ...wear, later),
    );
  }
  card.replaceChildren(pic, words);
}
