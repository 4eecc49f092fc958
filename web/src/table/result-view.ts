// What shows over the table when a hand or the game is over: the result with the score
// sheet and its links, the moon's news, and under the result's buttons "ACHIEVEMENT
// UNLOCKED".

import { winnersText } from '../game/a11y';
import { moonSvg } from '../game/cards';
import { MOON_EXPLANATION, MOON_EXPLANATION_SHOOTER, isMe, nameOf, seatAt } from '../game/rules';
import { seatIndex, type Achievement, type Seat, type SheetRow, type View } from '../net/types';
import type { SocialView } from '../people/render-social';
import type { Handlers } from '../state/handlers';
import { atPeopleTable, uiMode, type AppState } from '../state/state';
import { button, h, setAttrs, setText, show } from '../ui/dom';
import type { Part } from '../ui/lazy';
import { DAILY_PART, DIALOGS_PART } from './parts';

/** The score sheet: Hand | You | West | North | East | Winner(s), with totals. */
export function scoreSheetTable(view: View): HTMLTableElement {
  const order = [0, 1, 2, 3].map((p) => seatAt(view.seat, p as 0 | 1 | 2 | 3));
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'Hand'),
    ...order.map((s) => h('th', { scope: 'col', 'data-seat': s, title: seatTitle(view, s) }, nameOf(view, s))),
    h('th', { scope: 'col' }, 'Winner(s)'),
  );
  const rows = view.sheet.map((row: SheetRow) =>
    h(
      'tr',
      { 'data-testid': 'sheet-row', 'data-hand': row.hand },
      h('th', { scope: 'row' }, String(row.hand)),
      ...order.map((s) => {
        const i = seatIndex(s);
        const moon = row.moon?.shooter === s;
        return h(
          'td',
          { 'data-seat': s, class: moon ? 'moon' : null, title: moon ? 'Shot the moon' : null },
          String(row.score[i] ?? 0),
          moon ? moonMark() : null,
        );
      }),
      h('td', { class: 'winners' }, row.winners.map((s) => nameOf(view, s)).join(', ')),
    ),
  );
  const totals = h(
    'tr',
    { 'data-testid': 'sheet-totals' },
    h('th', { scope: 'row' }, 'Total'),
    ...order.map((s) => h('td', { 'data-seat': s }, String(view.scores[seatIndex(s)] ?? 0))),
    h('td', {}, ''),
  );
  return h(
    'table',
    { class: 'sheet', 'data-testid': 'score-sheet' },
    h('caption', { class: 'sr-only' }, 'Score sheet'),
    h('thead', {}, head),
    h('tbody', {}, ...rows),
    h('tfoot', {}, totals),
  );
}

/** The moon icon with words for screen readers. */
function moonMark(): HTMLElement {
  const mark = h('span', { class: 'moon-mark' }, h('span', { class: 'sr-only' }, ' (shot the moon)'));
  mark.insertAdjacentHTML('afterbegin', moonSvg());
  return mark;
}

function moonIconEl(): HTMLElement {
  const el = h('div', { class: 'moon-icon', 'aria-hidden': 'true' });
  el.innerHTML = moonSvg();
  return el;
}

const SEAT_WORDS: Readonly<Record<Seat, string>> = { S: 'South', W: 'West', N: 'North', E: 'East' };

function seatTitle(view: View, s: Seat): string {
  return isMe(view, s) ? `You (${SEAT_WORDS[s]})` : SEAT_WORDS[s];
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
    private readonly page: { readonly social: SocialView | null },
    private readonly need: <M>(part: Part<M>) => M | null,
  ) {
    this.resultTitle = h('h2', { 'data-testid': 'result-title' });
    this.resultBody = h('div', { class: 'result-body' });
    this.resultNew = button('new-game-end', 'New game', () => handlers.newGame(), 'primary');
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
        h('h3', {}, 'What is Shooting the moon?'),
        this.moonText,
        button('moon-ok', 'OK', () => handlers.dismissMoon(), 'primary'),
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
    const key = `${view.phase}:${view.hand}:${view.sheet.length}:${view.names.join('|')}:${daily !== null}`;
    const people = atPeopleTable(s);
    const ready = uiMode(s) === 'ready-waiting';
    show(this.resultNext, !gameOver && !view.watching);
    this.resultNext.disabled = s.pending !== null || ready;
    setText(this.resultNext, ready ? 'Waiting for the others…' : 'Next hand');
    show(this.resultNew, gameOver && !people);
    setAttrs(this.resultEl, { 'data-testid': gameOver ? 'game-over' : 'hand-over' });
    if (key === this.resultKey) return;
    this.resultKey = key;
    setText(this.resultTitle, gameOver ? winnersText(view, view.winners) : `Hand ${view.hand} is over`);
    const last = view.sheet[view.sheet.length - 1];
    const parts: HTMLElement[] = [];
    if (last && !gameOver && !view.watching) {
      const me = seatIndex(view.seat);
      parts.push(h('p', { 'data-testid': 'hand-summary' }, `You scored ${last.score[me] ?? 0} this hand.`));
    }
    if (last?.moon) {
      const shooter = isMe(view, last.moon.shooter) ? 'You' : nameOf(view, last.moon.shooter);
      parts.push(h('p', { class: 'moon-line' }, moonMark(), ` ${shooter} shot the moon.`));
    }
    parts.push(h('div', { class: 'sheet-wrap' }, scoreSheetTable(view)));
    const table = gameOver && !view.watching ? s.game?.table : undefined;
    if (table !== undefined) {
      const download = h('button', { type: 'button', class: 'link', 'data-testid': 'download-record' }, 'Download the game record');
      download.addEventListener('click', () => this.handlers.downloadRecord(table));
      const stats = h('button', { type: 'button', class: 'link', 'data-testid': 'result-stats' }, 'Your statistics');
      stats.addEventListener('click', () => this.handlers.openDialog('stats'));
      const awards = h('button', { type: 'button', class: 'link', 'data-testid': 'result-achievements' }, 'Achievements');
      awards.addEventListener('click', () => this.handlers.openDialog('achievements'));
      const verify = h('button', { type: 'button', class: 'link', 'data-testid': 'result-verify' }, 'Verify the deals');
      verify.addEventListener('click', () => this.handlers.openVerify(table));
      const replay = h('button', { type: 'button', class: 'link', 'data-testid': 'result-replay' }, 'Replay the game');
      replay.addEventListener('click', () => this.handlers.openReplay(table));
      const review = h('button', { type: 'button', class: 'link', 'data-testid': 'result-review' }, 'Review my play');
      review.addEventListener('click', () => this.handlers.openReview(table));
      parts.push(h('div', { class: 'result-links' }, replay, review, download, verify, stats, awards));
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
    const shooter = isMe(view, moon.shooter) ? 'You' : nameOf(view, moon.shooter);
    setText(this.moonTitle, `${shooter} shot the moon!`);
    setText(this.moonText, moon.scored === 'shooter' ? MOON_EXPLANATION_SHOOTER : MOON_EXPLANATION);
  }
}
