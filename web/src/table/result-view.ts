// What shows over the table when a hand or the game is over: the result with the score
// sheet and its links, the moon's news, and under the result's buttons "ACHIEVEMENT
// UNLOCKED".

import { claimText, unitList, winnersText } from '../game/a11y';
import { moonSvg } from '../game/cards';
import { isMe, moonExplanation, nameOf, seatAt } from '../game/rules';
import { gameWords } from '../i18n/game';
import { tableWords as w } from '../i18n/table';
import { formatNumber } from '../i18n/words';
import { seatIndex, type Achievement, type Seat, type SheetRow, type View } from '../net/types';
import type { SocialView } from '../people/render-social';
import type { Handlers } from '../state/handlers';
import { atPeopleTable, uiMode, type AppState } from '../state/state';
import { button, h, setAttrs, setText, show } from '../ui/dom';
import type { Part } from '../ui/lazy';
import type { Labels, Plain } from './labels';
import { DAILY_PART, DIALOGS_PART } from './parts';

/** The score sheet: Hand | You | West | North | East | Winner(s), with totals. */
export function scoreSheetTable(view: View): HTMLTableElement {
  const order = [0, 1, 2, 3].map((p) => seatAt(view.seat, p as 0 | 1 | 2 | 3));
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, w('hand')),
    ...order.map((s) => h('th', { scope: 'col', 'data-seat': s, title: seatTitle(view, s) }, nameOf(view, s))),
    h('th', { scope: 'col' }, w('wins')),
  );
  const rows = view.sheet.map((row: SheetRow) =>
    h(
      'tr',
      { 'data-testid': 'sheet-row', 'data-hand': row.hand },
      h('th', { scope: 'row' }, formatNumber(row.hand)),
      ...order.map((s) => {
        const i = seatIndex(s);
        const moon = row.moon?.shooter === s;
        return h(
          'td',
          { 'data-seat': s, class: moon ? 'moon' : null, title: moon ? w('sIt') : null },
          formatNumber(row.score[i] ?? 0),
          moon ? moonMark() : null,
        );
      }),
      h('td', { class: 'winners' }, unitList(row.winners.map((s) => nameOf(view, s)))),
    ),
  );
  const totals = h(
    'tr',
    { 'data-testid': 'sheet-totals' },
    h('th', { scope: 'row' }, w('sum')),
    ...order.map((s) => h('td', { 'data-seat': s }, formatNumber(view.scores[seatIndex(s)] ?? 0))),
    h('td', {}, ''),
  );
  return h(
    'table',
    { class: 'sheet', 'data-testid': 'score-sheet' },
    h('caption', { class: 'sr-only' }, w('sheet')),
    h('thead', {}, head),
    h('tbody', {}, ...rows),
    h('tfoot', {}, totals),
  );
}

/** The moon icon with words for screen readers. */
function moonMark(): HTMLElement {
  const mark = h('span', { class: 'moon-mark' }, h('span', { class: 'sr-only' }, ` ${w('sM')}`));
  mark.insertAdjacentHTML('afterbegin', moonSvg());
  return mark;
}

function moonIconEl(): HTMLElement {
  const el = h('div', { class: 'moon-icon', 'aria-hidden': 'true' });
  el.innerHTML = moonSvg();
  return el;
}

function seatTitle(view: View, s: Seat): string {
  return isMe(view, s) ? w('yAt', { seat: w(s) }) : w(s);
}

export class ResultView {
  readonly resultEl: HTMLElement;
  private readonly resultTitle: HTMLElement;
  private readonly resultBody: HTMLElement;
  private readonly resultNext: HTMLButtonElement;
  private readonly resultNew: HTMLButtonElement;
  readonly moonEl: HTMLElement;
  private readonly unlockedEl: HTMLElement;
  private shownUnlocked: readonly Achievement[] = [];
  private readonly moonTitle: HTMLElement;
  private readonly moonText: HTMLElement;
  private resultKey = '';

  /**
   * `nextButton` is the table's Next hand, which the result shows too; `socialResult` the
   * place of the people's lines (render-social.ts); `dialogEl` the dialog over the page,
   * which keeps the focus; `page` the table view, with the people's part once it is here;
   * `need` its loader of the page's chunks.
   */
  constructor(
    private readonly handlers: Handlers,
    nextButton: HTMLButtonElement,
    socialResult: Comment,
    private readonly dialogEl: HTMLElement,
    private readonly page: { readonly social: SocialView | null; readonly labels: Labels },
    private readonly need: <M>(part: Part<M>) => M | null,
  ) {
    this.resultTitle = h('h2', { 'data-testid': 'result-title' });
    this.resultBody = h('div', { class: 'result-body' });
    const l = page.labels;
    this.resultNew = l.button('new-game-end', 'ng', () => handlers.newGame(), 'primary');
    this.resultNext = nextButton;
    // "ACHIEVEMENT UNLOCKED", every unlock not answered yet on one card, filled by the
    // dialogs' chunk (render-unlocked.ts). It is part of the result, under its buttons:
    // it comes once the result is there, and however many it says, it never covers the
    // result's title or buttons (the panel scrolls when it is taller than the window).
    // Read out as it comes (the announcer, messages.ts), it leaves the focus where it is.
    this.unlockedEl = h('section', { class: 'unlocked-card', 'data-testid': 'unlocked', 'aria-labelledby': 'unlocked-title', hidden: true });
    this.resultEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'result', role: 'dialog', 'aria-labelledby': 'result-title', hidden: true },
      h(
        'div',
        { class: 'panel wide' },
        this.resultTitle,
        this.resultBody,
        socialResult,
        h('div', { class: 'buttons' }, this.resultNext, this.resultNew),
        this.unlockedEl,
      ),
    );
    this.resultTitle.id = 'result-title';

    this.moonTitle = h('h2', { id: 'moon-title' });
    this.moonText = h('p', { 'data-testid': 'moon-text' });
    this.moonEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'moon', role: 'dialog', 'aria-labelledby': 'moon-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        moonIconEl(),
        this.moonTitle,
        l.put(h('h3'), 'mW'),
        this.moonText,
        l.button('moon-ok', 'ok', () => handlers.dismissMoon(), 'primary'),
      ),
    );
  }

  renderResult(s: AppState, view: View | null): void {
    const settled = !s.busy && !s.game?.partial;
    const over = view !== null && settled && (view.phase === 'hand_over' || view.phase === 'game_over');
    show(this.resultEl, over && !s.game?.moon);
    if (!view || !over) {
      this.resultKey = '';
      return;
    }
    const gameOver = view.phase === 'game_over';
    const daily = gameOver && !view.watching && s.game?.daily ? DAILY_PART.get() : null;
    const claim = s.game?.claim;
    const key = `${view.phase}:${view.hand}:${view.sheet.length}:${view.names.join('|')}:${daily !== null}:${claim ? (claim.seat ?? '-') : ''}`;
    const people = atPeopleTable(s);
    const ready = uiMode(s) === 'ready-waiting';
    show(this.resultNext, !gameOver && !view.watching);
    this.resultNext.disabled = s.pending !== null || ready;
    setText(this.resultNext, w(ready ? 'wO' : 'nH'));
    show(this.resultNew, gameOver && !people);
    setAttrs(this.resultEl, { 'data-testid': gameOver ? 'game-over' : 'hand-over' });
    if (key === this.resultKey) return;
    this.resultKey = key;
    setText(this.resultTitle, gameOver ? winnersText(view, view.winners) : w('hO', { n: view.hand }));
    const last = view.sheet[view.sheet.length - 1];
    const parts: HTMLElement[] = [];
    if (last && !gameOver && !view.watching) {
      const me = seatIndex(view.seat);
      parts.push(h('p', { 'data-testid': 'hand-summary' }, w('iSc', { n: last.score[me] ?? 0 })));
    }
    if (claim) parts.push(h('p', { 'data-testid': 'claim-line' }, claimText(claim.seat, view)));
    if (last?.moon) {
      const shooter = last.moon.shooter;
      parts.push(h('p', { class: 'moon-line' }, moonMark(), ` ${isMe(view, shooter) ? w('iShL') : w('shL', { name: nameOf(view, shooter) })}`));
    }
    parts.push(h('div', { class: 'sheet-wrap' }, scoreSheetTable(view)));
    const table = gameOver && !view.watching ? s.game?.table : undefined;
    if (table !== undefined) {
      const hs = this.handlers;
      const links: readonly (readonly [string, Plain, () => void])[] = [
        ['result-replay', 'rpl', () => hs.openReplay(table)],
        ['result-review', 'rvw', () => hs.openReview(table)],
        ['download-record', 'rec', () => hs.downloadRecord(table)],
        ['result-verify', 'vfy', () => hs.openVerify(table)],
        ['result-stats', 'myS', () => hs.openDialog('stats')],
        ['result-achievements', 'aw', () => hs.openDialog('achievements')],
      ];
      parts.push(h('div', { class: 'result-links' }, ...links.map(([id, key, go]) => button(id, w(key), go, 'link'))));
    }
    // The daily deal's end: how the others did with the same cards.
    const board = daily && s.game?.daily ? daily.boardButton(s.game.daily, Date.now(), this.handlers) : null;
    if (board) parts.unshift(h('div', { class: 'buttons' }, board));
    this.resultBody.replaceChildren(...parts);
    const social = this.page.social;
    const inside = (el: HTMLElement | undefined): boolean => el?.contains(document.activeElement) ?? false;
    const rematch = social?.resultEl.querySelector<HTMLElement>('[data-testid="rematch"]');
    const focusTarget = gameOver ? (people && rematch ? rematch : (board ?? this.resultNew)) : this.resultNext;
    const elsewhere = this.dialogEl.contains(document.activeElement) || inside(social?.chatEl);
    const dialog = inside(social?.promptEl) || inside(social?.challengeEl);
    if (!elsewhere && !dialog) focusTarget.focus();
  }

  /**
   * Every achievement unlocked and not answered yet, on the card of a game's result (not a
   * hand's), once the table has stopped moving and the card's chunk is here.
   */
  renderUnlocked(s: AppState): void {
    const list = s.busy || s.game?.view.phase !== 'game_over' ? [] : s.unlocked;
    const part = list.length > 0 ? this.need(DIALOGS_PART) : null;
    show(this.unlockedEl, part !== null);
    if (part === null || list === this.shownUnlocked) return;
    this.shownUnlocked = list;
    part.fillUnlocked(this.unlockedEl, list, { player: s.social.player, face: s.look.face }, this.handlers);
  }

  renderMoon(s: AppState, view: View | null): void {
    const moon = s.game?.moon ?? null;
    show(this.moonEl, view !== null && moon !== null && !s.busy && !s.game?.partial);
    if (!view || !moon) return;
    setText(this.moonTitle, isMe(view, moon.shooter) ? gameWords('iSh') : gameWords('shot', { name: nameOf(view, moon.shooter) }));
    setText(this.moonText, moonExplanation(moon.scored));
  }

  /** After a change of language: the result and the unlocked card are drawn again at the next render. */
  relabel(): void {
    this.resultKey = '';
    this.shownUnlocked = [];
  }
}
