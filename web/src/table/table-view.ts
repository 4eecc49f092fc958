// One render path: `TableView.render(state)` makes the page show `state`. The skeleton
// is built once, from one view each for the seats (seats-view.ts), the trick
// (trick-view.ts), my hand (hand-view.ts), the result over the table (result-view.ts)
// and the dialogs (dialog-view.ts); cards in the hand and the trick are keyed by card,
// so an element keeps its identity (and focus, and a running animation) across
// renders. Everything else is cheap text and attribute updates.

import { listWords, winnersText } from '../game/a11y';
import { tableWords as w } from '../i18n/table';
import { POSITION_NAMES, isMe, nameOf, passInstruction, passTarget, positionOf } from '../game/rules';
import { inTrouble } from '../net/reconnect';
import type { Card, Seat, View } from '../net/types';
import type { SocialView } from '../people/render-social';
import type { Handlers } from '../state/handlers';
import { isPeopleTable } from '../state/social';
import { atPeopleTable, canAskHint, canChoosePass, hintShown, noticeShown, passReady, uiMode, type AppState } from '../state/state';
import { h, setAttrs, setText, show } from '../ui/dom';
import { Part } from '../ui/lazy';
import { DialogView } from './dialog-view';
import { HandView } from './hand-view';
import { Labels } from './labels';
import { DAILY_PART, PART_RETRY_MS, SOCIAL_PART, needsSocial } from './parts';
import { ResultView } from './result-view';
import { SeatsView } from './seats-view';
import { TrickView } from './trick-view';

function statusText(s: AppState): string {
  const g = s.game;
  if (g === null) return '';
  const v = g.view;
  if (g.heldTrick?.winner !== undefined && v.trick.cards.length === 0 && v.phase === 'play') {
    const winner = g.heldTrick.winner;
    if (isMe(v, winner)) return v.toMove === v.seat ? w('iTL') : w('iT');
    return w('tk', { name: nameOf(v, winner) });
  }
  switch (v.phase) {
    case 'pass':
      if (v.pass === 'none') return passInstruction(v);
      if (v.watching) return w('psg');
      if (v.passed.length > 0) return w('oPs');
      return w('chs', { pass: passInstruction(v), n: s.selected.length });
    case 'play':
      if (isMe(v, v.toMove)) return w('turn');
      return v.toMove ? w('wF', { name: nameOf(v, v.toMove) }) : '';
    case 'moon':
      return isMe(v, v.toMove) ? w('iSh') : w('scg');
    case 'hand_over':
      return w('hO', { n: v.hand });
    case 'game_over':
      return winnersText(v, v.winners);
  }
}

export class TableView {
  readonly appEl: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly passButton: HTMLButtonElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly hintText: HTMLElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly moonChoiceEl: HTMLElement;
  private readonly noticeEl: HTMLElement;
  private readonly noticeSlot: HTMLElement;
  private readonly storageEl: HTMLElement;
  private readonly connectionEl: HTMLElement;
  private readonly connectionText: HTMLElement;
  private readonly gaveUpEl: HTMLElement;
  private readonly startEl: HTMLElement;
  private readonly tableEl: HTMLElement;
  private readonly newGameTop: HTMLButtonElement;
  private readonly lobbyTop: HTMLButtonElement;
  /** The line over a game of the daily deal (daily-part.ts draws it). */
  private readonly dailyBar: HTMLElement;
  /** Null until render-social.ts is here; then its elements take the anchors' places. */
  social: SocialView | null = null;
  private readonly socialAnchors = {
    bar: document.createComment('table bar'),
    stage: document.createComment('lobby, room, chat'),
    result: document.createComment('lines for a table with people'),
    dialogs: document.createComment('prompts and challenges'),
  };
  private readonly lostEl: HTMLElement;
  readonly announcerEl: HTMLElement;
  private noticeSerial = -1;
  private state: AppState | null = null;
  private readonly seatsView: SeatsView;
  private readonly trickView: TrickView;
  private readonly handView: HandView;
  private readonly resultView: ResultView;
  private readonly dialogView: DialogView;
  /** What the view wrote once, written again by relabel(). */
  readonly labels = new Labels();

  constructor(
    root: HTMLElement,
    private readonly handlers: Handlers,
  ) {
    const l = this.labels;
    const button = l.button.bind(l);
    const header = h(
      'header',
      { class: 'topbar' },
      h('h1', {}, h('span', { class: 'logo', 'aria-hidden': 'true' }, '♥'), ' ', l.put(h('span', { class: 'title' }), 'hrt')),
      l.put(
        h(
          'nav',
          {},
          button('open-sheet', 'scr', () => handlers.openDialog('sheet')),
          button('open-rules', 'rules', () => handlers.openDialog('rules')),
          button('open-stats', 'stats', () => handlers.openDialog('stats')),
          button('open-settings', 'set', () => handlers.openDialog('settings')),
          button('open-daily', 'daily', () => handlers.openDaily()),
          button('open-lobby', 'multi', () => handlers.multiplayer()),
          button('new-game-top', 'ng', () => handlers.newGame()),
        ),
        'menu',
        'aria-label',
      ),
    );
    this.newGameTop = header.querySelector('[data-testid="new-game-top"]') as HTMLButtonElement;
    this.lobbyTop = header.querySelector('[data-testid="open-lobby"]') as HTMLButtonElement;

    this.storageEl = h(
      'div',
      { class: 'banner', 'data-testid': 'storage-warning', role: 'note', hidden: true },
      l.put(h('strong'), 'nsv'),
      ' ',
      l.text('nsvW'),
    );

    this.seatsView = new SeatsView(handlers);
    this.trickView = new TrickView();
    this.handView = new HandView(handlers);
    const table = h('main', { class: 'table', 'data-testid': 'table' });
    this.tableEl = table;
    this.statusEl = h('div', { class: 'status', 'data-testid': 'status' });
    this.passButton = button('pass-button', 'pC', () => handlers.pass(), 'primary');
    this.nextButton = button('next-hand', 'nH', () => handlers.next(), 'primary');
    this.moonChoiceEl = h(
      'div',
      { class: 'moon-choice', 'data-testid': 'moon-choice', hidden: true },
      button('moon-others', 'o26', () => handlers.moonChoice('others'), 'primary'),
      button('moon-shooter', 'm26', () => handlers.moonChoice('shooter'), 'primary'),
    );
    this.hintButton = l.put(button('hint-button', 'hint', () => handlers.askHint(), 'secondary'), 'hT', 'title');
    setAttrs(this.hintButton, { 'aria-keyshortcuts': 'H' });
    this.hintText = h('p', { class: 'hint-text', 'data-testid': 'hint-text', role: 'status', hidden: true });
    const actions = h('div', { class: 'actions' }, this.passButton, this.hintButton, this.moonChoiceEl);
    // Notices at the table have a place of their own under the trick, so they never
    // cover a player's name; elsewhere they float at the top of the page.
    this.noticeSlot = h('div', { class: 'notice-slot' });
    const centre = h('div', { class: 'centre' }, this.trickView.trickEl, this.statusEl, actions, this.hintText, this.noticeSlot);
    const [bottom, left, top, right] = POSITION_NAMES.map((p) => this.seatsView.seats.get(p)?.box as HTMLElement);
    table.append(top as HTMLElement, left as HTMLElement, centre, right as HTMLElement, bottom as HTMLElement, this.handView.handEl);

    this.noticeEl = h('div', { class: 'notice', 'data-testid': 'notice', role: 'alert', hidden: true });

    this.connectionText = h('p', { 'data-testid': 'connection-countdown' });
    this.connectionEl = h(
      'div',
      { class: 'overlay', 'data-testid': 'connection-problem', role: 'alertdialog', 'aria-labelledby': 'conn-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        l.put(h('h2', { id: 'conn-title' }), 'cT'),
        l.put(h('p'), 'cX'),
        this.connectionText,
        button('play-offline', 'pOff', () => handlers.playOffline()),
      ),
    );
    this.gaveUpEl = h(
      'div',
      { class: 'overlay', 'data-testid': 'connection-lost', role: 'alertdialog', 'aria-labelledby': 'lost-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        l.put(h('h2', { id: 'lost-title' }), 'lT'),
        l.put(h('p'), 'lX'),
        button('retry-connection', 'retry', () => handlers.retryConnection(), 'primary'),
        button('play-offline-lost', 'pOff', () => handlers.playOffline()),
      ),
    );

    // A landmark of its own (a named section): what it says is in one, with the dialogs it opens over it.
    this.startEl = h(
      'section',
      { class: 'overlay soft', 'data-testid': 'start', 'aria-labelledby': 'start-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        l.put(h('h2', { id: 'start-title' }), 'hrt'),
        h('p', { 'data-testid': 'start-text' }),
        h(
          'div',
          { class: 'buttons' },
          button('new-game', 'bots', () => handlers.newGame(), 'primary'),
          button('multiplayer', 'multi', () => handlers.multiplayer(), 'primary'),
          button('daily-start', 'dd', () => handlers.daily(), 'primary'),
        ),
        h(
          'div',
          { class: 'buttons' },
          button('start-settings', 'set', () => handlers.openDialog('settings')),
          button('start-rules', 'rules', () => handlers.openDialog('rules')),
          button('start-stats', 'sts', () => handlers.openDialog('stats')),
          button('start-achievements', 'aw', () => handlers.openDialog('achievements')),
          button('start-about', 'about', () => handlers.openDialog('about')),
        ),
      ),
    );
    this.lostEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'table-lost', hidden: true },
      h(
        'div',
        { class: 'panel' },
        l.put(h('h2'), 'gT'),
        l.put(h('p'), 'gX'),
        button('new-game-lost', 'ng', () => handlers.newGame(), 'primary'),
      ),
    );

    this.dialogView = new DialogView(handlers, (part) => this.need(part));
    this.resultView = new ResultView(handlers, this.nextButton, this.socialAnchors.result, this.dialogView.dialogEl, this, (part) => this.need(part));

    this.announcerEl = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'announcer' });

    const stage = h(
      'div',
      { class: 'stage' },
      table,
      this.socialAnchors.stage,
    );

    this.appEl = h(
      'div',
      { class: 'app', 'data-testid': 'app' },
      header,
      this.storageEl,
      (this.dailyBar = l.put(h('section', { class: 'table-bar daily-bar', 'data-testid': 'daily-bar', hidden: true }), 'dd', 'aria-label')),
      this.socialAnchors.bar,
      stage,
      this.noticeEl,
      this.startEl,
      this.lostEl,
      this.resultView.resultEl,
      this.resultView.moonEl,
      this.dialogView.dialogEl,
      this.socialAnchors.dialogs,
      this.connectionEl,
      this.gaveUpEl,
      this.announcerEl,
    );
    root.replaceChildren(this.appEl);
    // The menu stays over the soft overlays (the result, the start): they begin under it,
    // whose height depends on the width (one row or two).
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => this.appEl.style.setProperty('--bar-h', `${header.offsetHeight}px`)).observe(header);
    }

    this.appEl.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.dialogView.shownDialog !== null) {
        e.preventDefault();
        handlers.closeDialog();
      }
    });
  }
  /** The element of a card in the hand, if shown. */
  handCard(card: Card): HTMLElement | undefined {
    return this.handView.handCard(card);
  }

  /** The element of a card on the table, if shown. */
  trickCard(card: Card): HTMLElement | undefined {
    return this.trickView.trickCard(card);
  }

  /** The seat box at a table position (for animations from and to a player). */
  seatBox(seat: Seat): HTMLElement | undefined {
    const me = this.state?.game?.view.seat ?? 'S';
    const pos = positionOf(me, seat);
    return pos === 'bottom' ? this.handView.handEl : this.seatsView.seats.get(pos)?.box;
  }

  /** Cards chosen for the pass at the last render. */
  private chosenBefore = 0;

  /**
   * After a change of language: whatever was written once when the view was built is
   * written again in the language in use (render() writes the rest).
   */
  relabel(): void {
    this.labels.relabel();
    this.resultView.relabel();
    this.dialogView.relabel();
  }

  render(s: AppState): void {
    this.state = s;
    const mode = uiMode(s);
    setAttrs(this.appEl, {
      'data-ui': mode,
      // The connection as reconnect.ts sees it (open, connecting, waiting, gave_up,
      // stopped): for tests, since a closed solo game shows it only in a passing notice.
      'data-conn': s.conn.kind,
      'data-speed': s.settings.speed,
      'data-phase': s.game?.view.phase ?? null,
      class: `app${s.settings.fourColour ? ' four-colour' : ''}`,
    });
    show(this.storageEl, !s.storagePersistent);
    this.renderConnection(s);
    show(this.startEl, s.screen === 'start');
    const startText = this.startEl.querySelector('[data-testid="start-text"]');
    if (startText) {
      setText(startText, w('vs', { names: listWords(s.settings.names) }));
    }
    show(this.lostEl, s.screen === 'lost');
    show(this.tableEl, s.screen !== 'lobby' && s.screen !== 'room');
    const people = atPeopleTable(s);
    const seated = isPeopleTable(s.social.table) && (s.screen === 'room' || (people && s.game?.view.phase !== 'game_over'));
    show(this.newGameTop, !seated);
    show(this.lobbyTop, s.screen !== 'lobby' || s.conn.kind !== 'open');
    const view = s.screen === 'table' ? (s.game?.view ?? null) : null;
    if (this.social === null && needsSocial(s)) this.attachSocial();
    this.social?.render(s, view);
    // A game of the daily deal says so over the table, with its day and hand.
    const day = view && s.game?.daily;
    const daily = day ? this.need(DAILY_PART) : null;
    show(this.dailyBar, daily !== null);
    if (daily && day && view) daily.drawBar(this.dailyBar, day, view.hand, view.rules, this.handlers);
    this.seatsView.renderSeats(view, s);
    this.trickView.renderTrick(s, view);
    this.handView.renderHand(s, view);
    setText(this.statusEl, view ? statusText(s) : '');
    setAttrs(this.statusEl, { 'data-my-turn': mode === 'my-turn' ? 'true' : null });
    this.renderActions(s, view);
    this.resultView.renderResult(s, view);
    this.resultView.renderMoon(s, view);
    this.renderNotice(s);
    this.dialogView.renderDialog(s);
    this.resultView.renderUnlocked(s);
    this.moveFocus(s, mode, this.chosenBefore);
    this.chosenBefore = s.selected.length;
  }

  /** Puts the drawing of playing with people in place: now if it is here, else once it is downloaded. */
  private attachSocial(): void {
    const part = this.need(SOCIAL_PART);
    if (part === null) return;
    const social = new part.SocialView(this.handlers);
    this.social = social;
    const a = this.socialAnchors;
    a.bar.replaceWith(social.barEl);
    a.stage.replaceWith(social.lobbyEl, social.roomEl, social.timerVoteEl, social.chatEl);
    a.result.replaceWith(social.resultEl);
    a.dialogs.replaceWith(social.promptEl, social.challengeEl);
  }

  /** The parts being downloaded for this view: each is asked for once, and the view is drawn again when it is here. */
  private readonly loading = new Set<Part<unknown>>();

  /** A lazily loaded part (lazy.ts): the module if it is here, else null, and the download started. */
  private need<M>(part: Part<M>): M | null {
    const m = part.get();
    if (m !== null || this.loading.has(part)) return m;
    // After a failed download, wait before the next try: the page draws many times a second.
    const failed = this.failedAt.get(part);
    if (failed !== undefined && Date.now() - failed < PART_RETRY_MS) return null;
    this.loading.add(part);
    part.load().then(
      () => {
        this.loading.delete(part);
        this.failedAt.delete(part);
        if (this.state !== null) this.render(this.state);
      },
      () => {
        this.loading.delete(part);
        this.failedAt.set(part, Date.now());
        this.handlers.partFailed();
      },
    );
    return null;
  }

  private readonly failedAt = new Map<Part<unknown>, number>();

  private renderConnection(s: AppState): void {
    const trouble = inTrouble(s.conn);
    show(this.connectionEl, trouble);
    if (trouble) {
      setText(this.connectionText, w('gUp', { n: s.giveUpIn ?? 0 }));
    }
    show(this.gaveUpEl, s.conn.kind === 'gave_up');
  }

  private renderNotice(s: AppState): void {
    // A notice about the hand is shown only while its hand is played (state.ts noticeShown).
    const n = noticeShown(s);
    // At the table it hangs under the trick, under any dialog's backdrop. While a hand's
    // result (or the moon's news) is over the table, that place is inside the result's
    // panel, over its buttons, so the notice (never one about the hand, then) goes under
    // the menu instead, where the dimmed table is all it covers, and over any dialog: it
    // answers what the player just did there (a copy, a download) or the connection.
    const overlaid = !this.resultView.resultEl.hidden || !this.resultView.moonEl.hidden;
    const home = s.screen === 'table' && s.game !== null && !overlaid ? this.noticeSlot : this.appEl;
    if (this.noticeEl.parentElement !== home) home.append(this.noticeEl);
    show(this.noticeEl, n !== null);
    if (n && n.serial !== this.noticeSerial) {
      this.noticeSerial = n.serial;
      this.noticeEl.className = `notice ${n.kind}`;
      setText(this.noticeEl, n.text);
      // Restart the entrance animation for a repeated message.
      this.noticeEl.classList.remove('pop');
      void this.noticeEl.offsetWidth;
      this.noticeEl.classList.add('pop');
    }
  }

  /**
   * Keyboard focus goes where the next action is: to "Pass cards" once the third card is
   * chosen, and into the hand when focus was lost (the button it was on went away: "Play
   * against the computer", "Pass cards") and a card is to be chosen or played. Never while
   * a dialog is open, and never away from anything focused (the chat, a dialog).
   */
  private moveFocus(s: AppState, mode: string, chosenBefore: number): void {
    if (s.dialog !== null || s.social.prompt !== null) return;
    const active = document.activeElement;
    // Lost: on nothing, or on a control that is no longer shown (the browser moves focus
    // off a hidden element only at its next frame).
    const lost = active === null || active === document.body || (active instanceof HTMLElement && active.closest('[hidden]') !== null);
    const inHand = active instanceof HTMLElement && this.handView.handEl.contains(active);
    if (mode === 'pass' && passReady(s) && chosenBefore < 3 && (inHand || lost)) {
      this.passButton.focus();
      return;
    }
    if (!lost) return;
    if (mode === 'pass' || mode === 'my-turn') this.handView.firstActionableCard()?.focus();
    else if (mode === 'moon-choice') this.moonChoiceEl.querySelector<HTMLElement>('button')?.focus();
  }

  private renderActions(s: AppState, view: View | null): void {
    const choosing = view !== null && canChoosePass(s);
    show(this.passButton, choosing);
    this.passButton.disabled = !passReady(s);
    if (view && choosing && view.pass !== 'none') {
      const target = passTarget(view.seat, view.pass);
      if (target) setAttrs(this.passButton, { 'aria-label': w(`p${view.pass}`, { name: nameOf(view, target) }) });
    }
    // Hints: in a game against the computer, on my turn; the reason while it applies.
    show(this.hintButton, view !== null && canAskHint(s));
    this.hintButton.disabled = s.hint?.status === 'asking' && hintShown(s) !== null;
    const hint = hintShown(s);
    show(this.hintText, hint !== null);
    if (hint !== null) {
      setText(this.hintText, hint.text);
      this.hintText.classList.toggle('failed', hint.status === 'failed');
    }
    const choosingMoon = view !== null && view.phase === 'moon' && view.toMove === view.seat;
    show(this.moonChoiceEl, choosingMoon);
    for (const b of this.moonChoiceEl.querySelectorAll('button')) b.disabled = s.pending !== null;
  }

}
