// The lines under a hand's or game's result at a table with people: who is ready for
// the next hand, the rematch question, and the way back to the lobby.

import { listWords } from '../game/a11y';
import type { RatingChange, Seat, View } from '../net/types';
import { humanSeats, seatName, timerSeconds } from '../state/social';
import { atPeopleTable, type AppState } from '../state/state';
import { h, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

const ORDINALS = new Intl.PluralRules('en', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1st, 2nd, 3rd, 4th. */
export function ordinal(n: number): string {
  return `${n}${SUFFIX[ORDINALS.select(n)] ?? 'th'}`;
}

/** A rated game's change to my rating, in words: the rating, my place, and why it counted less. */
export function ratingWords(r: RatingChange, people: number): string[] {
  const change = r.after - r.before;
  const lines = [
    `Your rating: ${r.after.toLocaleString('en')} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}) · ${ordinal(r.place)} of ${people} people`,
  ];
  if (r.board !== 'standard') lines.push('These rules have a rating of their own.');
  if (r.provisional) lines.push(`Provisional until 10 rated games (${r.games} so far).`);
  if (r.reason !== '') lines.push(`${r.reason}.`);
  return lines;
}

export class ResultLines {
  /** Lines under the result of a hand or game at a table with people. */
  readonly resultEl: HTMLElement;

  private readonly resultReady: HTMLElement;
  private readonly resultRematch: HTMLElement;
  private readonly rematchVotes: HTMLElement;
  private readonly rematchButton: HTMLButtonElement;
  private readonly leaveFinished: HTMLElement;
  private readonly rating: HTMLElement;
  private ratingShown = '';

  constructor(handlers: SocialHandlers) {
    // ---- the result panel's lines ----
    this.rating = h('div', { class: 'rating-change', 'data-testid': 'rating-change', 'aria-live': 'polite' });
    this.resultReady = h('p', { class: 'ready-line', 'data-testid': 'ready-list', 'aria-live': 'polite' });
    this.rematchVotes = h('p', { class: 'hint', 'data-testid': 'rematch-votes', 'aria-live': 'polite' });
    this.rematchButton = button('rematch', 'Rematch', () => handlers.rematch(), 'primary');
    this.resultRematch = h(
      'div',
      { class: 'rematch', 'data-testid': 'rematch-question' },
      h('h3', {}, 'Rematch?'),
      h('p', {}, 'Would you like to play another game with the same players?'),
      h('div', { class: 'buttons' }, this.rematchButton),
      this.rematchVotes,
    );
    this.leaveFinished = h(
      'div',
      { class: 'buttons' },
      button('leave-finished', 'Back to the lobby', () => handlers.leaveFinished()),
    );
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
    const name = (seat: Seat): string => (seat === info.you ? 'You' : seatName(info, seat));
    const nameInside = (seat: Seat): string => (seat === info.you ? 'you' : seatName(info, seat));
    show(this.resultReady, phase === 'hand_over');
    if (phase === 'hand_over') {
      const secs = timerSeconds(t, s.social.now);
      const ready = humans.map((seat) => `${name(seat)} ${info.ready.includes(seat) ? '✓' : '…'}`);
      setText(this.resultReady, `Ready for the next hand: ${ready.join(' · ')}${secs !== null && info.timer > 0 ? ` · next hand in ${secs} s` : ''}`);
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
      setText(this.rematchButton, asked ? 'Waiting for the others…' : 'Rematch');
      const votes = info.rematchVotes.map(name);
      const missing = humans.filter((seat) => !info.rematchVotes.includes(seat)).map(nameInside);
      setText(
        this.rematchVotes,
        votes.length === 0
          ? 'Nobody has asked for a rematch yet.'
          : `${listWords(votes)} ${votes.length === 1 && votes[0] !== 'You' ? 'wants' : 'want'} a rematch.${missing.length > 0 ? ` Waiting for ${listWords(missing)}.` : ''}`,
      );
    }
  }
}
