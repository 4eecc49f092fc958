// My hand: its cards keyed by card (an element keeps its identity, focus and animation
// across renders), one Tab stop with the arrows moving inside it (ui/keyboard.ts).

import { unitList } from '../game/a11y';
import { cardLabel, cardSvg, sortCards } from '../game/cards';
import { tableWords as w } from '../i18n/table';
import type { Card, View } from '../net/types';
import type { Handlers } from '../state/handlers';
import { canChoosePass, hintShown, type AppState } from '../state/state';
import { h, setAttrs } from '../ui/dom';
import { cardKeyIntent, focusAfterRemoval } from '../ui/keyboard';
import { cardsLeft } from './seats-view';

export function cardFace(card: Card): HTMLElement {
  const el = h('div', { class: 'card-face' });
  el.innerHTML = cardSvg(card);
  return el;
}

/** The most cards a phone shows in one row of the hand: more are laid out in two. */
export const HAND_ROW_MAX = 7;

/**
 * Card `i` of `n` in a hand of two rows (more than HAND_ROW_MAX cards): the first half,
 * rounded up, in the back row, the rest in front. `cols` is the number in its row.
 */
export function handPlace(i: number, n: number): { row: number; col: number; cols: number } {
  if (n <= HAND_ROW_MAX) return { row: 0, col: i, cols: n };
  const back = Math.ceil(n / 2);
  return i < back ? { row: 0, col: i, cols: back } : { row: 1, col: i - back, cols: n - back };
}

export class HandView {
  readonly handEl: HTMLElement;
  private readonly handCards = new Map<Card, HTMLButtonElement>();

  constructor(handlers: Handlers) {
    this.handEl = h('div', { class: 'hand', 'data-testid': 'hand', role: 'group' });
    this.handEl.addEventListener('click', (e) => {
      const target = (e.target as Element).closest<HTMLElement>('[data-card]');
      const card = target?.dataset['card'];
      if (card) handlers.cardClicked(card as Card);
    });
    this.handEl.addEventListener('keydown', (e) => this.onHandKey(e));
    // The hand is one stop for Tab (arrows move inside it): the stop follows the focus.
    this.handEl.addEventListener('focusin', (e) => {
      if (e.target instanceof HTMLElement && e.target.dataset['card'] !== undefined) this.setHandStop(e.target);
    });
  }

  /** The element of a card in the hand, if shown. */
  handCard(card: Card): HTMLElement | undefined {
    return this.handCards.get(card);
  }

  renderHand(s: AppState, view: View | null): void {
    // A watcher sees the bottom seat's cards as backs, like everyone else's.
    const backs = view?.watching ? cardsLeft(view, view.seat) : 0;
    if (backs !== this.handEl.querySelectorAll('.card-back').length) {
      for (const el of this.handEl.querySelectorAll('.card-back')) el.remove();
      for (let k = 0; k < backs; k++) this.handEl.append(h('div', { class: 'card-back', 'aria-hidden': 'true' }));
    }
    const cards = view ? sortCards(view.cards) : [];
    const focused = document.activeElement;
    let focusedIndex = -1;
    const old = [...this.handEl.children];
    if (focused instanceof HTMLElement && this.handEl.contains(focused)) focusedIndex = old.indexOf(focused);
    const focusedCard = focused instanceof HTMLElement ? focused.dataset['card'] : undefined;

    const keep = new Set<Card>(cards);
    for (const [card, el] of this.handCards) {
      if (!keep.has(card)) {
        el.remove();
        this.handCards.delete(card);
      }
    }
    const choosing = canChoosePass(s);
    const passedCards = view?.phase === 'pass' ? view.passed : [];
    const myTurn = view !== null && view.phase === 'play' && view.toMove === view.seat;
    const highlight = s.game?.highlight ?? [];
    const hinted = hintShown(s)?.cards ?? [];
    cards.forEach((card, i) => {
      let el = this.handCards.get(card);
      if (!el) {
        el = h('button', { type: 'button', class: 'card in-hand' }, cardFace(card));
        this.handCards.set(card, el);
      }
      if (this.handEl.children[i] !== el) this.handEl.insertBefore(el, this.handEl.children[i] ?? null);
      const legal = view !== null && view.legal.includes(card);
      const selected = s.selected.includes(card);
      const passed = passedCards.includes(card);
      const classes = ['card', 'in-hand'];
      if (selected) classes.push('selected');
      if (passed) classes.push('passed');
      if (highlight.includes(card)) classes.push('received');
      if (hinted.includes(card)) classes.push('hinted');
      if (myTurn && !legal) classes.push('illegal');
      if (myTurn && legal) classes.push('legal');
      const actionable = choosing || (myTurn && legal && s.pending === null);
      setAttrs(el, {
        class: classes.join(' '),
        'data-card': card,
        'data-testid': `card-${card}`,
        'data-legal': legal ? 'true' : 'false',
        'data-selected': selected ? 'true' : null,
        'data-received': highlight.includes(card) ? 'true' : null,
        'data-hinted': hinted.includes(card) ? 'true' : null,
        'aria-label': unitList([cardLabel(card), passed ? w('cP') : '', highlight.includes(card) ? w('cG') : '', hinted.includes(card) ? w('cH') : ''].filter((x) => x !== '')),
        'aria-pressed': choosing ? (selected ? 'true' : 'false') : null,
        'aria-disabled': actionable ? null : 'true',
      });
      // Through CSSOM: the server's Content-Security-Policy (`style-src 'self'`) refuses
      // style attributes written as markup, not properties set on `el.style`.
      if (el.style.getPropertyValue('--i') !== String(i)) el.style.setProperty('--i', String(i));
      // Where the card goes when a narrow screen lays the hand out in two rows.
      const place = handPlace(i, cards.length);
      for (const [name, value] of [['--row', place.row], ['--col', place.col], ['--cols', place.cols]] as const) {
        if (el.style.getPropertyValue(name) !== String(value)) el.style.setProperty(name, String(value));
      }
    });
    this.handEl.style.setProperty('--rows', String(cards.length > HAND_ROW_MAX ? 2 : 1));
    this.handEl.style.setProperty('--n', String(Math.max(cards.length, 1)));
    setAttrs(this.handEl, { 'data-count': String(cards.length), 'aria-label': w('yC') });

    // Keep keyboard focus in the hand when the focused card left it.
    if (focusedIndex >= 0 && focusedCard && !keep.has(focusedCard as Card)) {
      const next = focusAfterRemoval(focusedIndex, cards.length);
      const nextCard = next === null ? undefined : cards[next];
      if (nextCard) this.handCards.get(nextCard)?.focus();
    }
    // Tab reaches the hand once, at the focused card, or else at the first one that can
    // be chosen or played now.
    const inHand = document.activeElement instanceof HTMLElement && this.handEl.contains(document.activeElement);
    if (!inHand) this.setHandStop(this.firstActionableCard() ?? this.handEl.querySelector<HTMLElement>('button[data-card]'));
  }

  /** Makes `card` the hand's one Tab stop. */
  private setHandStop(card: HTMLElement | null): void {
    for (const el of this.handCards.values()) {
      const stop = el === card ? '0' : '-1';
      if (el.getAttribute('tabindex') !== stop) el.setAttribute('tabindex', stop);
    }
  }

  /** The first card of the hand that can be chosen for the pass or played now. */
  firstActionableCard(): HTMLElement | null {
    return this.handEl.querySelector<HTMLElement>('button[data-card]:not([aria-disabled="true"])');
  }

  private onHandKey(e: KeyboardEvent): void {
    const buttons = [...this.handEl.querySelectorAll<HTMLButtonElement>('button[data-card]')];
    const index = buttons.indexOf(e.target as HTMLButtonElement);
    if (index < 0) return;
    const intent = cardKeyIntent(e.key, index, buttons.length);
    if (intent?.kind === 'move') {
      e.preventDefault();
      buttons[intent.index]?.focus();
    }
    // Enter and Space are a button's own click.
  }
}
