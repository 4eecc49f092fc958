// Playing with people, as the controller handles it (docs/protocol.md "Playing with
// people"): the lobby, names, the tables with people and their waiting room, the chat,
// challenges, and the requests for them, whose acks and errors come back here by id
// (control-base.ts: what it keeps, and what the server says; here: what the player does).
// It comes with the drawing of the same things, in the lobby's chunk (render-social.ts
// exports it; table/parts.ts, SOCIAL_PART), downloaded the first time the page needs it:
// until then app.ts keeps what the server sends for it, in order, and a solo game never
// downloads it.

import { cleanName, nameProblem } from '../game/names';
import { peopleWords as w } from '../i18n/people';
import type { LobbyEntry, RelationKind } from '../net/types';
import { rulesText } from '../state/settings';
import {
  MAX_CHAT_LENGTH,
  blockedNames,
  codeFromInput,
  declineTimerQuestion,
  dropChallenge,
  hasBlockedPlayer,
  withRelation,
} from '../state/social';
import { inGameWithPeople, type Screen } from '../state/state';
import { PeopleControl, type PeopleHandlers } from './control-base';

export type { PeopleHandlers, PeopleHost, PeopleMessage } from './control-base';
export { challengeWithdrawnText, tableClosedText, timerQuestionText } from './control-words';

export class SocialControl extends PeopleControl implements PeopleHandlers {
  /** Asks for a name, then runs `then` (the daily deal: its board shows names). */
  askName(then: () => void): void {
    this.afterName = then;
    this.app.prompt({ kind: 'name', error: null });
  }

  closeLobby(): void {
    this.lobbyOff();
    const back = this.lobbyReturn;
    const screen: Screen =
      back === 'table' && this.state.game !== null ? 'table' : back === 'room' && this.state.social.table !== null ? 'room' : 'start';
    this.app.set({ ...this.state, screen });
  }

  /** Watches `table` (a lobby's game, or a private table's watch link): its tricks a trick late. */
  watch(table: string): void {
    this.multiplayerThen(() => {
      this.expected = table;
      this.app.watching = table;
      this.request({ t: 'watch', table, on: true }, 'watch', table);
    });
  }

  watchTable(table: string): void {
    this.watch(table);
  }

  /** Allows watchers (private tables) or hints at my table with people, or stops allowing them. */
  allow(what: 'watchers' | 'hints' | 'rated', on: boolean): void {
    const table = this.currentTable();
    if (table === null) return;
    this.request({ t: `allow_${what}`, table, on }, 'allow', table);
  }

  /** Opens a private table with me as host and asks `player` to join it. */
  challenge(player: string, name: string): void {
    if (inGameWithPeople(this.state)) {
      this.app.notice(w('challengeAfterGame', { name }), 'info');
      return;
    }
    this.multiplayerThen(() => {
      if (this.state.social.request !== null) return;
      const p = this.state.social.prompt;
      if (p?.kind === 'player' && p.error !== undefined) this.app.prompt({ kind: 'player', player: p.player, name: p.name });
      this.creating = 'challenge';
      const st = this.state.settings;
      this.request({ t: 'challenge', player, rules: rulesText(st), timer: st.turnTimer }, 'challenge');
    });
  }

  private currentTable(): string | null {
    const t = this.state.social.table;
    return t !== null && t.table === this.app.table ? t.table : null;
  }

  multiplayer(): void {
    const c = this.state.conn.kind;
    if (this.state.storagePersistent && (c === 'stopped' || c === 'gave_up')) {
      this.app.prompt(null);
      this.lobbyAfterWelcome = true;
      this.app.connection.retry();
      return;
    }
    this.multiplayerThen(() => this.openLobby());
  }

  createTable(isPrivate: boolean): void {
    this.multiplayerThen(() => {
      if (this.state.social.request !== null) return;
      this.creating = isPrivate ? 'private' : 'public';
      const st = this.state.settings;
      this.request({ t: 'create_table', private: isPrivate, rules: rulesText(st), timer: st.turnTimer }, 'create_table');
    });
  }

  /**
   * "Play now (rated)": a seat at the quick match table nearest me in skill, or a new one
   * (docs/ratings.md, "Quick match"), with the settings' rules and timer as a new table
   * would have. Where the server seats me comes as a `table` message (control-base.ts).
   */
  quickMatch(): void {
    this.multiplayerThen(() => {
      if (this.state.social.request !== null) return;
      const st = this.state.settings;
      this.request({ t: 'quick_match', rules: rulesText(st), timer: st.turnTimer }, 'quick_match');
    });
  }

  joinTable(entry: LobbyEntry): void {
    if (this.state.social.request !== null) return;
    if (hasBlockedPlayer(entry, this.state.social.relations)) {
      const names = blockedNames(entry, this.state.social.relations);
      this.app.prompt({ kind: 'confirm-blocked', table: entry.table, names, reason: null });
    } else this.join(entry.table, false);
  }

  openJoinCode(): void {
    this.multiplayerThen(() => this.app.prompt({ kind: 'join-code', error: null }));
  }

  changeName(): void {
    this.afterName = null;
    this.app.prompt({ kind: 'name', error: null });
  }

  submitName(name: string): void {
    const problem = nameProblem(name);
    if (problem !== null) {
      this.app.prompt({ kind: 'name', error: problem });
      return;
    }
    if (this.state.social.request === 'set_name') return;
    this.request({ t: 'set_name', name: cleanName(name) }, 'set_name');
  }

  submitJoinCode(input: string): void {
    const code = codeFromInput(input);
    if (code === '') {
      this.app.prompt({ kind: 'join-code', error: w('enterCode') });
      return;
    }
    if (this.state.social.request === 'join') return;
    this.join(code, false);
  }

  confirmBlocked(table: string): void {
    this.app.prompt(null);
    this.join(table, true);
  }

  closePrompt(): void {
    if (this.state.social.prompt?.kind === 'name') this.afterName = null;
    this.app.prompt(null);
  }

  promptMultiplayer(): void {
    this.app.prompt(null);
    this.lobbyAfterWelcome = true;
    this.app.connection.retry();
  }

  startGame(): void {
    const table = this.currentTable();
    if (table && this.state.social.request === null) this.request({ t: 'start', table }, 'start');
  }

  leaveTable(): void {
    const table = this.currentTable();
    if (table && this.state.social.request === null) this.request({ t: 'leave', table }, 'leave');
  }

  sendChat(text: string): boolean {
    const table = this.currentTable();
    if (table === null) return false;
    if (Array.from(text).length > MAX_CHAT_LENGTH) {
      this.app.setSocial({ chatError: w('chatTooLong', { n: MAX_CHAT_LENGTH }) });
      return false;
    }
    const sent = this.request({ t: 'chat', table, text }, 'chat', undefined, false);
    if (sent && this.state.social.chatError !== null) this.app.setSocial({ chatError: null });
    return sent;
  }

  toggleChat(open: boolean): void {
    this.app.setSocial(open ? { chatOpen: true, unread: 0 } : { chatOpen: false });
    if (open) this.app.view.social?.chatEl.querySelector<HTMLInputElement>('input')?.focus();
  }

  acceptChallenge(table: string): void {
    this.app.setSocial(dropChallenge(this.state.social, table));
    this.join(table, false);
  }

  declineChallenge(table: string): void {
    this.app.setSocial(dropChallenge(this.state.social, table));
    this.request({ t: 'decline', table }, 'decline', table, false);
  }

  challengeLater(): void {
    this.app.setSocial({ challengesLater: this.state.game?.table ?? null });
  }

  setRelation(player: string, name: string, kind: RelationKind, on: boolean): void {
    this.app.setSocial({ relations: withRelation(this.state.social.relations, kind, { player, name }, on) });
    this.request({ t: 'relation', player, kind, on }, 'relation', undefined, false);
  }

  timerOff(): void {
    const table = this.currentTable();
    if (table && this.state.social.request === null) this.request({ t: 'timer_off', table }, 'timer_off');
  }

  declineTimerOff(): void {
    this.app.setSocial(declineTimerQuestion(this.state.social));
  }

  confirmConcede(): void {
    this.app.prompt(null);
    const table = this.currentTable();
    if (table) this.request({ t: 'concede', table }, 'concede');
  }

  reclaim(): void {
    const table = this.currentTable();
    if (table && this.state.social.request === null) this.request({ t: 'reclaim', table }, 'reclaim');
  }

  rematch(): void {
    const table = this.currentTable();
    if (table === null || this.state.social.request !== null) return;
    if (this.request({ t: 'rematch', table }, 'rematch')) this.app.setSocial({ sentRematch: table });
  }

  leaveFinished(): void {
    if (this.app.watching !== null) {
      this.stopWatching();
      return;
    }
    this.app.forgetTable();
    this.openLobby();
  }
}
