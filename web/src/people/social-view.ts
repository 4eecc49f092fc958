// Drawing playing with people: the lobby, the waiting room, the bar above a table with
// people (code, turn timer, concede, "take my seat back"), the chat, the question to
// turn off the timer, the dialogs (name, code, blocked user, private table created,
// block/mute/favorite, concede, messages), the lines under a hand's or game's result,
// and challenges (the button in a person's panel, the lobby's favorites, the question
// "Ada challenges you to a game of Hearts.", the challenger's waiting room).
//
// Every name and chat message goes in as text (`h`, `setText`), never as markup.
// SocialView is built from one view each: bar-view.ts, lobby-view.ts, room-view.ts,
// chat-view.ts, timer-vote-view.ts, result-lines.ts and dialogs-view.ts.
//
// Its chunk (render-social.ts; table/parts.ts, SOCIAL_PART) also brings the handling of the
// same things (social-control.ts), which a solo game needs no more than their drawing.

import type { View } from '../net/types';
import { isPeopleTable } from '../state/social';
import { atPeopleTable, type AppState } from '../state/state';
import { BarView } from './bar-view';
import { ChatView } from './chat-view';
import { DialogsView } from './dialogs-view';
import { LobbyView } from './lobby-view';
import { ResultLines } from './result-lines';
import { RoomView } from './room-view';
import type { SocialHandlers } from './social-words';
import { TimerVoteView } from './timer-vote-view';

export { blockMuteFavoriteText, blockedQuestionText, challengeQuestionText } from './dialogs-view';
export { challengeRoomText } from './room-view';

export class SocialView {
  /** The bar above a table with people. */
  readonly barEl: HTMLElement;
  readonly lobbyEl: HTMLElement;
  readonly roomEl: HTMLElement;
  readonly chatEl: HTMLElement;
  readonly promptEl: HTMLElement;
  /** "Ada challenges you to a game of Hearts." (over everything but the connection messages). */
  readonly challengeEl: HTMLElement;
  readonly timerVoteEl: HTMLElement;
  /** Lines under the result of a hand or game at a table with people. */
  readonly resultEl: HTMLElement;
  private readonly bar: BarView;
  private readonly lobby: LobbyView;
  private readonly room: RoomView;
  private readonly chat: ChatView;
  private readonly timerVote: TimerVoteView;
  private readonly result: ResultLines;
  private readonly dialogs: DialogsView;

  constructor(handlers: SocialHandlers) {
    this.bar = new BarView(handlers);
    this.barEl = this.bar.barEl;
    this.lobby = new LobbyView(handlers);
    this.lobbyEl = this.lobby.lobbyEl;
    this.room = new RoomView(handlers);
    this.roomEl = this.room.roomEl;
    this.chat = new ChatView(handlers);
    this.chatEl = this.chat.chatEl;
    this.timerVote = new TimerVoteView(handlers);
    this.timerVoteEl = this.timerVote.timerVoteEl;
    this.result = new ResultLines(handlers);
    this.resultEl = this.result.resultEl;
    this.dialogs = new DialogsView(handlers);
    this.promptEl = this.dialogs.promptEl;
    this.challengeEl = this.dialogs.challengeEl;
  }

  render(s: AppState, view: View | null): void {
    const t = s.social.table;
    const people = isPeopleTable(t) && (s.screen === 'room' || atPeopleTable(s));
    this.bar.renderBar(s, people);
    this.lobby.renderLobby(s);
    this.room.renderRoom(s);
    this.chat.renderChat(s, people);
    this.timerVote.renderTimerVote(s, people && s.screen === 'table');
    this.result.renderResult(s, view);
    this.dialogs.renderPrompt(s);
    this.dialogs.renderChallenge(s);
  }
}
