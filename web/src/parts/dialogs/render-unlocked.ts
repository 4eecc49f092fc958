// "ACHIEVEMENT UNLOCKED": what a finished game earned, on one card under the result's
// buttons (table/result-view.ts holds the empty card). One alone in the seed's words;
// several (a game can earn four or five) as one line each, with a button per item. Drawn
// from this chunk, downloaded once a game has earned something: a first load without an
// achievement does not carry it.
import { unlockedWords } from '../../game/achievement-words';
import type { Achievement } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import { avatarSvg, faceFor, isItemId } from '../../ui/avatars';
import { button, h } from '../../ui/dom';

/** Several earned at once: the heading, a line for each, and the question. */
export function unlockedManyWords(list: readonly Achievement[]): { readonly heading: string; readonly lines: readonly string[]; readonly question: string } {
  return {
    heading: `${list.length} ACHIEVEMENTS UNLOCKED`,
    lines: list.map((a) => `It looks like you might be a ${a.title}: you can now wear a ${a.itemName}.`),
    question: 'Do you want to put one on?',
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
  const later = button('unlocked-later', 'Not now', () => handlers.wearUnlocked(null), 'secondary');
  const words = h('div', { class: 'unlocked-words' });
  if (list.length === 1) {
    const w = unlockedWords(first);
    words.append(
      heading(w.heading),
      h('p', { 'data-testid': 'unlocked-text' }, w.text),
      h('p', { 'data-testid': 'unlocked-question' }, w.question),
      h('div', { class: 'buttons' }, button('unlocked-wear', 'Put it on', () => handlers.wearUnlocked(first.item), 'primary'), later),
    );
  } else {
    const w = unlockedManyWords(list);
    const wear = list.map((a) => button(`unlocked-wear-${a.item}`, `Put on the ${a.itemName}`, () => handlers.wearUnlocked(a.item), 'primary'));
    words.append(
      heading(w.heading),
      h('ul', { class: 'unlocked-lines', 'data-testid': 'unlocked-text' }, ...w.lines.map((line) => h('li', {}, line))),
      h('p', { 'data-testid': 'unlocked-question' }, w.question),
      h('div', { class: 'buttons' }, ...wear, later),
    );
  }
  card.replaceChildren(pic, words);
}
