// "Turn off the timer?": the question another person's suggestion asks me.

import { seatName, timerQuestion } from '../state/social';
import type { AppState } from '../state/state';
import { h, setText, show } from '../ui/dom';
import { timerQuestionText } from './control-words';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

export class TimerVoteView {
  readonly timerVoteEl: HTMLElement;
  private readonly timerVoteText: HTMLElement;

  constructor(handlers: SocialHandlers) {
    // ---- "Turn off the timer?" ----
    this.timerVoteText = h('p', { 'data-testid': 'timer-vote-text' });
    this.timerVoteEl = h(
      'div',
      { class: 'timer-vote', 'data-testid': 'timer-vote', role: 'alertdialog', 'aria-labelledby': 'timer-vote-title', hidden: true },
      h('h2', { id: 'timer-vote-title' }, 'Turn off the timer?'),
      this.timerVoteText,
      h(
        'div',
        { class: 'buttons' },
        button('timer-accept', 'Turn it off', () => handlers.timerOff(), 'primary'),
        button('timer-decline', 'Keep the timer', () => handlers.declineTimerOff()),
      ),
    );
  }

  renderTimerVote(s: AppState, atTable: boolean): void {
    const t = s.social.table;
    const voters = atTable ? timerQuestion(s.social) : null;
    show(this.timerVoteEl, voters !== null);
    if (voters === null || t === null) return;
    setText(this.timerVoteText, timerQuestionText(voters.map((v) => seatName(t.info, v))));
    for (const b of this.timerVoteEl.querySelectorAll('button')) b.disabled = s.social.request === 'timer_off';
  }
}
