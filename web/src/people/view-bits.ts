// Small pieces the views of playing with people share: a button (ui/dom.ts), a
// favorite's heart, a person's name that opens "Block, mute, favorite" when clicked, a
// message with elements in its placeholders, and a list with commas.

import { peopleWords as w } from '../i18n/people';
import { language } from '../i18n/words';
import type { SocialHandlers } from '../state/handlers';
import { h } from '../ui/dom';

export { button } from '../ui/dom';

/** A favorite's little heart, or nothing. */
export function heart(on: boolean): HTMLElement | null {
  return on ? h('span', { class: 'fav', title: w('favorite'), 'aria-label': w('favoriteMark') }, '♥') : null;
}

/**
 * A message whose placeholders are elements, as nodes: `text` is the message with each
 * `{name}` of `parts` left in it (`w('playingAs', { name: '{name}' })`), wherever the
 * language puts it.
 */
export function withParts(text: string, parts: Readonly<Record<string, Node>>): (Node | string)[] {
  const out: (Node | string)[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const part = m[1] === undefined ? undefined : parts[m[1]];
    if (part === undefined) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(part);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** "Ada, Bob, free, free": a list without "and", the language's way. */
export function commaList(items: readonly string[]): string {
  return new Intl.ListFormat(language(), { type: 'unit', style: 'long' }).format(items);
}

/** Clicking (or Enter on) a person's name opens "Block, mute, favorite". */
export function onNameClick(handlers: SocialHandlers, e: Event): void {
  const target = (e.target as Element).closest<HTMLElement>('[data-player]');
  const player = target?.dataset['player'];
  if (target && player) handlers.openPlayer(player, target.dataset['name'] ?? '');
}

export function onNameKey(handlers: SocialHandlers, e: KeyboardEvent): void {
  if ((e.key === 'Enter' || e.key === ' ') && (e.target as Element).matches('[data-player]')) {
    e.preventDefault();
    onNameClick(handlers, e);
  }
}
