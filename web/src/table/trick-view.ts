// The trick in the middle of the table: its cards keyed by card, so a card keeps its
// element (and a running flight) across renders.

import { cardLabel } from '../game/cards';
import { nameOf, playerOf, positionOf } from '../game/rules';
import { tableWords as w } from '../i18n/table';
import type { Card, Seat, View } from '../net/types';
import type { AppState } from '../state/state';
import { h, setAttrs } from '../ui/dom';
import { cardFace } from './hand-view';

export class TrickView {
  readonly trickEl: HTMLElement;
  private readonly trickCards = new Map<string, HTMLElement>();

  constructor() {
    this.trickEl = h('div', { class: 'trick', 'data-testid': 'trick', role: 'group' });
  }

  /** The element of a card on the table, if shown. */
  trickCard(card: Card): HTMLElement | undefined {
    return this.trickCards.get(card);
  }

  renderTrick(s: AppState, view: View | null): void {
    const trick = view === null ? null : (s.game?.heldTrick ?? (view.trick.cards.length > 0 ? view.trick : null));
    const wanted = new Map<string, { card: Card; seat: Seat }>();
    if (view && trick) trick.cards.forEach((card, k) => wanted.set(card, { card, seat: playerOf(trick, k) }));
    for (const [key, el] of this.trickCards) {
      if (!wanted.has(key)) {
        el.remove();
        this.trickCards.delete(key);
      }
    }
    const held = s.game?.heldTrick ?? null;
    for (const { card, seat } of wanted.values()) {
      let el = this.trickCards.get(card);
      if (!el) {
        el = h('div', { class: 'card in-trick' }, cardFace(card));
        this.trickCards.set(card, el);
        this.trickEl.append(el);
      }
      const pos = view ? positionOf(view.seat, seat) : 'bottom';
      setAttrs(el, {
        class: `card in-trick at-${pos}${held && held.winner === seat ? ' winning' : ''}`,
        'data-testid': `trick-card-${card}`,
        'data-card': card,
        'data-seat': seat,
        role: 'img',
        'aria-label': w('pB', { card: cardLabel(card), name: view ? nameOf(view, seat) : seat }),
      });
    }
    setAttrs(this.trickEl, {
      'aria-label': w('oT'),
      'data-count': String(wanted.size),
      'data-held': held ? 'true' : null,
      // The felt's emblem between tricks: a heart, outlined until hearts are broken.
      'data-hearts': view === null || view.phase === 'pass' ? null : view.heartsBroken ? 'broken' : 'whole',
    });
  }
}
