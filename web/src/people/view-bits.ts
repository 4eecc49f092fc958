// Small pieces the views of playing with people share: a button (ui/dom.ts), a
// favorite's heart, and a person's name that opens "Block, mute, favorite" when clicked.

import type { SocialHandlers } from '../state/handlers';
import { h } from '../ui/dom';

export { button } from '../ui/dom';

/** A favorite's little heart, or nothing. */
export function heart(on: boolean): HTMLElement | null {
  return on ? h('span', { class: 'fav', title: 'Favorite', 'aria-label': '(favorite)' }, '♥') : null;
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
