// The lines under a hand's or game's result at a table with people: who is ready for
// the next hand, the rematch question, and the way back to the lobby.

import { listWords } from '../game/a11y';
import type { Seat, View } from '../net/types';
import { humanSeats, seatName, timerSeconds } from '../state/social';
import { atPeopleTable, type AppState } from '../state/state';
import { h, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

export class ResultLines {
  /** Lines under the result of a hand or game at a table with people. */
  readonly resultEl: HTMLElement;

  private readonly resultReady: HTMLElement;
  private readonly resultRematch: HTMLElement;
  private readonly rematchVotes: HTMLElement;
  private readonly rematchButton: HTMLButtonElement;
  private readonly leaveFinished: HTMLElement;

  constructor(handlers: SocialHandlers) {
    // ---- the result panel's lines ----
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
