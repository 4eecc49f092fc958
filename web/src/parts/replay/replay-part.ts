// The replay of a finished game (replay.ts), drawn in the dialog: a chunk of its own
// (table/parts.ts, REPLAY_PART), downloaded the first time a replay opens. All four hands face
// up, the trick on the table, the points; forwards and backwards a step or a hand at a
// time, with the buttons or the keys (← →, ↑ ↓ or Page Up/Down, Home, End).

import { cardShort, suitOf } from '../../game/cards';
import { replayWords as w } from '../../i18n/replay';
import { formatNumber, language } from '../../i18n/words';
import { h, setAttrs, setText } from '../../ui/dom';
import type { ReplayStart, ReplayState } from '../../state/state';
import type { Card, Seat } from '../../net/types';
import { buildReplay, isYou, RecordError, SEATS, seatName, startStep, type Frame, type Replay } from './replay';

export { fetchRecord, fetchSharedReplay, ownReplay } from './fetch-replay';

type Names = Readonly<Record<Seat, string>>;
const PLACE: Readonly<Record<Seat, string>> = { S: 'south', W: 'west', N: 'north', E: 'east' };

function cardEl(c: Card, cls = ''): HTMLElement {
  return h('span', { class: `replay-card suit-${suitOf(c)}${cls}`, 'data-card': c }, cardShort(c));
}

/** A seat's name as shown: its place when it has none, the player's own "You" in the language in use. */
function shownName(names: Names | null, s: Seat): string {
  const name = names?.[s];
  if (!name) return seatName(s);
  return isYou(name) ? w('you') : name;
}

/** The replays on screen, by their element: their words are written again in another language. */
const views = new WeakMap<HTMLElement, ReplayView>();

/** The replay of `record` (at `start`, else at the first step), or a paragraph that says why it cannot be shown. */
export function replayContent(record: unknown, names: Names | null, start?: ReplayStart): HTMLElement {
  let replay: Replay;
  try {
    replay = buildReplay(record, names);
  } catch (e) {
    const why = e instanceof RecordError ? e.message : w('unreadable');
    return h('p', { class: 'verify-error', 'data-testid': 'replay-error' }, w('cannotReplay', { why }));
  }
  const mark = start?.mark ? { ...start.mark, pass: start.card === null } : null;
  const view = new ReplayView(replay, names, startStep(replay.frames, start), mark);
  views.set(view.el, view);
  return view.el;
}

/** The review's mistake to mark: its seat's cards played (or passed, `pass`) and the better ones. */
type Mark = NonNullable<ReplayStart['mark']> & { readonly pass: boolean };

/** The words of a list of cards: "the 7♣", "the 7♣ and 9♦", "the 7♣, 9♦ and A♠". */
function theCards(cards: readonly Card[]): string {
  const names = cards.map(cardShort);
  const last = names.pop() ?? '';
  const head = names.length === 0 ? null : names.reduce((a, b) => w('listComma', { a, b }));
  return w('theCards', { cards: head === null ? last : w('listAnd', { a: head, b: last }) });
}

/** What the marks at the review's mistake say: the cards played (or passed) there and the better ones. */
function markWords(m: Mark): string {
  const played = m.played.filter((c) => !m.best.includes(c));
  const best = m.best.filter((c) => !m.played.includes(c));
  return w(m.pass ? 'markPassed' : 'markPlayed', { n: best.length, played: theCards(played), best: theCards(best) });
}

class ReplayView {
  readonly el: HTMLElement;
  private at: number;
  private readonly where = h('p', { class: 'replay-where', 'data-testid': 'replay-where' });
  private readonly what = h('p', { class: 'replay-what', 'data-testid': 'replay-what', 'aria-live': 'polite' });
  /** Says the marks at the step the review opened, while the replay is there. */
  private readonly markEl = h('p', { class: 'replay-mark-words', 'data-testid': 'replay-mark' });
  private readonly markAt: number;
  private readonly seats = new Map<Seat, { box: HTMLElement; cards: HTMLElement; points: HTMLElement }>();
  private readonly trickEl = h('div', { class: 'replay-trick', 'data-testid': 'replay-trick' });
  private readonly resultEl = h('div', { class: 'replay-result', 'data-testid': 'replay-result' });
  private readonly buttons: Record<'first' | 'prevHand' | 'prev' | 'next' | 'nextHand' | 'last', HTMLButtonElement>;
  private readonly names = new Map<Seat, HTMLElement>();
  private readonly hint = h('p', { class: 'hint' });

  constructor(
    private readonly replay: Replay,
    private readonly namesGiven: Names | null,
    at: number,
    private readonly mark: Mark | null,
  ) {
    this.at = at;
    this.markAt = at;
    const board = h('div', { class: 'replay-board' });
    for (const s of SEATS) {
      const cards = h('div', { class: 'replay-cards', 'data-testid': `replay-cards-${s}` });
      const points = h('span', { class: 'replay-points' });
      const name = h('strong');
      const box = h('div', { class: `replay-seat ${PLACE[s]}`, 'data-testid': `replay-seat-${s}` }, h('div', { class: 'replay-name' }, name, ' ', points), cards);
      this.seats.set(s, { box, cards, points });
      this.names.set(s, name);
      board.append(box);
    }
    board.append(h('div', { class: 'replay-centre' }, this.trickEl));
    const button = (id: string, go: () => void): HTMLButtonElement => {
      const b = h('button', { type: 'button', 'data-testid': `replay-${id}` });
      b.addEventListener('click', () => {
        go();
        this.draw();
      });
      return b;
    };
    this.buttons = {
      first: button('first', () => (this.at = 0)),
      prevHand: button('prev-hand', () => this.hand(-1)),
      prev: button('prev', () => this.step(-1)),
      next: button('next', () => this.step(1)),
      nextHand: button('next-hand', () => this.hand(1)),
      last: button('last', () => (this.at = this.replay.frames.length - 1)),
    };
    const b = this.buttons;
    this.el = h(
      'div',
      { class: 'replay', 'data-testid': 'replay', tabindex: '0' },
      this.where,
      this.what,
      this.markEl,
      board,
      this.resultEl,
      h('div', { class: 'replay-controls' }, b.first, b.prevHand, b.prev, b.next, b.nextHand, b.last),
      this.hint,
    );
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    this.relabel();
  }

  /** Writes its words in the language in use: the ones written once, then the step's. */
  relabel(): void {
    setAttrs(this.el, { 'aria-roledescription': w('roleDescription') });
    for (const s of SEATS) {
      const name = this.names.get(s);
      if (name) setText(name, shownName(this.namesGiven, s));
    }
    const label = (b: HTMLButtonElement, words: string, text: string): void => {
      setAttrs(b, { 'aria-label': words, title: words });
      setText(b, text);
    };
    const b = this.buttons;
    label(b.first, w('startLabel'), w('start'));
    label(b.prevHand, w('handBefore'), '◀◀');
    label(b.prev, w('stepBack'), '◀');
    label(b.next, w('stepOn'), '▶');
    label(b.nextHand, w('nextHand'), '▶▶');
    label(b.last, w('endLabel'), w('end'));
    setText(this.hint, w('keys'));
    this.draw();
  }

  private frame(): Frame {
    return this.replay.frames[this.at] as Frame;
  }

  private step(n: number): void {
    this.at = Math.max(0, Math.min(this.replay.frames.length - 1, this.at + n));
  }

  /** To the deal of the next hand, or back to this hand's deal (or the one before when already there). */
  private hand(n: number): void {
    const frames = this.replay.frames;
    const hand = this.frame().hand;
    if (n > 0) {
      const i = frames.findIndex((f) => f.hand > hand);
      this.at = i < 0 ? frames.length - 1 : i;
    } else {
      const start = frames.findIndex((f) => f.hand === hand);
      this.at = start < this.at ? start : Math.max(0, frames.findIndex((f) => f.hand === hand - 1));
    }
  }

  private onKey(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const go: Record<string, () => void> = {
      ArrowRight: () => this.step(1),
      ArrowLeft: () => this.step(-1),
      ArrowDown: () => this.hand(1),
      PageDown: () => this.hand(1),
      ArrowUp: () => this.hand(-1),
      PageUp: () => this.hand(-1),
      Home: () => (this.at = 0),
      End: () => (this.at = this.replay.frames.length - 1),
    };
    const f = go[e.key];
    if (f === undefined || (e.target instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' '))) return;
    e.preventDefault();
    f();
    this.draw();
  }

  private draw(): void {
    const f = this.frame();
    const frames = this.replay.frames;
    const ofHand = frames.filter((x) => x.hand === f.hand);
    const step = ofHand.indexOf(f) + 1;
    setText(this.where, w('where', { hand: f.hand, hands: this.replay.hands, step, steps: ofHand.length, tricks: f.tricks }));
    setText(this.what, f.what);
    // The review's mistake: marked at the step it opened, the cards as they were in hand.
    const mark = this.at === this.markAt ? this.mark : null;
    this.markEl.hidden = mark === null;
    if (mark !== null) setText(this.markEl, markWords(mark));
    for (const s of SEATS) {
      const seat = this.seats.get(s);
      if (!seat) continue;
      const given = f.passed?.[s] ?? [];
      seat.cards.replaceChildren(...f.cards[s].map((c) => markedCard(c, isReceived(f, s, c) ? ' received' : '', mark?.seat === s ? mark : null)));
      if (f.cards[s].length === 0) seat.cards.append(h('span', { class: 'hint' }, w('noCards')));
      setText(seat.points, w('seatPoints', { points: f.points[s], total: f.totals[s] }));
      seat.box.classList.toggle('to-win', f.trick?.winner === s);
      seat.box.dataset['gave'] = given.join(' ');
    }
    const trick = f.trick;
    if (trick === null) {
      this.trickEl.replaceChildren(h('span', { class: 'hint' }, w(f.kind === 'pass' ? 'received' : 'noTrick')));
    } else {
      this.trickEl.replaceChildren(
        ...trick.cards.map((c, i) => {
          const seat = SEATS[(SEATS.indexOf(trick.leader) + i) % 4] as Seat;
          return h('div', { class: `replay-played ${PLACE[seat]}`, 'data-seat': seat }, cardEl(c, trick.winner === seat ? ' winner' : ''));
        }),
      );
    }
    this.resultEl.replaceChildren();
    if (f.result !== null) {
      const r = f.result;
      this.resultEl.append(
        h(
          'table',
          { class: 'replay-score' },
          h('thead', {}, h('tr', {}, h('th', {}, ''), ...SEATS.map((s) => h('th', { scope: 'col' }, shownName(this.replay.names, s))))),
          h(
            'tbody',
            {},
            h('tr', {}, h('th', { scope: 'row' }, w('thisHand')), ...SEATS.map((s) => h('td', {}, formatNumber(r.score[s])))),
            h('tr', {}, h('th', { scope: 'row' }, w('total')), ...SEATS.map((s) => h('td', {}, formatNumber(r.totals[s])))),
          ),
        ),
      );
    }
    const b = this.buttons;
    b.first.disabled = b.prev.disabled = b.prevHand.disabled = this.at === 0;
    b.last.disabled = b.next.disabled = b.nextHand.disabled = this.at === frames.length - 1;
    // A button that became disabled would drop the focus: keep it in the replay.
    if (document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled) this.el.focus();
  }
}

/** A card of a seat's hand, marked ✗ (played or passed at the review's mistake) or ✓ (better), in sight and in words. */
function markedCard(c: Card, cls: string, mark: Mark | null): HTMLElement {
  const played = mark !== null && mark.played.includes(c) && !mark.best.includes(c);
  const best = mark !== null && mark.best.includes(c) && !mark.played.includes(c);
  if (!played && !best) return cardEl(c, cls);
  const el = cardEl(c, `${cls} ${played ? 'marked-played' : 'marked-best'}`);
  el.dataset['mark'] = played ? 'played' : 'best';
  el.append(h('span', { class: 'replay-mark', 'aria-hidden': 'true' }, played ? '✗' : '✓'), h('span', { class: 'sr-only' }, ` ${w(played ? 'theMistake' : 'better')}`));
  return el;
}

/** Whether `c` came to seat `s` in this hand's pass (marked until the seat plays it). */
function isReceived(f: Frame, s: Seat, c: Card): boolean {
  if (f.passed === null) return false;
  const from = SEATS.find((x) => f.passed?.[x]?.includes(c));
  return from !== undefined && from !== s;
}

/** What sharing needs from the page. */
export interface ShareHandlers {
  shareReplay(): void;
  copyText(text: string): void;
}

/** Under the replay: a shared game says so; the player's own can be shared by a link. */
export function shareSection(r: ReplayState, origin: string, handlers: ShareHandlers): HTMLElement[] {
  if (r.table === null) {
    return [h('p', { class: 'hint', 'data-testid': 'replay-shared' }, w(r.board ? 'sharedDaily' : 'shared'))];
  }
  const ask = h('button', { type: 'button', 'data-testid': 'replay-share-button' }, w('share'));
  ask.addEventListener('click', () => handlers.shareReplay());
  const explain = h('p', { class: 'hint' }, w('shareAbout'));
  const sharing = r.sharing;
  if (sharing === null) return [ask, explain];
  if (sharing.status === 'asking') return [h('p', { class: 'hint', 'data-testid': 'replay-share-status' }, w('asking'))];
  if (sharing.status === 'failed') return [h('p', { class: 'verify-error', 'data-testid': 'replay-share-status' }, sharing.error), ask];
  if (sharing.status === 'waiting') return [h('p', { 'data-testid': 'replay-share-status' }, w('waiting', { n: sharing.waiting }))];
  const link = `${origin}/?replay=${sharing.share}`;
  const input = h('input', { readonly: true, value: link, 'data-testid': 'replay-link', 'aria-label': w('linkLabel') });
  input.addEventListener('focus', () => input.select());
  const copy = h('button', { type: 'button', 'data-testid': 'replay-copy' }, w('copy'));
  copy.addEventListener('click', () => handlers.copyText(link));
  return [h('p', { 'data-testid': 'replay-share-status' }, w('linkAbout')), h('div', { class: 'link-row' }, input, copy)];
}

/**
 * The Replay dialog while it is open: the replay drawn once per record (it keeps its
 * place), the sharing under it drawn again when it changes, with the focus kept. In
 * another language, its words are written again (the replay keeps its place).
 */
export class ReplayDialog {
  private record: unknown = undefined;
  private failed: ReplayState | null = null;
  private sharing: ReplayState['sharing'] | undefined = undefined;
  private readonly shareEl = h('div', { class: 'replay-share', 'data-testid': 'replay-share' });
  private content: HTMLElement | null = null;
  private lang = language();

  draw(body: HTMLElement, r: ReplayState, viewNames: readonly string[] | null, origin: string, handlers: ShareHandlers): void {
    const relabel = this.lang !== language();
    this.lang = language();
    if (r.status === 'failed') {
      if (this.failed === r && !relabel) return;
      this.failed = r;
      body.setAttribute('aria-busy', 'false');
      body.replaceChildren(h('p', { class: 'verify-error', 'data-testid': 'replay-error' }, r.error ?? w('notDownloaded')));
      return;
    }
    if (r.status === 'loading') {
      if (body.querySelector('[data-testid="dialog-loading"]') === null || relabel) {
        body.setAttribute('aria-busy', 'true');
        body.replaceChildren(h('p', { class: 'hint', 'data-testid': 'dialog-loading' }, w('loading')));
      }
      return;
    }
    if (this.record !== r.record) {
      this.record = r.record;
      this.sharing = undefined;
      body.removeAttribute('aria-busy');
      const n = r.names ?? viewNames;
      const names = n ? { S: n[0] ?? '', W: n[1] ?? '', N: n[2] ?? '', E: n[3] ?? '' } : null;
      const content = replayContent(r.record, names, r.at);
      this.content = content;
      body.replaceChildren(content, this.shareEl);
      content.focus();
    } else if (relabel && this.content !== null) {
      const view = views.get(this.content);
      if (view) view.relabel();
      // A record that cannot be replayed says why again, in the language in use.
      else this.content.textContent = replayContent(r.record, null).textContent;
      this.sharing = undefined;
    }
    if (this.sharing !== r.sharing) {
      this.sharing = r.sharing;
      // The button pressed goes with the old content: its focus moves to what replaced it
      // (the link, else the replay), so the keys (Escape, the arrows) keep working.
      const focused = this.shareEl.contains(document.activeElement);
      this.shareEl.replaceChildren(...shareSection(r, origin, handlers));
      if (focused || document.activeElement === document.body) {
        const next = this.shareEl.querySelector<HTMLElement>('input, button') ?? body.querySelector<HTMLElement>('[data-testid="replay"]');
        next?.focus();
      }
    }
  }
}
