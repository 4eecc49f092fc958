// "Turn off the timer?": the question another person's suggestion asks me.

import { peopleWords as w } from '../i18n/people';
import { seatName, timerQuestion } from '../state/social';
import type { AppState } from '../state/state';
import { h, setText, show } from '../ui/dom';
import { timerQuestionText } from './control-words';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

export class TimerVoteView {
  readonly timerVoteEl: HTMLElement;
  private readonly timerVoteTitle: HTMLElement;
  private readonly timerVoteText: HTMLElement;
  private readonly acceptButton: HTMLButtonElement;
  private readonly keepButton: HTMLButtonElement;

  constructor(handlers: SocialHandlers) {
    // ---- "Turn off the timer?" ----
    this.timerVoteTitle = h('h2', { id: 'timer-vote-title' });
    this.timerVoteText = h('p', { 'data-testid': 'timer-vote-text' });
    this.acceptButton = button('timer-accept', '', () => handlers.timerOff(), 'primary');
    this.keepButton = button('timer-decline', '', () => handlers.declineTimerOff());
    this.timerVoteEl = h(
      'div',
      { class: 'timer-vote', 'data-testid': 'timer-vote', role: 'alertdialog', 'aria-labelledby': 'timer-vote-title', hidden: true },
      this.timerVoteTitle,
      this.timerVoteText,
      h('div', { class: 'buttons' }, this.acceptButton, this.keepButton),
    );
  }

  renderTimerVote(s: AppState, atTable: boolean): void {
    const t = s.social.table;
    const voters = atTable ? timerQuestion(s.social) : null;
    show(this.timerVoteEl, voters !== null);
    if (voters === null || t === null) return;
    // Written on each render: a change of language shows at once.
    setText(this.timerVoteTitle, w('timerQuestionTitle'));
    setText(this.acceptButton, w('timerAccept'));
    setText(this.keepButton, w('timerKeep'));
    setText(this.timerVoteText, timerQuestionText(voters.map((v) => seatName(t.info, v))));
    for (const b of this.timerVoteEl.querySelectorAll('button')) b.disabled = s.social.request === 'timer_off';
  }
}
