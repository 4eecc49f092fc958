// The lines under a hand's or game's result at a table with people: who is ready for
// the next hand, the rematch question, and the way back to the lobby.

import { serverText } from '../i18n/server';
import { listWords } from '../game/a11y';
import { peopleWords as w } from '../i18n/people';
import { formatNumber, language } from '../i18n/words';
import type { RatingChange, Seat, View } from '../net/types';
import { humanSeats, seatName, timerSeconds } from '../state/social';
import { atPeopleTable, type AppState } from '../state/state';
import { h, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

const PLACES = ['place1', 'place2', 'place3', 'place4'] as const;

/** 1st, 2nd, 3rd, 4th: a place among the (at most four) people at a table. */
export function ordinal(n: number): string {
  const key = PLACES[n - 1];
  return key === undefined ? formatNumber(n) : w(key);
}

/** A rated game's change to my rating, in words: the rating, my place, and why it counted less. */
export function ratingWords(r: RatingChange, people: number): string[] {
  const change = r.after - r.before;
  const signed = `${change > 0 ? '+' : change < 0 ? '−' : '±'}${formatNumber(Math.abs(change))}`;
  const lines = [w('ratingChange', { n: people, rating: r.after, change: signed, place: ordinal(r.place) })];
  if (r.board !== 'standard') lines.push(w('boardRating'));
  if (r.provisional) lines.push(w('provisionalUntil', { n: r.games }));
  // Why it counted less: each clause's code in the language in use, a sentence each; the
  // server's English when that is what is spoken, or a clause has no words here.
  const clauses = r.why.map((c) => serverText({ reason: '', msg: c.msg, args: c.args }));
  if (r.reason !== '' && clauses.length > 0 && clauses.every((c) => c !== '')) {
    for (const c of clauses) lines.push(`${c.charAt(0).toLocaleUpperCase(language())}${c.slice(1)}.`);
  } else if (r.reason !== '') lines.push(`${r.reason}.`);
  return lines;
}

export class ResultLines {
  /** Lines under the result of a hand or game at a table with people. */
  readonly resultEl: HTMLElement;

  private readonly resultReady: HTMLElement;
  private readonly resultRematch: HTMLElement;
  private readonly rematchVotes: HTMLElement;
  private readonly rematchButton: HTMLButtonElement;
  private readonly rematchTitle: HTMLElement;
  private readonly rematchQuestion: HTMLElement;
  private readonly leaveFinished: HTMLElement;
  private readonly leaveButton: HTMLButtonElement;
  private readonly rating: HTMLElement;
  private ratingShown = '';

  constructor(handlers: SocialHandlers) {
    // ---- the result panel's lines ----
    this.rating = h('div', { class: 'rating-change', 'data-testid': 'rating-change', 'aria-live': 'polite' });
    this.resultReady = h('p', { class: 'ready-line', 'data-testid': 'ready-list', 'aria-live': 'polite' });
    this.rematchVotes = h('p', { class: 'hint', 'data-testid': 'rematch-votes', 'aria-live': 'polite' });
    this.rematchButton = button('rematch', w('rematch'), () => handlers.rematch(), 'primary');
    this.rematchTitle = h('h3', {}, w('rematchTitle'));
    this.rematchQuestion = h('p', {}, w('rematchQuestion'));
    this.resultRematch = h(
      'div',
      { class: 'rematch', 'data-testid': 'rematch-question' },
      this.rematchTitle,
      this.rematchQuestion,
      h('div', { class: 'buttons' }, this.rematchButton),
      this.rematchVotes,
    );
    this.leaveButton = button('leave-finished', w('backToLobby'), () => handlers.leaveFinished());
    this.leaveFinished = h('div', { class: 'buttons' }, this.leaveButton);
    this.resultEl = h(
      'div',
      { class: 'people-result', 'data-testid': 'people-result', hidden: true },
      this.rating,
      this.resultReady,
      this.resultRematch,
      this.leaveFinished,
    );
  }

  renderResult(s: AppState, view: View | null): void {
    const t = s.social.table;
    const people = atPeopleTable(s) && t !== null && view !== null;
    const phase = view?.phase;
    show(this.resultEl, people && (phase === 'hand_over' || phase === 'game_over'));
    if (!people || t === null) return;
    const info = t.info;
    const humans = humanSeats(info);
    // Written again on each render: a change of language shows at once.
    setText(this.rematchTitle, w('rematchTitle'));
    setText(this.rematchQuestion, w('rematchQuestion'));
    setText(this.leaveButton, w('backToLobby'));
    const name = (seat: Seat): string => (seat === info.you ? w('youCap') : seatName(info, seat));
    const nameInside = (seat: Seat): string => (seat === info.you ? w('you') : seatName(info, seat));
    show(this.resultReady, phase === 'hand_over');
    if (phase === 'hand_over') {
      const secs = timerSeconds(t, s.social.now);
      const ready = humans.map((seat) => `${name(seat)} ${info.ready.includes(seat) ? '✓' : '…'}`);
      const list = ready.join(' · ');
      setText(this.resultReady, secs !== null && info.timer > 0 ? w('readyLineTimed', { ready: list, secs }) : w('readyLine', { ready: list }));
    }
    show(this.resultRematch, phase === 'game_over' && info.you !== null && info.ended === null);
    show(this.leaveFinished, phase === 'game_over');
    const rating = phase === 'game_over' && s.social.rating?.table === t.table ? s.social.rating : null;
    show(this.rating, rating !== null);
    const lines = rating === null ? [] : ratingWords(rating, humans.length);
    if (lines.join('\n') !== this.ratingShown) {
      this.ratingShown = lines.join('\n');
      this.rating.replaceChildren(...lines.map((line, i) => h('p', i === 0 ? { class: 'rating-line' } : { class: 'hint' }, line)));
    }
    if (phase === 'game_over') {
      const asked = info.you !== null && (info.rematchVotes.includes(info.you) || s.social.sentRematch === t.table);
      this.rematchButton.disabled = asked || s.social.request === 'rematch';
      setText(this.rematchButton, asked ? w('waitingOthers') : w('rematch'));
      const votes = info.rematchVotes.map(name);
      const missing = humans.filter((seat) => !info.rematchVotes.includes(seat)).map(nameInside);
      const want =
        info.rematchVotes.length === 1 && info.rematchVotes[0] === info.you
          ? w('youWantRematch')
          : w('wantRematch', { n: votes.length, names: listWords(votes) });
      const waiting = missing.length > 0 ? ` ${w('rematchWaiting', { names: listWords(missing) })}` : '';
      setText(this.rematchVotes, votes.length === 0 ? w('noRematch') : `${want}${waiting}`);
    }
  }
}
