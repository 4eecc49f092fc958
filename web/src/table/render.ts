// One render path: `TableView.render(state)` makes the page show `state`. The skeleton
// is built once; cards in the hand and the trick are keyed by card, so an element
// keeps its identity (and focus, and a running animation) across renders. Everything
// else is cheap text and attribute updates.

import { winnersText } from '../game/a11y';
import { cardLabel, cardSvg, moonSvg, sortCards } from '../game/cards';
import { h, setAttrs, setText, show, trapFocus } from '../ui/dom';
import { cardKeyIntent, focusAfterRemoval } from '../ui/keyboard';
import { seatIndex, type Achievement, type Card, type Seat, type SheetRow, type View } from '../net/types';
import { inTrouble } from '../net/reconnect';
import {
  MOON_EXPLANATION,
  MOON_EXPLANATION_SHOOTER,
  POSITION_NAMES,
  isMe,
  nameOf,
  passInstruction,
  playerOf,
  positionOf,
  seatAt,
  versionText,
} from '../game/rules';
import { avatarSvg, faceFor, isItemId } from '../ui/avatars';
import { unlockedWords } from '../game/achievement-words';
import type { SocialView } from '../people/render-social';
import { Part } from '../ui/lazy';
import { STATUS_WORDS } from '../people/social-words';
import type { Handlers } from '../state/handlers';
import { humanSeats, isFavorite, isPeopleTable, seatOf, seatStatus, timerSeconds } from '../state/social';
import { atPeopleTable, canAskHint, canChoosePass, hintShown, noticeShown, passReady, uiMode, type AppState, type Dialog, type ReplayState } from '../state/state';
import { VERSION } from '../ui/version';

export type { Handlers } from '../state/handlers';

/**
 * The drawing of playing with people (render-social.ts): the lobby, the waiting room,
 * the chat, the bar over a table with people and the dialogs, and their handling
 * (social-control.ts). A chunk of its own, downloaded the first time the page needs it
 * (`needsSocial`, or app.ts when the player or the server does something with people).
 */
export const SOCIAL_PART = new Part(() => import('../people/render-social'));

/** The Statistics and Achievements dialogs' contents (player-dialogs.ts), downloaded when one first opens. */
export const DIALOGS_PART = new Part(() => import('../parts/dialogs/player-dialogs'));

/** "Verify the deals" (verify-part.ts), with its SHA-256 and deal: downloaded when it first opens. */
export const VERIFY_PART = new Part(() => import('../parts/verify/verify-part'));

/** A finished game's review (review-part.ts): downloaded when one first opens. */
export const REVIEW_PART = new Part(() => import('../parts/review/review-part'));

/** A finished game's replay (replay-part.ts): downloaded when one first opens. */
export const REPLAY_PART = new Part(() => import('../parts/replay/replay-part'));

/** The daily deal (daily-part.ts): its board, and the line over its game; downloaded when first needed. */
export const DAILY_PART = new Part(() => import('../parts/daily/daily-part'));

/** The least time between two tries to download a part that failed. */
const PART_RETRY_MS = 10_000;

/** Whether the page shows anything render-social.ts draws. */
export function needsSocial(s: AppState): boolean {
  return (
    s.screen === 'lobby' ||
    s.screen === 'room' ||
    isPeopleTable(s.social.table) ||
    s.social.prompt !== null ||
    s.social.challenges.length > 0 ||
    s.social.chatOpen
  );
}

const MARKER_CLASS: Readonly<Record<string, string>> = { '·': 'dot', '♥': 'heart', '♠': 'queen', '♦': 'jack' };

/** "3 tricks: 1 without points, 1 with hearts, 1 with the queen of spades". */
export function markersLabel(markers: string): string {
  const list = Array.from(markers);
  if (list.length === 0) return 'No tricks yet';
  const count = (m: string): number => list.filter((x) => x === m).length;
  const parts = [
    [count('·'), 'without points'],
    [count('♥'), 'with hearts'],
    [count('♠'), 'with the queen of spades'],
    [count('♦'), 'with the jack of diamonds'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`);
  return `${list.length} trick${list.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/** Cards a seat still holds, for the backs drawn by an opponent's name. */
export function cardsLeft(view: View, seat: Seat): number {
  if (view.phase === 'hand_over' || view.phase === 'game_over' || view.phase === 'moon') return 0;
  if (isMe(view, seat)) return view.cards.length;
  const tricksDone = view.markers.reduce((n, m) => n + Array.from(m).length, 0);
  const t = view.trick;
  const inTrick = t.cards.some((_, k) => playerOf(t, k) === seat);
  return Math.max(0, 13 - tricksDone - (inTrick ? 1 : 0));
}

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

const SEAT_WORDS: Readonly<Record<Seat, string>> = { S: 'South', W: 'West', N: 'North', E: 'East' };

function seatTitle(view: View, s: Seat): string {
  return isMe(view, s) ? `You (${SEAT_WORDS[s]})` : SEAT_WORDS[s];
}

function statusText(s: AppState): string {
  const g = s.game;
  if (g === null) return '';
  const v = g.view;
  if (g.heldTrick?.winner !== undefined && v.trick.cards.length === 0 && v.phase === 'play') {
    const w = g.heldTrick.winner;
    if (isMe(v, w)) return v.toMove === v.seat ? 'You take the trick — your lead' : 'You take the trick';
    return `${nameOf(v, w)} takes the trick`;
  }
  switch (v.phase) {
    case 'pass':
      if (v.pass === 'none') return 'No passing this hand';
      if (v.watching) return 'The players are passing…';
      if (v.passed.length > 0) return 'Waiting for the others to pass…';
      return `${passInstruction(v)} — ${s.selected.length} of 3 chosen`;
    case 'play':
      if (isMe(v, v.toMove)) return 'Your turn';
      return v.toMove ? `Waiting for ${nameOf(v, v.toMove)}…` : '';
    case 'moon':
      return isMe(v, v.toMove) ? 'You shot the moon! Choose how to score it.' : 'The moon is being scored…';
    case 'hand_over':
      return `Hand ${v.hand} is over`;
    case 'game_over':
      return winnersText(v, v.winners);
  }
}

function cardFace(card: Card): HTMLElement {
  const el = h('div', { class: 'card-face' });
  el.innerHTML = cardSvg(card);
  return el;
}

function moonIconEl(): HTMLElement {
  const el = h('div', { class: 'moon-icon', 'aria-hidden': 'true' });
  el.innerHTML = moonSvg();
  return el;
}

interface SeatEls {
  readonly box: HTMLElement;
  readonly backs: HTMLElement;
  readonly avatar: HTMLElement;
  readonly name: HTMLElement;
  /** A favorite's little heart. */
  readonly fav: HTMLElement;
  /** "disconnected", "computer player" at a table with people. */
  readonly badge: HTMLElement;
  /** The turn timer while the table waits for this seat. */
  readonly clock: HTMLElement;
  readonly score: HTMLElement;
  readonly points: HTMLElement;
  readonly markers: HTMLElement;
}

export class TableView {
  readonly appEl: HTMLElement;
  private readonly seats = new Map<(typeof POSITION_NAMES)[number], SeatEls>();
  private readonly trickEl: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly handEl: HTMLElement;
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
  private boardDialog: import('../parts/daily/daily-part').BoardDialog | null = null;
  /** Null until render-social.ts is here; then its elements take the anchors' places. */
  social: SocialView | null = null;
  private readonly socialAnchors = {
    bar: document.createComment('table bar'),
    stage: document.createComment('lobby, room, chat'),
    result: document.createComment('lines for a table with people'),
    dialogs: document.createComment('prompts and challenges'),
  };
  private readonly lostEl: HTMLElement;
  private readonly resultEl: HTMLElement;
  private readonly resultTitle: HTMLElement;
  private readonly resultBody: HTMLElement;
  private readonly resultNext: HTMLButtonElement;
  private readonly resultNew: HTMLButtonElement;
  private readonly moonEl: HTMLElement;
  private readonly unlockedEl: HTMLElement;
  private readonly unlockedText: HTMLElement;
  private readonly unlockedQuestion: HTMLElement;
  private readonly unlockedPic: HTMLElement;
  private readonly unlockedWear: HTMLButtonElement;
  private shownUnlocked: Achievement | null = null;
  private shownAchievements: unknown = null;
  private readonly moonTitle: HTMLElement;
  private readonly moonText: HTMLElement;
  private readonly dialogEl: HTMLElement;
  private readonly dialogTitle: HTMLElement;
  private readonly dialogBody: HTMLElement;
  readonly announcerEl: HTMLElement;
  private readonly handCards = new Map<Card, HTMLButtonElement>();
  private readonly trickCards = new Map<string, HTMLElement>();
  private shownDialog: Dialog = null;
  private shownStats: AppState['stats'] | null = null;
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
  private resultKey = '';
  private noticeSerial = -1;
  private state: AppState | null = null;

  constructor(
    root: HTMLElement,
    private readonly handlers: Handlers,
  ) {
    const button = (testid: string, text: string, onClick: () => void, cls = ''): HTMLButtonElement => {
      const b = h('button', { type: 'button', 'data-testid': testid, class: cls || null }, text);
      b.addEventListener('click', onClick);
      return b;
    };

    const header = h(
      'header',
      { class: 'topbar' },
      h('h1', {}, h('span', { class: 'logo', 'aria-hidden': 'true' }, '♥'), h('span', { class: 'title' }, ' Hearts')),
      h(
        'nav',
        { 'aria-label': 'Game menu' },
        button('open-sheet', 'Scores', () => handlers.openDialog('sheet')),
        button('open-rules', 'Rules', () => handlers.openDialog('rules')),
        button('open-stats', 'Stats', () => handlers.openDialog('stats')),
        button('open-settings', 'Settings', () => handlers.openDialog('settings')),
        button('open-daily', 'Daily', () => handlers.openDaily()),
        button('open-lobby', 'Multiplayer', () => handlers.multiplayer()),
        button('new-game-top', 'New game', () => handlers.newGame()),
      ),
    );
    this.newGameTop = header.querySelector('[data-testid="new-game-top"]') as HTMLButtonElement;
    this.lobbyTop = header.querySelector('[data-testid="open-lobby"]') as HTMLButtonElement;

    this.storageEl = h(
      'div',
      { class: 'banner', 'data-testid': 'storage-warning', role: 'note', hidden: true },
      h('strong', {}, 'Can’t save your game. '),
      'Your browser blocks local storage (cookies), so this game and your settings are lost when you close or reload the page. ' +
        'You can still play; allow storage for this site to keep your game.',
    );

    const table = h('main', { class: 'table', 'data-testid': 'table' });
    this.tableEl = table;
    for (const pos of POSITION_NAMES) {
      const els: SeatEls = {
        box: h('section', { class: `seat pos-${pos}` }),
        backs: h('div', { class: 'backs', 'aria-hidden': 'true' }),
        avatar: h('div', { class: 'avatar', 'aria-hidden': 'true' }),
        name: h('span', { class: 'name' }),
        fav: h('span', { class: 'fav', title: 'Favorite', hidden: true }, '♥'),
        badge: h('span', { class: 'seat-badge', hidden: true }),
        clock: h('span', { class: 'seat-clock', role: 'timer', hidden: true }),
        score: h('span', { class: 'total' }),
        points: h('span', { class: 'hand-points' }),
        markers: h('span', { class: 'markers', role: 'img' }),
      };
      els.box.append(
        els.backs,
        h(
          'div',
          { class: 'info' },
          els.avatar,
          h(
            'div',
            { class: 'lines' },
            h('div', { class: 'line1' }, els.name, els.fav, els.score),
            h('div', { class: 'line2' }, els.points, els.markers),
            h('div', { class: 'line3' }, els.badge, els.clock),
          ),
        ),
      );
      els.name.addEventListener('click', () => this.nameClicked(els.name));
      els.name.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.nameClicked(els.name);
        }
      });
      this.seats.set(pos, els);
    }
    this.trickEl = h('div', { class: 'trick', 'data-testid': 'trick', 'aria-label': 'Cards on the table', role: 'group' });
    this.statusEl = h('div', { class: 'status', 'data-testid': 'status' });
    this.handEl = h('div', { class: 'hand', 'data-testid': 'hand', role: 'group', 'aria-label': 'Your cards' });
    this.passButton = button('pass-button', 'Pass cards', () => handlers.pass(), 'primary');
    this.nextButton = button('next-hand', 'Next hand', () => handlers.next(), 'primary');
    this.moonChoiceEl = h(
      'div',
      { class: 'moon-choice', 'data-testid': 'moon-choice', hidden: true },
      button('moon-others', 'Everyone else +26', () => handlers.moonChoice('others'), 'primary'),
      button('moon-shooter', 'Me −26', () => handlers.moonChoice('shooter'), 'primary'),
    );
    this.hintButton = button('hint-button', 'Hint', () => handlers.askHint());
    setAttrs(this.hintButton, { 'aria-keyshortcuts': 'H', title: 'What would the computer do here, and why? (H)' });
    this.hintText = h('p', { class: 'hint-text', 'data-testid': 'hint-text', role: 'status', hidden: true });
    const actions = h('div', { class: 'actions' }, this.passButton, this.hintButton, this.moonChoiceEl);
    // Notices at the table have a place of their own under the trick, so they never
    // cover a player's name; elsewhere they float at the top of the page.
    this.noticeSlot = h('div', { class: 'notice-slot' });
    const centre = h('div', { class: 'centre' }, this.trickEl, this.statusEl, actions, this.hintText, this.noticeSlot);
    const [bottom, left, top, right] = POSITION_NAMES.map((p) => this.seats.get(p)?.box as HTMLElement);
    table.append(top as HTMLElement, left as HTMLElement, centre, right as HTMLElement, bottom as HTMLElement, this.handEl);

    this.noticeEl = h('div', { class: 'notice', 'data-testid': 'notice', role: 'alert', hidden: true });

    this.connectionText = h('p', { 'data-testid': 'connection-countdown' });
    this.connectionEl = h(
      'div',
      { class: 'overlay', 'data-testid': 'connection-problem', role: 'alertdialog', 'aria-labelledby': 'conn-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        h('h2', { id: 'conn-title' }, 'Connection problem'),
        h('p', {}, 'Your connection to the game server is having some problem, but we are trying to reconnect you to the game.'),
        this.connectionText,
      ),
    );
    this.gaveUpEl = h(
      'div',
      { class: 'overlay', 'data-testid': 'connection-lost', role: 'alertdialog', 'aria-labelledby': 'lost-title', hidden: true },
      h(
        'div',
        { class: 'panel' },
        h('h2', { id: 'lost-title' }, 'Game disconnected'),
        h('p', {}, 'Sorry, we couldn’t connect you back to your game.'),
        button('retry-connection', 'Try again', () => handlers.retryConnection(), 'primary'),
      ),
    );

    this.startEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'start', hidden: true },
      h(
        'div',
        { class: 'panel' },
        h('h2', {}, 'Hearts'),
        h('p', { 'data-testid': 'start-text' }),
        h(
          'div',
          { class: 'buttons' },
          button('new-game', 'Play against the computer', () => handlers.newGame(), 'primary'),
          button('multiplayer', 'Multiplayer', () => handlers.multiplayer(), 'primary'),
          button('daily-start', 'Daily deal', () => handlers.daily(), 'primary'),
        ),
        h(
          'div',
          { class: 'buttons' },
          button('start-settings', 'Settings', () => handlers.openDialog('settings')),
          button('start-rules', 'Rules', () => handlers.openDialog('rules')),
          button('start-stats', 'Statistics', () => handlers.openDialog('stats')),
          button('start-achievements', 'Achievements', () => handlers.openDialog('achievements')),
          button('start-about', 'About', () => handlers.openDialog('about')),
        ),
      ),
    );
    this.lostEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'table-lost', hidden: true },
      h(
        'div',
        { class: 'panel' },
        h('h2', {}, 'Game table not found'),
        h('p', {}, 'Sorry, we couldn’t find your game table on our servers!'),
        button('new-game-lost', 'New game', () => handlers.newGame(), 'primary'),
      ),
    );

    this.resultTitle = h('h2', { 'data-testid': 'result-title' });
    this.resultBody = h('div', { class: 'result-body' });
    this.resultNew = button('new-game-end', 'New game', () => handlers.newGame(), 'primary');
    this.resultNext = this.nextButton;
    this.resultEl = h(
      'div',
      { class: 'overlay soft', 'data-testid': 'result', role: 'dialog', 'aria-labelledby': 'result-title', hidden: true },
      h(
        'div',
        { class: 'panel wide' },
        this.resultTitle,
        this.resultBody,
        this.socialAnchors.result,
        h('div', { class: 'buttons' }, this.resultNext, this.resultNew),
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
    this.dialogEl.querySelector('.close')?.setAttribute('aria-label', 'Close');

    // "ACHIEVEMENT UNLOCKED", in the seed's words, with the item to put on.
    this.unlockedText = h('p', { 'data-testid': 'unlocked-text' });
    this.unlockedQuestion = h('p', { 'data-testid': 'unlocked-question' });
    this.unlockedPic = h('div', { class: 'unlocked-pic', 'aria-hidden': 'true' });
    this.unlockedWear = button('unlocked-wear', 'Put it on', () => handlers.wearUnlocked(true), 'primary');
    // Not modal: it comes with the game's result, whose buttons stay free to use; it is
    // read out as it appears, and waits for an answer.
    this.unlockedEl = h(
      'div',
      { class: 'unlocked-card', 'data-testid': 'unlocked', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'unlocked-title', hidden: true },
      this.unlockedPic,
      h(
        'div',
        { class: 'unlocked-words', 'aria-live': 'polite' },
        h('h2', { id: 'unlocked-title', 'data-testid': 'unlocked-title' }, 'ACHIEVEMENT UNLOCKED'),
        this.unlockedText,
        this.unlockedQuestion,
        h('div', { class: 'buttons' }, this.unlockedWear, button('unlocked-later', 'Not now', () => handlers.wearUnlocked(false))),
      ),
    );

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
      (this.dailyBar = h('div', { class: 'table-bar daily-bar', 'data-testid': 'daily-bar', hidden: true })),
      this.socialAnchors.bar,
      stage,
      this.noticeEl,
      this.startEl,
      this.lostEl,
      this.resultEl,
      this.moonEl,
      this.dialogEl,
      this.unlockedEl,
      this.socialAnchors.dialogs,
      this.connectionEl,
      this.gaveUpEl,
      this.announcerEl,
    );
    root.replaceChildren(this.appEl);

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
    this.appEl.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.shownDialog !== null) {
        e.preventDefault();
        handlers.closeDialog();
      }
    });
    this.dialogEl.addEventListener('keydown', (e) => trapFocus(this.dialogEl, e));
  }

  /** A person's name at the table: "Block, mute, favorite". */
  private nameClicked(el: HTMLElement): void {
    const player = el.dataset['player'];
    if (player) this.handlers.openPlayer(player, el.textContent ?? '');
  }

  /** The element of a card in the hand, if shown. */
  handCard(card: Card): HTMLElement | undefined {
    return this.handCards.get(card);
  }

  /** The element of a card on the table, if shown. */
  trickCard(card: Card): HTMLElement | undefined {
    return this.trickCards.get(card);
  }

  /** The seat box at a table position (for animations from and to a player). */
  seatBox(seat: Seat): HTMLElement | undefined {
    const me = this.state?.game?.view.seat ?? 'S';
    const pos = positionOf(me, seat);
    return pos === 'bottom' ? this.handEl : this.seats.get(pos)?.box;
  }

  /** Cards chosen for the pass at the last render. */
  private chosenBefore = 0;

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
      const [w, n, e] = s.settings.names;
      setText(startText, `Play against ${w}, ${n} and ${e}, or with people online.`);
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
    this.renderSeats(view, s);
    this.renderTrick(s, view);
    this.renderHand(s, view);
    setText(this.statusEl, view ? statusText(s) : '');
    setAttrs(this.statusEl, { 'data-my-turn': mode === 'my-turn' ? 'true' : null });
    this.renderActions(s, view);
    this.renderResult(s, view);
    this.renderMoon(s, view);
    this.renderNotice(s);
    this.renderDialog(s);
    this.renderUnlocked(s);
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
      setText(this.connectionText, `Giving up in ${s.giveUpIn ?? 0}.`);
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
    const overlaid = !this.resultEl.hidden || !this.moonEl.hidden;
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

  private renderSeats(view: View | null, s: AppState): void {
    const people = atPeopleTable(s);
    const t = s.social.table;
    const info = people && isPeopleTable(t) ? t.info : null;
    const secs = info ? timerSeconds(t, s.social.now) : null;
    for (const pos of POSITION_NAMES) {
      const els = this.seats.get(pos);
      if (!els) continue;
      if (view === null) {
        els.box.hidden = true;
        continue;
      }
      els.box.hidden = false;
      const seat = seatAt(view.seat, POSITION_NAMES.indexOf(pos) as 0 | 1 | 2 | 3);
      const i = seatIndex(seat);
      const name = nameOf(view, seat);
      setAttrs(els.box, {
        'data-testid': `seat-${seat}`,
        'data-seat': seat,
        'data-status': info ? seatStatus(seatOf(info, seat), info.state) : null,
        'aria-label': `${name}${isMe(view, seat) ? ' (you)' : ''}`,
        class: `seat pos-${pos}${view.toMove === seat && (view.phase === 'play' || view.phase === 'moon') ? ' to-move' : ''}`,
      });
      setText(els.name, name);
      const si = info ? seatOf(info, seat) : null;
      this.drawAvatar(els.avatar, isMe(view, seat) ? { human: true, name, player: s.social.player, face: s.look.face, wearing: s.look.wearing } : si ? { ...si, name } : { human: false, name, wearing: '' });
      const clickable = si !== null && si.human && si.player !== null && !isMe(view, seat);
      setAttrs(els.name, {
        'data-testid': `name-${seat}`,
        'data-player': clickable ? si.player : null,
        role: clickable ? 'button' : null,
        tabindex: clickable ? 0 : null,
        title: clickable ? 'Block, mute, favorite' : null,
        class: `name${clickable ? ' clickable' : ''}`,
      });
      const fav = si !== null && isFavorite(s.social.relations, si.player);
      show(els.fav, fav);
      setAttrs(els.fav, { 'data-testid': `fav-${seat}`, 'aria-label': fav ? '(favorite)' : null });
      const status = si && info ? seatStatus(si, info.state) : null;
      const words = status ? STATUS_WORDS[status] : '';
      show(els.badge, words !== '');
      setText(els.badge, words);
      setAttrs(els.badge, {
        'data-testid': `status-${seat}`,
        'data-status': status,
        class: `seat-badge${status ? ` ${status}` : ''}`,
      });
      const waited = info !== null && secs !== null && info.waitingFor.includes(seat) && view.phase !== 'game_over';
      show(els.clock, waited);
      setText(els.clock, waited ? `${secs} s` : '');
      setAttrs(els.clock, {
        'data-testid': `clock-${seat}`,
        'aria-label': waited ? `${secs} seconds left` : null,
        class: `seat-clock${waited && secs !== null && secs <= 10 ? ' urgent' : ''}`,
      });
      setText(els.score, String(view.scores[i] ?? 0));
      setAttrs(els.score, { 'data-testid': `score-${seat}`, title: 'Total score', 'aria-label': `total ${view.scores[i] ?? 0}` });
      const pts = view.points[i] ?? 0;
      const passedNow = view.phase === 'pass' && view.pass !== 'none' && (view.hasPassed?.[i] ?? false);
      setText(els.points, passedNow ? 'passed ✓' : `${pts} this hand`);
      setAttrs(els.points, { 'data-testid': `points-${seat}` });
      const markers = view.markers[i] ?? '';
      if (els.markers.dataset['value'] !== markers) {
        els.markers.dataset['value'] = markers;
        els.markers.replaceChildren(
          ...Array.from(markers).map((m) => h('span', { class: `marker m-${MARKER_CLASS[m] ?? 'dot'}` }, m)),
        );
      }
      setAttrs(els.markers, { 'data-testid': `markers-${seat}`, 'aria-label': markersLabel(markers) });
      if (pos !== 'bottom') {
        const n = cardsLeft(view, seat);
        if (els.backs.childElementCount !== n) {
          els.backs.replaceChildren(...Array.from({ length: n }, () => h('div', { class: 'card-back' })));
        }
      }
    }
  }

  private renderTrick(s: AppState, view: View | null): void {
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
        'aria-label': `${cardLabel(card)}, played by ${view ? nameOf(view, seat) : seat}`,
      });
    }
    setAttrs(this.trickEl, {
      'data-count': String(wanted.size),
      'data-held': held ? 'true' : null,
      // The felt's emblem between tricks: a heart, outlined until hearts are broken.
      'data-hearts': view === null || view.phase === 'pass' ? null : view.heartsBroken ? 'broken' : 'whole',
    });
  }

  private renderHand(s: AppState, view: View | null): void {
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
        'aria-label': `${cardLabel(card)}${passed ? ', passed' : ''}${highlight.includes(card) ? ', received' : ''}${hinted.includes(card) ? ', hinted' : ''}`,
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
    setAttrs(this.handEl, { 'data-count': String(cards.length) });

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
  private firstActionableCard(): HTMLElement | null {
    return this.handEl.querySelector<HTMLElement>('button[data-card]:not([aria-disabled="true"])');
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
    const inHand = active instanceof HTMLElement && this.handEl.contains(active);
    if (mode === 'pass' && passReady(s) && chosenBefore < 3 && (inHand || lost)) {
      this.passButton.focus();
      return;
    }
    if (!lost) return;
    if (mode === 'pass' || mode === 'my-turn') this.firstActionableCard()?.focus();
    else if (mode === 'moon-choice') this.moonChoiceEl.querySelector<HTMLElement>('button')?.focus();
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

  private renderActions(s: AppState, view: View | null): void {
    const choosing = view !== null && canChoosePass(s);
    show(this.passButton, choosing);
    this.passButton.disabled = !passReady(s);
    if (view && choosing) {
      const target = passInstruction(view).replace(/^Pass three cards /, '');
      setAttrs(this.passButton, { 'aria-label': `Pass cards ${target}` });
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

  private renderResult(s: AppState, view: View | null): void {
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
    const social = this.social;
    const inside = (el: HTMLElement | undefined): boolean => el?.contains(document.activeElement) ?? false;
    const rematch = social?.resultEl.querySelector<HTMLElement>('[data-testid="rematch"]');
    const focusTarget = gameOver ? (people && rematch ? rematch : (board ?? this.resultNew)) : this.resultNext;
    const elsewhere = this.dialogEl.contains(document.activeElement) || inside(social?.chatEl);
    const dialog = inside(social?.promptEl) || inside(social?.challengeEl);
    if (!elsewhere && !dialog) focusTarget.focus();
  }

  /** A seat's face, and what its person wears: drawn again only when either changes. */
  private drawAvatar(el: HTMLElement, who: { human: boolean; name: string; player?: string | null; face?: number; wearing: string }): void {
    const face = faceFor(who);
    const item = isItemId(who.wearing) ? who.wearing : null;
    const id = face.kind === 'bot' ? face.name : String(face.index);
    if (el.dataset['face'] === id && el.dataset['wearing'] === (item ?? '')) return;
    el.dataset['face'] = id;
    el.dataset['wearing'] = item ?? '';
    el.innerHTML = avatarSvg(face, item);
  }

  /** One achievement at a time, once the table has stopped moving; not over a dialog (it waits for it to close). */
  private renderUnlocked(s: AppState): void {
    const a = s.busy ? null : (s.unlocked[0] ?? null);
    show(this.unlockedEl, a !== null && s.dialog === null);
    if (a === this.shownUnlocked) return;
    this.shownUnlocked = a;
    if (a === null) return;
    const words = unlockedWords(a);
    setText(this.unlockedText, words.text);
    setText(this.unlockedQuestion, words.question);
    this.unlockedPic.innerHTML = isItemId(a.item) ? avatarSvg(faceFor({ human: true, name: '', player: s.social.player, face: s.look.face }), a.item) : '';
  }

  private renderMoon(s: AppState, view: View | null): void {
    const moon = s.game?.moon ?? null;
    show(this.moonEl, view !== null && moon !== null && !s.busy && !s.game?.partial);
    if (!view || !moon) return;
    const shooter = isMe(view, moon.shooter) ? 'You' : nameOf(view, moon.shooter);
    setText(this.moonTitle, `${shooter} shot the moon!`);
    setText(this.moonText, moon.scored === 'shooter' ? MOON_EXPLANATION_SHOOTER : MOON_EXPLANATION);
  }

  private renderDialog(s: AppState): void {
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
    delete this.dialogBody.dataset['words'];
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
    if (s.dialog === 'sheet') {
      setText(this.dialogTitle, 'Score sheet');
      this.fillSheet(s);
    } else if (s.dialog === 'rules') {
      setText(this.dialogTitle, 'Hearts rules');
      this.fillWords(s);
    } else if (s.dialog === 'stats') {
      setText(this.dialogTitle, 'Statistics');
      this.fillStats(s);
    } else if (s.dialog === 'achievements') {
      setText(this.dialogTitle, 'Achievements');
      this.fillAchievements(s);
    } else if (s.dialog === 'review') {
      setText(this.dialogTitle, 'Review of the game');
      this.shownReview = null;
      this.fillReview(s);
    } else if (s.dialog === 'replay') {
      setText(this.dialogTitle, 'Replay');
      this.replayDialog = null;
      this.fillReplay(s);
    } else if (s.dialog === 'verify') {
      setText(this.dialogTitle, 'Verify the deals');
      this.shownVerify = null;
      this.fillVerify(s);
    } else if (s.dialog === 'daily') {
      setText(this.dialogTitle, 'Daily deal');
      this.boardDialog = null;
      this.fillDaily(s);
    } else if (s.dialog === 'about') {
      setText(this.dialogTitle, 'About');
      this.fillWords(s);
    } else {
      setText(this.dialogTitle, 'Settings');
      this.fillWords(s);
    }
    const back = s.dialog === 'review' ? this.reviewDrawn?.focus : null;
    (back && this.dialogBody.contains(back) ? back : this.dialogEl.querySelector<HTMLElement>('.close'))?.focus();
  }

  /** Until the dialog's contents are downloaded, it says so (and is busy). */
  private waitForDialogs(): typeof import('../parts/dialogs/player-dialogs') | null {
    return this.waitForPart(DIALOGS_PART);
  }

  private waitForPart<M>(which: Part<M>): M | null {
    const part = this.need(which);
    if (part === null && this.dialogBody.querySelector('[data-testid="dialog-loading"]') === null) {
      setAttrs(this.dialogBody, { 'aria-busy': 'true' });
      this.dialogBody.replaceChildren(h('p', { class: 'hint', 'data-testid': 'dialog-loading' }, 'Loading…'));
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
    // Keep the focus on the face or item just picked when the content is drawn again.
    const focused = document.activeElement instanceof HTMLElement && this.dialogBody.contains(document.activeElement) ? document.activeElement.dataset['testid'] : undefined;
    this.dialogBody.replaceChildren(...part.achievementsContent(s.achievements, s.look, s.social.player ?? '', this.handlers));
    if (focused) this.dialogBody.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus();
  }

  /** The Rules, About and Settings dialogs: their contents are in the dialogs' chunk. */
  private fillWords(s: AppState): void {
    if (this.dialogBody.dataset['words'] === s.dialog) return;
    const part = this.waitForDialogs();
    if (part === null) return;
    this.dialogBody.dataset['words'] = s.dialog ?? '';
    setAttrs(this.dialogBody, { 'aria-busy': null });
    if (s.dialog === 'settings') {
      this.dialogBody.replaceChildren(part.settingsForm(s.settings, this.handlers));
      return;
    }
    if (s.dialog === 'rules') {
      const about = h('button', { type: 'button', class: 'link', 'data-testid': 'rules-about' }, 'About this game');
      about.addEventListener('click', () => this.handlers.openDialog('about'));
      // Naming the players of the game in view, not the settings' (which may have changed since).
      const g = s.game;
      const t = s.social.table;
      const players = g && { view: g.view, people: atPeopleTable(s) && isPeopleTable(t) ? humanSeats(t.info) : null };
      this.dialogBody.replaceChildren(...sectionsEls(part.rulesSections(s.settings, g?.view.rules ?? null, players)), h('p', {}, about));
      return;
    }
    const typed = h('button', { type: 'button', class: 'link', 'data-testid': 'about-console' }, 'Open the console');
    typed.addEventListener('click', () => this.handlers.openConsole());
    this.dialogBody.replaceChildren(
      ...sectionsEls(part.aboutSections()),
      h('h3', {}, 'Playing by typing'),
      h('p', {}, 'The console plays the game with typed commands, as the terminal game does: press ` (the key left of 1) at any time, or ', typed, '.'),
      h('h3', {}, 'Version'),
      h('p', { 'data-testid': 'about-version' }, versionText(VERSION)),
    );
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
    if (this.shownStats === s.stats) return;
    this.shownStats = s.stats;
    setAttrs(this.dialogBody, { 'aria-busy': s.stats.loading && s.stats.data === null ? 'true' : null });
    this.dialogBody.replaceChildren(...part.statsContent(s.stats));
  }

  private fillSheet(s: AppState): void {
    const view = s.game?.view;
    const key = view ? `${view.sheet.length}:${view.scores.join(',')}:${view.names.join('|')}` : 'none';
    if (this.dialogBody.dataset['key'] === key) return;
    this.dialogBody.dataset['key'] = key;
    this.dialogBody.replaceChildren(
      view ? h('div', { class: 'sheet-wrap' }, scoreSheetTable(view)) : h('p', {}, 'No game yet.'),
    );
  }
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

/** A dialog's text: a heading and its paragraphs per section. */
function sectionsEls(sections: readonly { readonly heading: string; readonly paragraphs: readonly string[] }[]): HTMLElement[] {
  return sections.flatMap((sec) => [h('h3', {}, sec.heading), ...sec.paragraphs.map((p) => h('p', {}, p))]);
}

