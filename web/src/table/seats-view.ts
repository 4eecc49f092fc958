// The four seats around the table: each one's cards left (as backs), face, name, score,
// points this hand and tricks taken, and at a table with people its badge and turn timer.

import { unitList } from '../game/a11y';
import { POSITION_NAMES, isMe, nameOf, playerOf, seatAt } from '../game/rules';
import { tableWords as w } from '../i18n/table';
import { formatNumber } from '../i18n/words';
import { seatIndex, type Seat, type View } from '../net/types';
import { STATUS_WORDS } from '../people/social-words';
import type { Handlers } from '../state/handlers';
import { isFavorite, isPeopleTable, seatOf, seatStatus, timerSeconds } from '../state/social';
import { atPeopleTable, type AppState } from '../state/state';
import { avatarSvg, faceFor, isItemId } from '../ui/avatars';
import { h, setAttrs, setText, show } from '../ui/dom';

const MARKER_CLASS: Readonly<Record<string, string>> = { '·': 'dot', '♥': 'heart', '♠': 'queen', '♦': 'jack' };

/** "3 tricks: 1 without points, 1 with hearts, 1 with the queen of spades". */
export function markersLabel(markers: string): string {
  const list = Array.from(markers);
  if (list.length === 0) return w('nT');
  const count = (m: string): number => list.filter((x) => x === m).length;
  const parts = (
    [
      ['·', 'm0'],
      ['♥', 'mH'],
      ['♠', 'mQ'],
      ['♦', 'mJ'],
    ] as const
  )
    .filter(([m]) => count(m) > 0)
    .map(([m, key]) => w(key, { n: count(m) }));
  return w('trk', { n: list.length, list: unitList(parts) });
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

export class SeatsView {
  readonly seats = new Map<(typeof POSITION_NAMES)[number], SeatEls>();

  constructor(private readonly handlers: Handlers) {
    for (const pos of POSITION_NAMES) {
      const els: SeatEls = {
        box: h('section', { class: `seat pos-${pos}` }),
        backs: h('div', { class: 'backs', 'aria-hidden': 'true' }),
        avatar: h('div', { class: 'avatar', 'aria-hidden': 'true' }),
        name: h('span', { class: 'name' }),
        fav: h('span', { class: 'fav', hidden: true }, '♥'),
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
  }

  /** A person's name at the table: "Block, mute, favorite". */
  private nameClicked(el: HTMLElement): void {
    const player = el.dataset['player'];
    if (player) this.handlers.openPlayer(player, el.textContent ?? '');
  }

  renderSeats(view: View | null, s: AppState): void {
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
        'aria-label': isMe(view, seat) ? w('me', { name }) : name,
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
        title: clickable ? w('pM') : null,
        class: `name${clickable ? ' clickable' : ''}`,
      });
      const fav = si !== null && isFavorite(s.social.relations, si.player);
      show(els.fav, fav);
      setAttrs(els.fav, { 'data-testid': `fav-${seat}`, title: w('fav'), 'aria-label': fav ? w('favM') : null });
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
      setText(els.clock, waited ? w('secs', { n: secs }) : '');
      setAttrs(els.clock, {
        'data-testid': `clock-${seat}`,
        'aria-label': waited ? w('sL', { n: secs }) : null,
        class: `seat-clock${waited && secs !== null && secs <= 10 ? ' urgent' : ''}`,
      });
      const total = view.scores[i] ?? 0;
      setText(els.score, formatNumber(total));
      setAttrs(els.score, { 'data-testid': `score-${seat}`, title: w('total'), 'aria-label': w('tI', { n: total }) });
      const pts = view.points[i] ?? 0;
      const passedNow = view.phase === 'pass' && view.pass !== 'none' && (view.hasPassed?.[i] ?? false);
      setText(els.points, passedNow ? w('psd') : w('tH', { n: pts }));
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

  /** A seat's face, and what its person wears: drawn again only when either changes. */
  private drawAvatar(el: HTMLElement, who: { human: boolean; name: string; player?: string | null; face?: number; wearing: string }): void {
    const face = faceFor(who);
    const item = isItemId(who.wearing) ? who.wearing : null;
    const id = face.kind === 'bot' ? face.name : String(face.index);
    if (el.dataset['face'] === id && el.dataset['wearing'] === (item ?? '')) return;
    el.dataset['face'] = id;
    el.dataset['wearing'] = item ?? '';
    // The item comes with its chunk, the first time one is worn (avatars.ts): drawn then, if still worn.
    el.innerHTML = avatarSvg(face, item, () => {
      if (el.dataset['face'] === id && el.dataset['wearing'] === (item ?? '')) el.innerHTML = avatarSvg(face, item);
    });
  }
}
