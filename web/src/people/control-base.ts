// Playing with people, as the controller handles it (docs/protocol.md "Playing with
// people"): what it keeps (the requests in flight, the table it expects, the turn
// timer's tick), and what the server says to it: tables, challenges, and the acks and
// errors of its requests, which come back here by id. What the player does is
// social-control.ts, which extends this.

import { serverText } from '../i18n/server';
import { peopleWords as w } from '../i18n/people';
import type { Announcer } from '../ui/announcer';
import type { Connection } from '../net/connection';
import type { ClientMessage, ServerMessage, TableInfo } from '../net/types';
import { readUnread } from '../net/read-fields';
import {
  CHAT_WINDOW_MS,
  addChallenge,
  applyChat,
  applyLobbyUpdate,
  applyTableInfo,
  blockedNames,
  dropChallenge,
  isPeopleTable,
  seatName,
  sortLobby,
  timerQuestion,
  timerSeconds,
  type MessageId,
  type Prompt,
  type Social,
  type SocialRequest,
} from '../state/social';
import { askedChallenge, type AppState, type Screen } from '../state/state';
import { challengeWithdrawnText, tableClosedText, timerQuestionText } from './control-words';
import { FILL_WARNINGS, QuickAsk, SETTLE_MS, fillSeconds, fillWarning } from './quick';
import { readProfile, readRatingChange } from './read-rated';
import type { SocialView } from './social-view';
import type { SocialHandlers } from './social-words';

const TIMER_TICK_MS = 250;
/** Seconds left on my own turn timer at which a screen reader hears a warning. */
const TIMER_WARNINGS: readonly number[] = [10, 5];

/** What the server sends that only playing with people handles (app.ts sends it here). */
export type PeopleMessage = Extract<
  ServerMessage,
  { t: 'table' | 'chat' | 'lobby' | 'lobby_update' | 'rematch' | 'rating' | 'profile' | 'challenge' | 'challenge_over' | 'unwatched' }
>;

/** What this uses of the controller (app.ts): the page's state, its connection and its table. */
export interface PeopleHost {
  readonly current: AppState;
  /** The table this page shows, or is about to show (what comes for it belongs to it). */
  readonly table: string | null;
  /** The table this page watches (docs/protocol.md, "Spectators"), or null: it has no seat there. */
  watching: string | null;
  readonly connection: Pick<Connection, 'send' | 'retry'>;
  readonly announcer: Pick<Announcer, 'say'>;
  readonly view: { readonly social: SocialView | null };
  readonly now: () => number;
  set(s: AppState): void;
  /** Changes the state without drawing it again: nothing on screen changes. */
  setQuietly(s: AppState): void;
  setSocial(change: Partial<Social>): void;
  prompt(p: Prompt | null): void;
  message(id: MessageId, title: string, lines: readonly string[]): void;
  notice(text: string, kind: 'info' | 'error'): void;
  /** Reconnects after an inactivity close; true when it does. */
  wake(): boolean;
  /** Sends `message` with a new id: the id, or null when it could not go (and the player is told). */
  sendRequest(message: ClientMessage): number | null;
  resume(table: string, since: number | null): void;
  wantSnapshot(table: string): void;
  enterTable(table: string): void;
  forgetTable(): void;
}

/** The handlers of playing with people that live here (app.ts keeps the others). */
export type PeopleHandlers = Omit<SocialHandlers, 'openPlayer' | 'concede' | 'confirmNewGame' | 'copyText' | 'origin'>;

/** A request that opens a new table with me as host: its `table` message comes before the ack. */
type Creating = 'public' | 'private' | 'challenge';

/** A multiplayer request in flight, to route its ack or error. */
interface SocialPending {
  readonly kind: SocialRequest;
  /** The table a `join` (or `decline`) was for. */
  readonly table?: string;
  /** The message to send again (after the name is set, for `no_name`). */
  readonly message: ClientMessage;
  /** For `create_table` and `challenge`: what is being opened (to expect its table again on a retry). */
  readonly creating?: Creating;
}

export class PeopleControl {
  private readonly requests = new Map<number, SocialPending>();
  /** A table this page is about to enter: joined, or the rematch's new table. */
  protected expected: string | null = null;
  /** A `create_table` or `challenge` in flight: the next unknown `table` message I host is the new table. */
  protected creating: Creating | null = null;
  /** The finished table a rematch came from (the chat goes on at the new table). */
  private rematchFrom: string | null = null;
  /** What to do once the player has a name (the name dialog is open meanwhile). */
  protected afterName: (() => void) | null = null;
  /** Where "Back" in the lobby goes. */
  protected lobbyReturn: Screen = 'start';
  /** After a reconnect the player asked for (Multiplayer after inactivity): open the lobby. */
  protected lobbyAfterWelcome = false;
  private chatErrorTimer: number | undefined;
  private timerTicker: ReturnType<typeof setInterval> | null = null;
  private timerWarned = '';
  /** Quick match: asking again while waiting, and what its answers mean (quick.ts). */
  protected readonly quick = new QuickAsk();
  private fillWarned = '';

  constructor(protected readonly app: PeopleHost) {}

  protected get state(): AppState {
    return this.app.current;
  }

  onMessage(m: PeopleMessage): void {
    switch (m.t) {
      case 'table':
        this.onTable(m.table, m.info);
        return;
      case 'unwatched':
        if (m.table === this.app.watching) this.stopWatching(serverText(m));
        return;
      case 'chat':
        if (m.table === this.app.table || m.table === this.expected) {
          const { t: _t, ...line } = m;
          this.app.setSocial(applyChat(this.state.social, line));
        }
        return;
      case 'lobby':
        this.app.setSocial({ lobby: sortLobby(m.tables) });
        return;
      case 'lobby_update':
        this.app.setSocial({ lobby: applyLobbyUpdate(this.state.social.lobby, m.set, m.removed) });
        return;
      case 'rematch':
        if (m.table === this.app.table) {
          this.expected = m.next;
          this.rematchFrom = m.table;
        }
        return;
      case 'profile': {
        const profile = readUnread(m, readProfile);
        if (profile !== null) this.app.setSocial({ profile });
        return;
      }
      case 'rating': {
        const rating = readUnread(m, readRatingChange);
        if (rating !== null && rating.table === this.app.table) this.app.setSocial({ rating });
        return;
      }
      case 'challenge':
        this.onChallenge(m);
        return;
      case 'challenge_over': {
        const shown = askedChallenge(this.state);
        this.app.setSocial(dropChallenge(this.state.social, m.table));
        if (shown?.table === m.table && m.reason === 'withdrawn') this.app.notice(challengeWithdrawnText(shown.from.name), 'info');
        return;
      }
    }
  }

  /** The server answered `hello`; `noTable` when this page shows no table. */
  welcomed(noTable: boolean): void {
    this.quick.lost();
    if (this.lobbyAfterWelcome && noTable) {
      this.multiplayerThen(() => this.openLobby());
    } else if (this.state.screen === 'lobby') {
      // A new connection: listen to the lobby again.
      this.app.connection.send({ t: 'lobby', on: true });
    }
    this.lobbyAfterWelcome = false;
  }

  /** The connection is closed for good: no request in flight will be answered. */
  stopped(): void {
    this.requests.clear();
    this.quick.lost();
  }

  /** The page's `?join=CODE`, for a table it is not at: join it. */
  joinLink(code: string): void {
    this.multiplayerThen(() => this.join(code, false));
  }

  /** The page now shows `table`: true when it is the rematch of the one before (the chat goes on). */
  entering(table: string): boolean {
    const rematch = this.rematchFrom !== null && this.expected === table;
    if (this.expected === table) this.expected = null;
    this.rematchFrom = null;
    this.quick.entered();
    return rematch;
  }

  /** The page left its table: nothing is expected any more. */
  forgot(): void {
    this.expected = null;
    this.rematchFrom = null;
    this.syncTimerTicker();
  }

  // ---- what the player does with people ----

  /** Multiplayer needs storage (who I am) and a name; then `then` runs. */
  protected multiplayerThen(then: () => void): void {
    if (!this.state.storagePersistent) {
      this.app.message('no-storage', w('noStorageTitle'), [w('noStorage'), w('noStorageDetail')]);
      return;
    }
    this.requireName(then);
  }

  private requireName(then: () => void): void {
    if (this.state.social.name !== null) {
      then();
      return;
    }
    this.afterName = then;
    this.app.prompt({ kind: 'name', error: null });
  }

  /** The server took the name (`you` or the ack of `set_name`, whichever comes first). */
  nameAccepted(): void {
    const p = this.state.social.prompt;
    if (p?.kind !== 'name' || this.state.social.name === null) return;
    this.app.prompt(null);
    const then = this.afterName;
    this.afterName = null;
    then?.();
  }

  protected openLobby(): void {
    if (this.state.screen !== 'lobby') {
      this.lobbyReturn = this.state.screen === 'loading' || this.state.screen === 'lost' ? 'start' : this.state.screen;
    }
    this.app.set({ ...this.state, screen: 'lobby', dialog: null });
    this.app.connection.send({ t: 'lobby', on: true });
  }

  lobbyOff(): void {
    if (this.state.screen !== 'lobby') return;
    this.app.connection.send({ t: 'lobby', on: false });
    // No update keeps the listing true from now on: the next `lobby on` brings a new one.
    this.app.setSocial({ lobby: null });
  }

  /** Stops watching (forgetTable tells the server): back to the lobby, with the server's reason when it was the server's doing. */
  stopWatching(reason?: string): void {
    if (this.app.watching === null) return;
    this.app.forgetTable();
    this.openLobby();
    if (reason !== undefined) this.app.notice(reason, 'info');
  }

  protected join(table: string, confirm: boolean): void {
    this.multiplayerThen(() => {
      this.expected = table;
      this.request(confirm ? { t: 'join', table, confirm: true } : { t: 'join', table }, 'join', table);
    });
  }

  /** Sends a multiplayer request; its ack or error is routed by id. */
  protected request(message: ClientMessage, kind: SocialRequest, table?: string, busy = true): boolean {
    const id = this.app.sendRequest(message);
    if (id === null) return false;
    if (message.t === 'quick_match') this.quick.sent(id, this.app.now());
    const creating = (kind === 'create_table' || kind === 'challenge') && this.creating !== null ? this.creating : undefined;
    this.requests.set(id, {
      kind,
      message,
      ...(table === undefined ? {} : { table }),
      ...(creating === undefined ? {} : { creating }),
    });
    if (busy) this.app.setSocial({ request: kind });
    return true;
  }

  // ---- what the server says ----

  private onChallenge(m: Extract<ServerMessage, { t: 'challenge' }>): void {
    const { t: _t, ...challenge } = m;
    this.app.setSocial(addChallenge(this.state.social, challenge));
    if (askedChallenge(this.state) === null && this.state.social.challenges.length > 0) {
      // I said "Later" during this game: the question waits until it is over.
      this.app.notice(w('challengeLaterNotice', { name: m.from.name }), 'info');
    }
  }

  private onTable(table: string, info: TableInfo): void {
    const known =
      table === this.app.table ||
      table === this.expected ||
      (this.creating !== null && info.you === info.host) ||
      // Where quick match seated me (a new table, a join, or a move: quick.ts).
      (this.quick.seating && info.quick && info.you !== null);
    if (!known) return;
    if (info.watching === true) {
      this.onWatched(table, info);
      return;
    }
    if (table !== this.app.table) {
      this.app.enterTable(table);
      const created = this.creating;
      if (created === 'private' && info.kind === 'private') this.app.prompt({ kind: 'private-created', code: info.code });
      this.creating = null;
      this.lobbyOff();
      const p = this.state.social.prompt;
      const done = p?.kind === 'join-code' || p?.kind === 'confirm-blocked' || p?.kind === 'name';
      // A challenge sent from a person's panel: the waiting room says whom we wait for.
      if (done || (created === 'challenge' && p?.kind === 'player')) this.app.prompt(null);
    }
    const now = this.app.now();
    const asked = timerQuestion(this.state.social);
    let social = applyTableInfo(this.state.social, table, info, now);
    if (info.you !== null && social.sentReady !== null && this.state.game?.view.phase !== 'hand_over') {
      social = { ...social, sentReady: null };
    }
    this.app.set({ ...this.state, social });
    const asking = timerQuestion(social);
    if (asking !== null && asked === null) {
      this.app.announcer.say(`${w('timerQuestionTitle')} ${timerQuestionText(asking.map((seat) => seatName(info, seat)))}`);
    }
    // A table that ended before its game started (the last person left it, or nobody
    // was connected to it for a while and the server closed it) has nothing to wait for.
    // Its state says `waiting` (never started); a page without a view of its game
    // takes `finished` the same way.
    const closed =
      (info.ended === 'closed' || info.ended === 'abandoned') && (info.state === 'waiting' || this.state.game?.table !== table);
    if (info.you === null) {
      // Not seated any more (conceded, or left): back to the lobby. Unless on the way to
      // another table: the server takes a person out of the table they waited at when
      // they open or join another, and may say so before the new table's info arrives.
      if (isPeopleTable(social.table)) {
        const next = this.expected !== null && this.expected !== table ? this.expected : null;
        const quickMove = info.quick && this.quick.moving(now);
        const moving = next !== null || this.creating !== null || quickMove;
        this.app.forgetTable();
        if (moving) {
          this.expected = next;
          this.app.set({ ...this.state, screen: 'loading' });
          // Quick match may have moved me, or only said there was nowhere to go while
          // this table went for another reason: the lobby, unless a table comes soon.
          if (quickMove && next === null && this.creating === null) {
            setTimeout(() => {
              if (this.app.table !== null || this.state.screen !== 'loading') return;
              this.quick.entered();
              this.openLobby();
              if (closed) this.app.notice(tableClosedText(info.ended), 'info');
            }, SETTLE_MS);
          }
          return;
        }
        this.openLobby();
        // Left from another tab of mine (this one had not asked): say why the room went.
        if (closed) this.app.notice(tableClosedText(info.ended), 'info');
      }
      return;
    }
    if (closed && isPeopleTable(social.table)) {
      this.app.forgetTable();
      this.openLobby();
      this.app.notice(tableClosedText(info.ended), 'info');
      return;
    }
    if (info.state === 'waiting') {
      this.app.set({ ...this.state, screen: 'room', game: null });
    } else if (this.state.game?.table !== table) {
      if (this.state.screen === 'room') this.app.set({ ...this.state, screen: 'loading' });
      this.app.wantSnapshot(table);
    }
    if (info.state === 'finished' && info.next !== null && info.next !== this.expected && info.rematchVotes.includes(info.you)) {
      // The rematch started while this page was away: go to the new table.
      this.expected = info.next;
      this.rematchFrom = table;
      this.app.resume(info.next, null);
    }
    this.syncTimerTicker();
  }

  /** The info of the table I watch: it is shown once its snapshot, which follows, is here. */
  private onWatched(table: string, info: TableInfo): void {
    if (this.app.watching !== table) return;
    if (table !== this.app.table) {
      this.app.enterTable(table);
      this.lobbyOff();
      const p = this.state.social.prompt;
      if (p?.kind === 'join-code' || p?.kind === 'name') this.app.prompt(null);
    }
    const social = applyTableInfo(this.state.social, table, info, this.app.now());
    this.app.set({ ...this.state, social, screen: this.state.game?.table === table ? this.state.screen : 'loading' });
    this.syncTimerTicker();
  }

  /** Counts the turn timer down on screen while a clock runs at my table. */
  syncTimerTicker(): void {
    const t = this.state.social.table;
    // The turn timer, or a quick table's countdown to the computer players (and its asking again).
    const running = isPeopleTable(t) && (t.info.deadline !== null || (t.info.quick && t.info.state === 'waiting'));
    if (running && this.timerTicker === null) {
      this.timerTicker = setInterval(() => this.tickTimer(), TIMER_TICK_MS);
    } else if (!running && this.timerTicker !== null) {
      clearInterval(this.timerTicker);
      this.timerTicker = null;
    }
    if (running) this.tickTimer();
  }

  private tickTimer(): void {
    const s = this.state.social;
    const now = this.app.now();
    const before = timerSeconds(s.table, s.now);
    const after = timerSeconds(s.table, now);
    const fill = fillSeconds(s.table, now);
    if (before !== after || fill !== fillSeconds(s.table, s.now)) this.app.setSocial({ now });
    else this.app.setQuietly({ ...this.state, social: { ...s, now } });
    this.tickQuick(fill, now);
    const info = s.table?.info;
    if (!info || info.you === null || after === null || !info.waitingFor.includes(info.you)) return;
    const key = `${s.table?.table}:${s.table?.receivedAt}:${after}`;
    if (TIMER_WARNINGS.includes(after) && this.timerWarned !== key) {
      this.timerWarned = key;
      this.app.announcer.say(w('secondsLeft', { n: after }));
    }
  }

  /** A quick table's countdown, said at FILL_WARNINGS, and asking again for a table further along. */
  private tickQuick(fill: number | null, now: number): void {
    const t = this.state.social.table;
    const key = `${t?.table}:${fill}`;
    if (fill !== null && FILL_WARNINGS.includes(fill) && this.fillWarned !== key) {
      this.fillWarned = key;
      this.app.announcer.say(fillWarning(fill));
    }
    const from = this.quick.due(t, this.state.screen === 'room' && t?.table === this.app.table, now);
    if (t === null || from === null) return;
    this.request({ t: 'quick_match', rules: t.info.rules, timer: t.info.timer, from }, 'quick_match', undefined, false);
  }

  /** Routes the ack of a multiplayer request (any other id is not one). */
  onAck(id: number): void {
    const req = this.requests.get(id);
    if (req === undefined) return;
    this.requests.delete(id);
    if (this.state.social.request === req.kind) this.app.setSocial({ request: null });
    if (req.kind === 'quick_match') this.quick.answered(id, this.app.now());
    switch (req.kind) {
      case 'set_name':
        this.nameAccepted();
        return;
      case 'leave':
        this.app.forgetTable();
        this.openLobby();
        return;
      case 'concede':
        this.app.forgetTable();
        this.openLobby();
        this.app.notice(w('conceded'), 'info');
        return;
      case 'chat':
        // Sending works again: an earlier refusal no longer applies.
        if (this.state.social.chatError !== null) this.app.setSocial({ chatError: null });
        return;
      default:
        return;
    }
  }

  /** Shows why a chat line was refused, for `clearAfter` ms at most (when given). */
  private chatRefused(reason: string, clearAfter?: number): void {
    window.clearTimeout(this.chatErrorTimer);
    this.app.setSocial({ chatError: reason });
    if (clearAfter === undefined) return;
    this.chatErrorTimer = window.setTimeout(() => {
      if (this.state.social.chatError === reason) this.app.setSocial({ chatError: null });
    }, clearAfter);
  }

  /** Routes the refusal of a multiplayer request; false when it was not one. */
  onError(m: Extract<ServerMessage, { t: 'error' }>): boolean {
    const req = m.id === undefined ? undefined : this.requests.get(m.id);
    if (req === undefined || m.id === undefined) return false;
    this.requests.delete(m.id);
    if (this.state.social.request === req.kind) this.app.setSocial({ request: null });
    if (req.creating !== undefined) this.creating = null;
    if (req.kind === 'join' && this.expected === req.table) this.expected = null;
    if (req.kind === 'quick_match') {
      this.quick.refused(m.id);
      // Asking again while waiting is the page's own doing: its refusal says nothing new.
      if (req.message.t === 'quick_match' && req.message.from !== undefined) return true;
      if (m.code !== 'no_name' && m.code !== 'name_taken') {
        this.app.notice(serverText(m), 'error');
        return true;
      }
    }
    if (req.kind === 'watch' && this.app.table !== req.table && m.code !== 'no_name') {
      // Refused before it began: nothing to show (a refusal after a reconnect is app.ts's).
      if (this.expected === req.table) this.expected = null;
      if (this.app.watching === req.table) this.app.watching = null;
      this.app.notice(serverText(m), 'error');
      return true;
    }
    if (m.code === 'no_name' || m.code === 'name_taken') {
      // Asked for a name (or another one: someone at the table has a name that looks the
      // same as mine, in the server's words); then the request goes again.
      this.afterName = () => {
        if (req.creating !== undefined) this.creating = req.creating;
        this.request(req.message, req.kind, req.table);
      };
      this.app.prompt({ kind: 'name', error: m.code === 'name_taken' ? serverText(m) : null });
      return true;
    }
    if (req.kind === 'challenge') {
      // The server's reason says why ("Ada is not online right now", "You can't challenge
      // this player"): in the person's panel when it is open, else as a notice.
      const p = this.state.social.prompt;
      const to = req.message.t === 'challenge' ? req.message.player : null;
      if (p?.kind === 'player' && p.player === to) this.app.prompt({ ...p, error: serverText(m) });
      else this.app.notice(serverText(m), 'error');
      return true;
    }
    // A decline the server no longer knows: the challenge ended meanwhile (its `challenge_over` says how).
    if (req.kind === 'decline' && m.code === 'not_found') return true;
    switch (m.code) {
      case 'not_found':
        if (req.kind === 'join') this.app.message('not-found', w('notFoundTitle'), [w('notFound')]);
        else this.app.notice(serverText(m), 'error');
        return true;
      case 'full':
        this.app.message('full', w('fullTitle'), [w('full')]);
        return true;
      case 'blocked':
        this.app.message('blocked', w('blockedTitle'), [w('blocked')]);
        return true;
      case 'confirm_blocked': {
        const table = req.table ?? '';
        const entry = this.state.social.lobby?.find((e) => e.table === table);
        const names = entry ? blockedNames(entry, this.state.social.relations) : '';
        this.app.prompt({ kind: 'confirm-blocked', table, names, reason: serverText(m) });
        return true;
      }
      case 'rate_limited':
        // The chat's limit counts the last 10 seconds: its refusal is shown until a line
        // goes through or that long has passed. Other requests say so in a notice.
        if (req.kind === 'chat') this.chatRefused(serverText(m), CHAT_WINDOW_MS);
        this.app.notice(serverText(m), 'error');
        return true;
      default: {
        const p = this.state.social.prompt;
        if (req.kind === 'set_name' && p?.kind === 'name') this.app.prompt({ kind: 'name', error: serverText(m) });
        else if (req.kind === 'join' && p?.kind === 'join-code') this.app.prompt({ kind: 'join-code', error: serverText(m) });
        else if (req.kind === 'chat') {
          this.chatRefused(serverText(m));
          this.app.notice(serverText(m), 'error');
        } else this.app.notice(serverText(m), 'error');
        return true;
      }
    }
  }
}
