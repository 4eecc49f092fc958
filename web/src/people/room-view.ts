// The waiting room of a table with people: its seats, its code and link, the
// challenge it was opened for, a quick match table's countdown, and the host's Start.

import { peopleWords as w } from '../i18n/people';
import { language } from '../i18n/words';
import { SEATS, type ChallengeInfo } from '../net/types';
import { amHost, humanSeats, isFavorite, joinLink, seatName, seatOf, seatStatus } from '../state/social';
import type { AppState } from '../state/state';
import { h, setAttrs, setText, show } from '../ui/dom';
import { clockText, fillSeconds } from './quick';
import { STATUS_WORDS, type SocialHandlers } from './social-words';
import { button, commaList, heart, onNameClick, onNameKey, withParts } from './view-bits';

/** The waiting room's line about the challenge it was opened for, as the host or another person sees it. */
export function challengeRoomText(c: ChallengeInfo, host: boolean, hostName: string): string {
  if (c.state === 'declined') return w(host ? 'challengeDeclinedMine' : 'challengeDeclined', { name: c.name });
  return host ? w('challengeWaitMine', { name: c.name }) : w('challengeWait', { name: c.name, host: hostName });
}

export class RoomView {
  readonly roomEl: HTMLElement;
  private readonly roomTitle: HTMLElement;
  private readonly roomCode: HTMLElement;
  private readonly roomChallenge: HTMLElement;
  private readonly roomSeats: HTMLElement;
  private readonly roomHint: HTMLElement;
  private readonly startButton: HTMLButtonElement;
  private readonly ratedButton: HTMLButtonElement;
  private readonly ratedLine: HTMLElement;
  /** A quick match table's: what is happening, and the countdown to the computer players. */
  private readonly quickEl: HTMLElement;
  private readonly quickStatus: HTMLElement;
  private readonly quickClock: HTMLElement;
  private readonly leaveButton: HTMLButtonElement;
  /** What the room was drawn from (and in which language), and the countdown's text as drawn. */
  private roomKey = '';
  private quickShown = '';

  constructor(private readonly handlers: SocialHandlers) {
    // ---- the waiting room ----
    this.roomTitle = h('h2', { id: 'room-title', 'data-testid': 'room-title' });
    this.roomCode = h('div', { class: 'room-code', 'data-testid': 'room-code' });
    this.roomChallenge = h('p', { class: 'room-challenge', 'data-testid': 'room-challenge', role: 'status', hidden: true });
    this.roomSeats = h('ol', { class: 'room-seats', 'data-testid': 'room-seats' });
    this.roomHint = h('p', { class: 'hint', 'data-testid': 'room-hint' });
    this.startButton = button('start-game', w('startGame'), () => handlers.startGame(), 'primary');
    // A private table's game is rated when the host asks and everyone agrees (docs/ratings.md).
    this.ratedButton = button('allow-rated', w('askRated'), () =>
      handlers.allow('rated', this.ratedButton.getAttribute('aria-pressed') !== 'true'),
    );
    this.ratedLine = h('p', { class: 'hint', 'data-testid': 'rated-line', 'aria-live': 'polite' });
    // The status is said when it changes; the countdown is not live (it changes every
    // second): a screen reader hears it at 10 seconds (control-base.ts, tickQuick).
    this.quickStatus = h('p', { class: 'room-quick-status', 'data-testid': 'quick-status', role: 'status' });
    this.quickClock = h('p', { class: 'room-quick-clock', 'data-testid': 'quick-countdown' });
    this.quickEl = h('div', { class: 'room-quick', 'data-testid': 'room-quick', hidden: true }, this.quickStatus, this.quickClock);
    this.leaveButton = button('leave-table', w('leaveTable'), () => handlers.leaveTable());
    this.roomEl = h(
      'section',
      { class: 'page room', 'data-testid': 'room', 'aria-labelledby': 'room-title', hidden: true },
      h(
        'div',
        { class: 'page-panel' },
        this.roomTitle,
        this.roomChallenge,
        this.quickEl,
        this.roomCode,
        this.roomSeats,
        this.roomHint,
        h('div', { class: 'rated' }, this.ratedButton, this.ratedLine),
        h('div', { class: 'buttons' }, this.startButton, this.leaveButton),
      ),
    );
    this.roomSeats.addEventListener('click', (e) => onNameClick(this.handlers, e));
    this.roomSeats.addEventListener('keydown', (e) => onNameKey(this.handlers, e));
  }

  renderRoom(s: AppState): void {
    const t = s.social.table;
    const visible = s.screen === 'room' && t !== null;
    show(this.roomEl, visible);
    if (!visible) return;
    const info = t.info;
    const host = amHost(t);
    setAttrs(this.roomEl, { 'data-table': t.table });
    this.startButton.hidden = !host;
    this.startButton.disabled = s.social.request === 'start' || info.state !== 'waiting';
    this.renderQuick(s);
    // Everything below is written again when the table, my relations or the language change.
    const key = JSON.stringify([t.table, info, s.social.relations, language()]);
    if (key === this.roomKey) return;
    this.roomKey = key;
    setText(this.roomTitle, info.quick ? w('quickMatch') : info.kind === 'private' ? w('privateTable') : w('publicTable'));
    setText(this.startButton, info.quick ? w('startNow') : w('startGame'));
    setText(this.leaveButton, w('leaveTable'));
    show(this.roomChallenge, info.challenge !== null);
    setText(this.roomChallenge, info.challenge ? challengeRoomText(info.challenge, host, seatName(info, info.host)) : '');
    setAttrs(this.roomChallenge, { 'data-state': info.challenge?.state ?? null });
    if (info.kind === 'private') {
      const link = joinLink(this.handlers.origin(), info.code);
      const code = h('strong', { class: 'code', 'data-testid': 'room-code-value' }, info.code);
      this.roomCode.replaceChildren(
        ...withParts(w('roomCode', { code: '{code}' }), { code }).map((x) => (typeof x === 'string' ? h('span', {}, x) : x)),
        ' ',
        button('room-copy-link', w('copyJoinLink'), () => this.handlers.copyText(link)),
      );
    } else {
      this.roomCode.replaceChildren(h('span', {}, info.quick ? w('anyoneJoinsToo') : w('anyoneJoins')));
    }
    this.roomSeats.replaceChildren(
      ...SEATS.map((seat) => {
        const si = seatOf(info, seat);
        const status = seatStatus(si, info.state);
        const me = seat === info.you;
        const clickable = si.human && si.player !== null && !me;
        const name = h(
          'span',
          {
            class: `name${clickable ? ' clickable' : ''}`,
            'data-testid': `room-name-${seat}`,
            'data-player': clickable ? si.player : null,
            'data-name': clickable ? (si.name ?? '') : null,
            role: clickable ? 'button' : null,
            tabindex: clickable ? 0 : null,
            title: clickable ? w('blockMuteFavorite') : null,
          },
          si.name ?? w('empty'),
        );
        const notes = commaList([me ? w('you') : '', seat === info.host ? w('host') : '', status === 'empty' ? '' : STATUS_WORDS[status]].filter(Boolean));
        return h(
          'li',
          { class: `room-seat ${status}`, 'data-testid': `room-seat-${seat}`, 'data-status': status },
          name,
          heart(isFavorite(s.social.relations, si.player)),
          notes ? h('span', { class: 'notes' }, ` ${w('seatNotes', { notes })}`) : null,
        );
      }),
    );
    const hostName = seatName(info, info.host);
    this.renderRated(s, host, hostName);
    setText(
      this.roomHint,
      info.quick
        ? host
          ? w('quickHintHost')
          : w('quickHint', { host: hostName })
        : host
          ? w('startHintHost')
          : w('startHint', { host: hostName }),
    );
  }

  /** A quick match table's line and countdown (drawn on every tick: the clock changes each second). */
  private renderQuick(s: AppState): void {
    const t = s.social.table;
    const seconds = fillSeconds(t, s.social.now);
    const quick = t !== null && t.info.quick && t.info.state === 'waiting';
    show(this.quickEl, quick);
    if (!quick) return;
    const free = t.info.seats.filter((x) => !x.human).length;
    setText(this.quickStatus, free > 0 ? w('findingPlayers') : w('everyoneHere'));
    show(this.quickClock, seconds !== null && free > 0);
    if (seconds === null) return;
    if (seconds > 0) {
      const clock = clockText(seconds);
      const text = w('fillClock', { clock: '{clock}' });
      // Drawn again when the clock or the language changed (not on every tick).
      if (this.quickShown !== `${text}|${clock}`) {
        this.quickShown = `${text}|${clock}`;
        const time = h('strong', { class: 'room-quick-time', 'data-testid': 'quick-clock' }, clock);
        this.quickClock.replaceChildren(...withParts(text, { clock: time }));
      }
    } else {
      this.quickShown = '';
      setText(this.quickClock, w('starting'));
    }
  }

  /** Whether the game will be rated: a public table's always is; a private one's when the host asks and everyone agrees. */
  private renderRated(s: AppState, host: boolean, hostName: string): void {
    const info = s.social.table?.info;
    if (!info) return;
    const votes = info.ratedVotes ?? [];
    const mine = info.you !== null && votes.includes(info.you);
    const asked = votes.includes(info.host);
    const people = humanSeats(info);
    show(this.ratedButton, info.kind === 'private' && info.you !== null && (host || asked));
    this.ratedButton.disabled = s.social.request === 'allow';
    setText(this.ratedButton, host ? (mine ? w('ratedAsked') : w('askRated')) : mine ? w('youAgreed') : w('agreeRated'));
    setAttrs(this.ratedButton, { 'aria-pressed': mine ? 'true' : 'false' });
    let line: string;
    if (info.quick) line = w('ratedQuick');
    else if (info.kind !== 'private') line = w('ratedPublic');
    else if (info.rated === true) line = w('ratedAgreed');
    else if (!asked) line = host ? w('notRatedHost') : w('notRated');
    else {
      const said = people.map((seat) => `${seatName(info, seat)} ${votes.includes(seat) ? '✓' : '…'}`).join(' · ');
      line = host ? w('ratedAskedMine', { votes: said }) : w('ratedAsks', { host: hostName, votes: said });
    }
    setText(this.ratedLine, line);
  }
}
