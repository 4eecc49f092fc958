// The daily deal in the browser (docs/protocol.md, "The daily deal"): starting today's
// game, the board of a day, and the line over a game of it. A chunk of its own (table/parts.ts,
// DAILY_PART), downloaded the first time the player asks for the daily deal or a game of
// it is on screen: the first load carries only the buttons that open it. The server's
// board is read here too (read-daily.ts).

import { serverText } from '../../i18n/server';
import { dailyWords as w } from '../../i18n/daily';
import { formatNumber, language } from '../../i18n/words';
import { readUnread } from '../../net/read-fields';
import type { Announcer } from '../../ui/announcer';
import { h } from '../../ui/dom';
import type { ClientMessage, DailyBoard, DailyRow, ServerMessage } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import {
  DAYS_KEPT,
  boardLabel,
  dailyTitle,
  dayOf,
  dayWords,
  daysBetween,
  handColumns,
  mineWords,
  myRow,
  nextDealWords,
  playersWords,
  shiftDay,
} from './daily';
import { handLimit } from '../../game/rules-words';
import { readDailyBoard } from './read-daily';
import { inGameWithPeople, type AppState, type DailyState, type PendingKind } from '../../state/state';

/** What the daily deal uses of the handling of playing with people (social-control.ts). */
export interface NameAsker {
  /** Opens the name dialog; `then` runs once a name is taken. */
  askName(then: () => void): void;
}

/** What the daily deal's handling uses of the controller (app.ts). */
export interface DailyHost {
  readonly current: AppState;
  readonly now: () => number;
  readonly announcer: Pick<Announcer, 'say'>;
  set(s: AppState): void;
  notice(text: string, kind: 'info' | 'error'): void;
  /** Sends `message` with a new id: the id, or null when it could not go (and the player is told). */
  sendRequest(message: ClientMessage): number | null;
  /** Sends `message` as the page's action in progress (busy until its answer). */
  send(message: ClientMessage, kind: PendingKind | null): boolean;
  /** Runs `f` with the handling of playing with people (its name dialog). */
  withPeople(f: (p: NameAsker) => void): void;
  resume(table: string, since: number | null): void;
}

/** The daily deal's requests and their answers. */
export class DailyControl {
  /** The `daily` request the board waits for. */
  private asked: number | null = null;
  /** The `daily_start` in flight. */
  private starting: number | null = null;

  constructor(private readonly host: DailyHost) {}

  /**
   * Today's game: started, or resumed where it was (`daily_start`). With `table`, the
   * board's "Continue" of that game: shown again if it is on screen, resumed if it is
   * another day's.
   */
  start(table?: string): void {
    const s = this.host.current;
    if (table !== undefined && s.game?.table === table && s.screen === 'table') {
      this.host.set({ ...s, dialog: null });
      return;
    }
    // A game with people waits for me, and a waiting room would lose my seat.
    if (inGameWithPeople(s) || s.screen === 'room') {
      this.host.notice(w(s.screen === 'room' ? 'leaveTable' : 'afterGame'), 'info');
      return;
    }
    if (table !== undefined && s.daily?.board?.today === false) {
      this.host.set({ ...s, dialog: null });
      this.host.resume(table, null);
      return;
    }
    if (!this.host.send({ t: 'daily_start' }, 'new_game')) return;
    const now = this.host.current;
    this.starting = now.pending?.id ?? null;
    this.host.set({ ...now, dialog: null, selected: [] });
  }

  /** Opens the board of `day` (today when null) and asks for it; `note` says why it opened. */
  open(day: string | null = null, note: string | null = null): void {
    const id = this.host.sendRequest(day === null ? { t: 'daily' } : { t: 'daily', day });
    this.asked = id;
    const s = this.host.current;
    const daily: DailyState = { day, loading: id !== null, board: s.daily?.board ?? null, error: id === null ? w('notConnected') : null, note };
    this.host.set({ ...s, dialog: 'daily', daily });
  }

  /** A new connection: a board asked for on the one before has no answer coming. */
  welcomed(): void {
    const s = this.host.current;
    if (s.dialog === 'daily' && s.daily !== undefined && (s.daily.loading || s.daily.error !== null)) this.open(s.daily.day, s.daily.note);
  }

  onBoard(m: Extract<ServerMessage, { t: 'daily' }>): void {
    const board = readUnread(m, readDailyBoard);
    if (board === null) return;
    this.asked = null;
    const s = this.host.current;
    const d = s.daily ?? { day: null, note: null };
    this.host.set({ ...s, daily: { ...d, loading: false, board, error: null } });
    // The board comes after its dialog opened: a screen reader hears where I stand.
    if (s.dialog === 'daily') this.host.announcer.say(w('boardSaid', { day: dayWords(board.day, 'long'), mine: mineWords(board), players: playersWords(board) }));
  }

  /** The refusal of a daily deal's request; false when it was not one. */
  onError(m: Extract<ServerMessage, { t: 'error' }>): boolean {
    if (m.id === undefined) return false;
    const s = this.host.current;
    if (m.id === this.asked) {
      this.asked = null;
      if (s.daily !== undefined) this.host.set({ ...s, daily: { ...s.daily, loading: false, error: serverText(m) } });
      return true;
    }
    if (m.id !== this.starting) return false;
    this.starting = null;
    if (m.code === 'no_name') {
      // The board shows names: the name first, then the game.
      this.host.withPeople((p) => p.askName(() => this.start()));
    } else if (m.code === 'state') {
      // Played already: the board instead, with the server's reason.
      this.open(null, serverText(m));
    } else this.host.notice(serverText(m), 'error');
    return true;
  }
}

function button(testid: string, text: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testid, ...attrs }, text);
  b.addEventListener('click', onClick);
  return b;
}

/** The line over a game of the daily deal: "Daily deal · 3 December · hand 2 of 4", and its board. */
export function drawBar(el: HTMLElement, day: string, hand: number, rules: string | null | undefined, handlers: Handlers): void {
  // Drawn again for another day, or in another language.
  const key = `${day} ${language()}`;
  if (el.dataset['day'] !== key) {
    el.dataset['day'] = key;
    el.replaceChildren(
      h('span', { class: 'daily-title', 'data-testid': 'daily-title' }),
      h('span', { class: 'bar-actions' }, button('daily-bar-board', w('board'), () => handlers.openDaily(day), { 'aria-label': w('boardLabel') })),
    );
  }
  const title = el.querySelector('[data-testid="daily-title"]');
  const deal = w('dailyDeal');
  const text = dailyTitle(day, hand, handLimit(rules), undefined, deal);
  // "Daily deal" in bold, where the language puts it, then the day and the hand.
  if (title && title.textContent !== text) {
    const [before = '', after = ''] = dailyTitle(day, hand, handLimit(rules), undefined, '\u0000').split('\u0000');
    title.replaceChildren(before, h('strong', {}, deal), after);
  }
}

/** Under a game of the daily deal's result: "See today’s board". */
export function boardButton(day: string, now: number, handlers: Handlers): HTMLButtonElement {
  return button('result-daily', boardLabel(day, now), () => handlers.openDaily(day), { class: 'primary' });
}

/** What the board needs of the page besides its state. */
export interface BoardContext {
  /** My name: my row is the one with it (the board has names only). */
  readonly name: string | null;
  readonly now: number;
  readonly locale?: string;
}

/** The table of a day's best games: rank, name, total and each hand's points, a Replay when there is one. */
function boardTable(b: DailyBoard, ctx: BoardContext, handlers: Handlers): HTMLElement {
  const columns = handColumns(b);
  const mine = myRow(b, ctx.name);
  const me = b.me;
  const rows: { row: DailyRow; mine: boolean }[] = b.board.map((row, i) => ({ row, mine: i === mine }));
  // Below the best shown: my own game still gets a row, under the others.
  const last = b.board[b.board.length - 1];
  if (mine < 0 && me?.finished && me.rank !== null && last !== undefined && me.rank > last.rank) rows.push({ row: { ...me, rank: me.rank, name: ctx.name ?? w('you') }, mine: true });
  const hands = Array.from({ length: columns }, (_, i) => i + 1);
  return h(
    'table',
    { class: 'sheet daily-board', 'data-testid': 'daily-board' },
    h('caption', { class: 'sr-only' }, w('caption', { day: dayWords(b.day, 'day', ctx.locale) })),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col', title: w('rank') }, h('span', { 'aria-hidden': 'true' }, '#'), h('span', { class: 'sr-only' }, w('rank'))),
        h('th', { scope: 'col', class: 'daily-name' }, w('player')),
        h('th', { scope: 'col' }, w('total')),
        ...hands.map((n) => h('th', { scope: 'col', title: w('hand', { n }) }, h('span', { 'aria-hidden': 'true' }, formatNumber(n)), h('span', { class: 'sr-only' }, w('hand', { n })))),
        h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, w('replayCol'))),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map(({ row, mine: own }) => {
        const replay = row.replay;
        return h(
          'tr',
          { 'data-testid': 'daily-row', 'data-rank': row.rank, 'data-mine': own ? 'true' : null, class: own ? 'mine' : null },
          h('td', {}, formatNumber(row.rank)),
          h('th', { scope: 'row', class: 'daily-name' }, row.name, own ? h('span', { class: 'daily-you' }, ` ${w('youMark')}`) : null),
          h('td', { class: 'daily-total' }, formatNumber(row.score)),
          ...hands.map((n) => {
            const p = row.hands[n - 1];
            return h('td', {}, p === undefined ? '' : formatNumber(p));
          }),
          h(
            'td',
            {},
            replay === null
              ? null
              : button('daily-replay', w('replay'), () => handlers.openDailyReplay(replay), { class: 'link', 'aria-label': own ? w('replayYours') : w('replayOf', { name: row.name }) }),
          ),
        );
      }),
    ),
  );
}

/** The board dialog's content: the day and its neighbours, my result, the board. */
export function boardContent(d: DailyState, ctx: BoardContext, handlers: Handlers): HTMLElement[] {
  const today = dayOf(ctx.now);
  const b = d.board;
  // The day on screen: the one asked for; today is the server's once its board came.
  const day = d.day ?? (b?.today === true ? b.day : today);
  const shown = b !== null && b.day === day ? b : null;
  const isToday = shown?.today ?? day >= today;
  // Previous and next day: an arrow and the day (only the arrow on a phone), the whole date said.
  const step = (testid: string, n: number, words: 'dayBefore' | 'dayAfter'): HTMLButtonElement => {
    const other = shiftDay(day, n);
    const b = button(testid, '', () => handlers.openDaily(other), { 'aria-label': w(words, { day: dayWords(other, 'long', ctx.locale) }) });
    const short = h('span', { class: 'daily-step-day' }, dayWords(other, 'short', ctx.locale));
    b.append(...(n < 0 ? ['◀ ', short] : [short, ' ▶']));
    return b;
  };
  const prev = step('daily-prev', -1, 'dayBefore');
  prev.disabled = daysBetween(day, today) >= DAYS_KEPT;
  const next = step('daily-next', 1, 'dayAfter');
  next.disabled = isToday;
  const out: HTMLElement[] = [
    h(
      'div',
      { class: 'daily-days' },
      prev,
      h('h3', { 'data-testid': 'daily-day' }, dayWords(day, 'long', ctx.locale), isToday ? h('span', { class: 'daily-today' }, ` · ${w('today')}`) : null),
      next,
    ),
  ];
  if (d.note !== null) out.push(h('p', { class: 'daily-note', role: 'status', 'data-testid': 'daily-note' }, d.note));
  if (d.error !== null) out.push(h('p', { class: 'form-error', role: 'alert', 'data-testid': 'daily-error' }, d.error));
  if (shown === null) {
    if (d.loading) out.push(h('p', { class: 'hint', 'data-testid': 'daily-loading' }, w('loading')));
    return out;
  }
  const me = shown.me;
  const mine = h('p', { class: 'daily-me', 'data-testid': 'daily-me' }, h('strong', {}, mineWords(shown)));
  if (me === null && shown.today) mine.append(' ', button('daily-play', w('play'), () => handlers.daily(), { class: 'primary' }));
  if (me !== null && !me.finished) mine.append(' ', button('daily-continue', w('continue'), () => handlers.daily(me.table), { class: 'primary' }));
  out.push(mine);
  const about = [playersWords(shown)];
  if (shown.today) about.push(nextDealWords(shown.nextMs, ctx.now));
  out.push(h('p', { class: 'hint', 'data-testid': 'daily-players' }, about.join(' ')));
  if (shown.board.length === 0) return out;
  out.push(h('div', { class: 'sheet-wrap' }, boardTable(shown, ctx, handlers)));
  out.push(
    h(
      'p',
      { class: 'hint', 'data-testid': 'daily-replays' },
      w(shown.board.some((r) => r.replay !== null) ? 'replays' : 'noReplays'),
    ),
  );
  return out;
}

/** The board dialog while it is open: drawn again when its state changes, with the focus kept. */
export class BoardDialog {
  private shown: DailyState | undefined = undefined;
  /** The language it was drawn in: drawn again in another. */
  private lang = language();

  constructor(private readonly handlers: Handlers) {}

  draw(body: HTMLElement, s: AppState, now: number): void {
    const d = s.daily;
    if (d === undefined || (d === this.shown && this.lang === language())) return;
    this.shown = d;
    this.lang = language();
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && body.contains(active) ? active.dataset['testid'] : undefined;
    body.setAttribute('aria-busy', String(d.loading && d.board === null));
    body.replaceChildren(...boardContent(d, { name: s.social.name, now }, this.handlers));
    if (focused === undefined) return;
    // The button pressed is drawn anew: the focus goes to it again (or to its neighbour when it is off now).
    const again = body.querySelector<HTMLButtonElement>(`[data-testid="${focused}"]`);
    const target = again !== null && !again.disabled ? again : body.querySelector<HTMLElement>('.daily-days button:not(:disabled)');
    target?.focus();
  }
}
