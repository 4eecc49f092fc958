// The page's dialogs that are not the game's own: the score sheet, Statistics,
// Achievements, the rules, About, Settings, "Verify the deals", the review, the replay and
// the daily deal's board, their contents from the parts that draw them (lazy.ts).

import { tableWords as w } from '../i18n/table';
import { language } from '../i18n/words';
import type { View } from '../net/types';
import type { Handlers } from '../state/handlers';
import { humanSeats, isPeopleTable } from '../state/social';
import { atPeopleTable, type AppState, type Dialog, type ReplayState } from '../state/state';
import { button, h, setAttrs, setText, show, trapFocus } from '../ui/dom';
import type { Part } from '../ui/lazy';
import { DAILY_PART, DIALOGS_PART, REPLAY_PART, REVIEW_PART, VERIFY_PART } from './parts';
import type { Plain } from './labels';
import { scoreSheetTable } from './result-view';

/** Each dialog's title. */
const TITLES: Readonly<Record<Exclude<Dialog, null>, Plain>> = {
  sheet: 'sheet',
  rules: 'rT',
  stats: 'sts',
  achievements: 'aw',
  review: 'rvT',
  replay: 'rpT',
  verify: 'vfy',
  daily: 'dd',
  about: 'about',
  settings: 'set',
};

/** `message`, its placeholder written as '\u0000', as text around the element `el` in the placeholder's place. */
function around(message: string, el: HTMLElement): (string | HTMLElement)[] {
  const [before = '', after = ''] = message.split('\u0000');
  return [before, el, after];
}

export class DialogView {
  private boardDialog: import('../parts/daily/daily-part').BoardDialog | null = null;
  private shownAchievements: unknown = null;
  readonly dialogEl: HTMLElement;
  private readonly dialogTitle: HTMLElement;
  private readonly dialogBody: HTMLElement;
  shownDialog: Dialog = null;
  private shownStats: AppState['stats'] | null = null;
  /** Who "My profile" in Statistics opens, as drawn. */
  private shownMe = '';
  private shownVerify: AppState['verifying'] = null;
  private shownReview: AppState['review'] = null;
  /**
   * The review drawn last, kept while its review is: back from a replay opened from it, it
   * comes back as it was left (its hands opened), with the focus on the button pressed.
   */
  private reviewDrawn: { readonly r: AppState['review']; readonly els: HTMLElement[]; focus: HTMLElement | null } | null = null;
  /** The Replay dialog's drawing (replay-part.ts), from when it opens. */
  private replayDialog: { draw(body: HTMLElement, r: ReplayState, names: View['names'] | null, origin: string, handlers: Handlers): void } | null = null;
  private dialogReturnFocus: HTMLElement | null = null;

  /** `need` is the table view's: a part if it is here, else null, and the view drawn again once it is. */
  constructor(
    private readonly handlers: Handlers,
    private readonly need: <M>(part: Part<M>) => M | null,
  ) {
    this.dialogTitle = h('h2', { id: 'dialog-title' });
    this.dialogBody = h('div', { class: 'dialog-body' });
    this.dialogEl = h(
      'div',
      { class: 'overlay', 'data-testid': 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'dialog-title', hidden: true },
      h(
        'div',
        { class: 'panel wide' },
        h('div', { class: 'dialog-head' }, this.dialogTitle, button('close-dialog', '×', () => handlers.closeDialog(), 'close')),
        this.dialogBody,
      ),
    );
    this.dialogEl.querySelector('.close')?.setAttribute('aria-label', w('close'));

    this.dialogEl.addEventListener('keydown', (e) => trapFocus(this.dialogEl, e));
  }

  renderDialog(s: AppState): void {
    if (s.dialog === this.shownDialog) {
      if (s.dialog === 'sheet' && s.game) this.fillSheet(s);
      if (s.dialog === 'stats') this.fillStats(s);
      if (s.dialog === 'achievements') this.fillAchievements(s);
      if (s.dialog === 'verify') this.fillVerify(s);
      if (s.dialog === 'replay') this.fillReplay(s);
      if (s.dialog === 'review') this.fillReview(s);
      if (s.dialog === 'daily') this.fillDaily(s);
      if (s.dialog === 'rules' || s.dialog === 'about' || s.dialog === 'settings') this.fillWords(s);
      return;
    }
    if (this.shownDialog === null) {
      this.dialogReturnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    if (this.shownDialog === 'review' && this.reviewDrawn !== null) {
      const focused = document.activeElement;
      this.reviewDrawn.focus = focused instanceof HTMLElement && this.dialogBody.contains(focused) ? focused : null;
    }
    this.shownDialog = s.dialog;
    // Whatever was drawn before is gone: the next dialog (the same one opened again too) draws anew.
    delete this.dialogBody.dataset['words'];
    delete this.dialogBody.dataset['key'];
    this.shownStats = null;
    this.shownAchievements = null;
    // The statistics arrive after the dialog opens: a screen reader hears them come.
    setAttrs(this.dialogBody, { 'aria-live': s.dialog === 'stats' || s.dialog === 'achievements' ? 'polite' : null, 'aria-busy': null });
    show(this.dialogEl, s.dialog !== null);
    if (s.dialog === null) {
      this.dialogBody.replaceChildren();
      this.dialogReturnFocus?.focus();
      return;
    }
    setAttrs(this.dialogEl, { 'data-testid': `dialog-${s.dialog}` });
    setText(this.dialogTitle, w(TITLES[s.dialog]));
    if (s.dialog === 'sheet') {
      this.fillSheet(s);
    } else if (s.dialog === 'stats') {
      this.fillStats(s);
    } else if (s.dialog === 'achievements') {
      this.fillAchievements(s);
    } else if (s.dialog === 'review') {
      this.shownReview = null;
      this.fillReview(s);
    } else if (s.dialog === 'replay') {
      this.replayDialog = null;
      this.fillReplay(s);
    } else if (s.dialog === 'verify') {
      this.shownVerify = null;
      this.fillVerify(s);
    } else if (s.dialog === 'daily') {
      this.boardDialog = null;
      this.fillDaily(s);
    } else {
      this.fillWords(s);
    }
    // Another dialog opens at its top, not at the scroll the one before was left at
    // (About from Rules hid its first heading); a control focused below scrolls to itself.
    const panel = this.dialogEl.querySelector<HTMLElement>('.panel');
    if (panel !== null) panel.scrollTop = 0;
    const back = s.dialog === 'review' ? this.reviewDrawn?.focus : null;
    (back && this.dialogBody.contains(back) ? back : this.dialogEl.querySelector<HTMLElement>('.close'))?.focus();
  }

  /**
   * After a change of language: the title and the close button's name are written again,
   * and what the table draws in the dialog is drawn anew at the next render (the parts'
   * own drawings, the replay's and the daily deal's, redraw themselves in a new language).
   */
  relabel(): void {
    this.dialogEl.querySelector('.close')?.setAttribute('aria-label', w('close'));
    if (this.shownDialog === null) return;
    setText(this.dialogTitle, w(TITLES[this.shownDialog]));
    delete this.dialogBody.dataset['words'];
    delete this.dialogBody.dataset['key'];
    this.dialogBody.querySelector('[data-testid="dialog-loading"]')?.remove();
    this.shownStats = null;
    this.shownAchievements = null;
    this.shownVerify = null;
    this.shownReview = null;
    this.reviewDrawn = null;
  }

  /** Until the dialog's contents are downloaded, it says so (and is busy). */
  private waitForDialogs(): typeof import('../parts/dialogs/player-dialogs') | null {
    return this.waitForPart(DIALOGS_PART);
  }

  private waitForPart<M>(which: Part<M>): M | null {
    const part = this.need(which);
    if (part === null && this.dialogBody.querySelector('[data-testid="dialog-loading"]') === null) {
      setAttrs(this.dialogBody, { 'aria-busy': 'true' });
      this.dialogBody.replaceChildren(h('p', { class: 'hint', 'data-testid': 'dialog-loading' }, w('ldg')));
    }
    return part;
  }

  private fillAchievements(s: AppState): void {
    const part = this.waitForDialogs();
    if (part === null) return;
    if (this.shownAchievements === s.achievements && this.dialogBody.dataset['look'] === `${s.look.face}:${s.look.wearing}`) return;
    this.shownAchievements = s.achievements;
    this.dialogBody.dataset['look'] = `${s.look.face}:${s.look.wearing}`;
    setAttrs(this.dialogBody, { 'aria-busy': s.achievements.loading && s.achievements.list === null ? 'true' : null });
    part.drawAchievements(this.dialogBody, s, this.handlers);
  }

  /** The Rules, About and Settings dialogs: their contents are in the dialogs' chunk. */
  private fillWords(s: AppState): void {
    // Drawn again in another language (Settings' picker changes it while the dialog is open).
    const key = `${s.dialog ?? ''}:${language()}`;
    if (this.dialogBody.dataset['words'] === key) return;
    const part = this.waitForDialogs();
    if (part === null) return;
    this.dialogBody.dataset['words'] = key;
    setAttrs(this.dialogBody, { 'aria-busy': null });
    part.drawWords(this.dialogBody, s, this.handlers);
  }

  private fillDaily(s: AppState): void {
    const part = this.waitForPart(DAILY_PART);
    if (part !== null) (this.boardDialog ??= new part.BoardDialog(this.handlers)).draw(this.dialogBody, s, Date.now());
  }

  private fillReview(s: AppState): void {
    const r = s.review;
    if (r === null || this.shownReview === r) return;
    const part = this.waitForPart(REVIEW_PART);
    if (part === null) return;
    this.shownReview = r;
    setAttrs(this.dialogBody, { 'aria-busy': r.status === 'loading' ? 'true' : null });
    if (this.reviewDrawn?.r !== r) this.reviewDrawn = { r, els: part.reviewBody(r, this.handlers), focus: null };
    this.dialogBody.replaceChildren(...this.reviewDrawn.els);
  }

  private fillReplay(s: AppState): void {
    const r = s.replay;
    if (r === null) return;
    const part = this.waitForPart(REPLAY_PART);
    if (part === null) return;
    this.replayDialog ??= new part.ReplayDialog();
    const view = r.table !== null && s.game?.table === r.table ? s.game.view : null;
    this.replayDialog.draw(this.dialogBody, r, view?.names ?? null, this.handlers.origin(), this.handlers);
  }

  private fillVerify(s: AppState): void {
    const part = this.waitForPart(VERIFY_PART);
    if (part === null || s.verifying === null || this.shownVerify === s.verifying) return;
    this.shownVerify = s.verifying;
    setAttrs(this.dialogBody, { 'aria-busy': null });
    const view = s.game?.table === s.verifying.table ? s.game.view : null;
    const names = view ? { S: view.names[0], W: view.names[1], N: view.names[2], E: view.names[3] } : { S: '', W: '', N: '', E: '' };
    this.dialogBody.replaceChildren(...part.verifyContent(s.verifying, { names, me: view?.seat ?? 'S' }));
  }

  private fillStats(s: AppState): void {
    const part = this.waitForDialogs();
    if (part === null) return;
    const meKey = s.social.player !== null && s.social.name !== null ? `${s.social.player}:${s.social.name}` : '';
    if (this.shownStats === s.stats && this.shownMe === meKey) return;
    this.shownStats = s.stats;
    this.shownMe = meKey;
    setAttrs(this.dialogBody, { 'aria-busy': s.stats.loading && s.stats.data === null ? 'true' : null });
    part.drawStats(this.dialogBody, s, this.handlers);
  }

  private fillSheet(s: AppState): void {
    const view = s.game?.view;
    // The fair deal: what the server committed to for this hand, which Verify checks at the end.
    const commit = view && s.verifying?.table === s.game?.table ? s.verifying?.hands[view.hand]?.commit : undefined;
    // The computer players' level, where a computer player sits (at a table of four people, none does).
    const t = s.social.table;
    const level = atPeopleTable(s) && isPeopleTable(t) && humanSeats(t.info).length === 4 ? null : s.game?.level;
    // The game's end proves every deal: Verify is one click away from the sheet too.
    const over = view?.phase === 'game_over' && !view.watching ? s.game?.table : undefined;
    const key = view ? `${view.sheet.length}:${view.scores.join(',')}:${view.names.join('|')}:${commit}:${level}:${over}` : 'none';
    if (this.dialogBody.dataset['key'] === key) return;
    this.dialogBody.dataset['key'] = key;
    this.dialogBody.replaceChildren(
      view ? h('div', { class: 'sheet-wrap' }, scoreSheetTable(view)) : h('p', {}, w('nG')),
      view && level ? h('p', { class: 'hint', 'data-testid': 'sheet-level' }, w('lvl', { level: w(level) })) : '',
      commit && view
        ? h('p', { class: 'fair-commit', 'data-testid': 'fair-commit' }, ...around(w('fair', { n: view.hand, code: '\u0000' }), h('code', {}, commit)))
        : '',
      over === undefined ? '' : button('sheet-verify', w('vfy'), () => this.handlers.openVerify(over), 'link'),
    );
  }
}
