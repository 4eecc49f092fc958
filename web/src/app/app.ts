// The controller: owns the state, feeds server messages through the animation queue
// one at a time, and turns the player's clicks into protocol messages. Playing with
// people adds the lobby, names, tables with a waiting room, chat and the rest of
// docs/protocol.md "Playing with people"; their state lives in `state.social`, and
// social-control.ts handles them, in the lobby's chunk (downloaded when first needed).

import { announce, Announcer } from '../game/a11y';
import { centreOf, delay, flyFrom, pulse, sweepTo, type Point } from '../table/animate';
import { Connection, defaultSocketUrl, type SocketFactory } from '../net/connection';
import { saveBlob } from '../ui/dom';
import { emptyEntry, FairLedger, freshNonce } from '../state/fair';
import type { Card, ClientMessage, Look, MoonChoice, ServerMessage, TableInfo, Update, View } from '../net/types';
import { completeUpdate } from '../state/update';
import { DEFAULT_POLICY, inTrouble, secondsLeft, type ConnState, type ReconnectPolicy } from '../net/reconnect';
import type { Handlers } from '../state/handlers';
import { DAILY_PART, SOCIAL_PART } from '../table/parts';
import { TableView } from '../table/render';
import { INACTIVITY_TEXT, REMOVED_TEXT, SOLO_INACTIVITY_TEXT, type SocialHandlers } from '../people/social-words';
import type { PeopleHost, PeopleMessage, SocialControl } from '../people/social-control';
import type { ConsoleIntent, ConsoleView } from '../parts/console/console-part';
import type { DailyControl, DailyHost } from '../parts/daily/daily-part';
import { BackButton, type Layer } from '../ui/history';
import { Part, PART_FAILED_TEXT } from '../ui/lazy';
import { unlockedWords } from '../game/achievement-words';
import { illegalReason } from '../game/rules';
import { newGameOptions, saveSettings, timing, type Settings, type Timing } from '../state/settings';
import { applyTableInfo, codeFromInput, isPeopleTable, type MessageId, type Prompt, type Social } from '../state/social';
import {
  applySnapshot,
  applyUpdate,
  canAskHint,
  hintShown,
  atPeopleTable,
  canChoosePass,
  checkVersion,
  clearHeldTrick,
  clearHighlight,
  dismissMoon,
  initialState,
  isMyTurnToPlay,
  settlePartial,
  passReady,
  toggleSelect,
  uiMode,
  withNotice,
  type AppState,
  type Dialog,
  type PendingKind,
  type HintState,
  type ReplayStart,
  type ReplayState,
} from '../state/state';
import { clearIdentity, loadIdentity, saveIdentity, type KeyValueStore } from '../state/storage';

type TableMessage = Extract<ServerMessage, { t: 'snapshot' }> | Update;

const NOTICE_MS = 3500;
/** Lines said before the console is first opened that it shows then (its log keeps 300). */
const CONSOLE_BACKLOG = 200;

/** The console's panel and what it understands (console-part.ts), downloaded when it first opens. */
export const CONSOLE_PART = new Part(() => import('../parts/console/console-part'));
/** How long to wait for the snapshot the server sends on its own before asking for one. */
const SNAPSHOT_GRACE_MS = 600;
/** How long a view waits for the rest of its change's events (state.ts, `partial`). */
const PARTIAL_MS = 1500;
const HIGHLIGHT_MS = 3000;
/** When the server could not check who I am (its database is away), hello goes again after this. */
const HELLO_RETRY_MS = 3000;
/** ... and after this when it made no new player for my address just now. */
const HELLO_RETRY_LIMITED_MS = 20000;
/** More queued events than this are shown without animation, to catch up. */
const CATCH_UP_QUEUE = 8;
/**
 * A table that waits on someone else and says nothing for this long may have lost a frame
 * on its way (between the servers of a cluster, while Redis was away): the page asks for
 * what came after its last version. Each quiet ask doubles the wait, up to QUIET_MAX_MS;
 * anything the table says sets it back. A page whose turn it is never asks.
 */
export const QUIET_MS = 10_000;
const QUIET_MAX_MS = 80_000;

export interface AppOptions {
  readonly root: HTMLElement;
  readonly store: KeyValueStore;
  readonly settings: Settings;
  readonly url?: string;
  readonly socketFactory?: SocketFactory;
  readonly policy?: ReconnectPolicy;
  /** The `?join=CODE` of the page's address: join that private table once connected. */
  readonly joinCode?: string | null;
  /** The `?watch=CODE` of the page's address: watch that table once connected. */
  readonly watchCode?: string | null;
  /** A shared game's link id (`?replay=<share>`): its replay opens at once. */
  readonly replayLink?: string | null;
  /** `location.origin`, for the join links of private tables. */
  readonly origin?: string;
  /** The clock (tests pass a fake). */
  readonly now?: () => number;
  /** `fetch`, for the game record (tests pass a fake). */
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** Where a finished game's record is served; who asks goes in a header, never here. */
function forgetReplayLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('replay')) return;
  url.searchParams.delete('replay');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** Where anyone fetches a shared game (docs/protocol.md, "Replays and share links"). */
export function sharedReplayPath(link: string): string {
  return `/api/replays/${encodeURIComponent(link)}`;
}

/** The answer of `/api/replays/<share>` as a ready replay, or why it is not one. */
export function sharedReplay(loading: ReplayState, body: unknown): ReplayState {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  const names = o?.['names'];
  const ok = Array.isArray(names) && names.length === 4 && names.every((n) => typeof n === 'string');
  if (o === null || !('record' in o)) return { ...loading, status: 'failed', error: 'Could not read the game: the server sent something that is not a shared game.' };
  return { ...loading, status: 'ready', record: o['record'], names: ok ? (names as [string, string, string, string]) : null };
}

export function recordPath(table: string): string {
  return `/api/games/${encodeURIComponent(table)}/record.json`;
}

/**
 * The page's controller. What is not private here is for social-control.ts, which
 * handles playing with people (PeopleHost).
 */
export class App implements PeopleHost, DailyHost {
  private state: AppState;
  readonly view: TableView;
  readonly connection: Connection;
  readonly announcer: Announcer;
  /** The hidden console: the game played by typing (console.ts); ` opens it. */
  /** The console, once it has been opened (its chunk is downloaded then: CONSOLE_PART). */
  private console: ConsoleView | null = null;
  /** What was said before the console was first opened: its log starts with these. */
  private consoleBacklog: string[] = [];
  private readonly store: KeyValueStore;
  private readonly policy: ReconnectPolicy;
  private readonly queue: TableMessage[] = [];
  private running = false;
  /** The table and newest version received (queued or shown), for resume and gaps. */
  table: string | null = null;
  private lastVersion = -1;
  /** The last view received (not yet shown, perhaps): an update's view is completed from it. */
  private lastView: View | null = null;
  /** Version after which the pending action counts as done (from its ack). */
  private ackedVersion: number | null = null;
  private nextId = 1;
  /** Back closes the lobby or a dialog (history.ts). */
  private readonly back = new BackButton(window, (layer) => {
    if (layer === 'lobby' && this.state.screen === 'lobby') this.people()?.closeLobby();
    else if (layer.startsWith('dialog:') && this.state.dialog !== null) {
      if (this.state.dialog === 'replay' && this.state.replay?.link) forgetReplayLink();
      // As with its ×, a replay opened from the review or the daily board goes back to it,
      // which has an entry of its own again (history.ts).
      this.set({ ...this.state, dialog: dialogUnder(this.state) });
    }
  });
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private helloRetry: ReturnType<typeof setTimeout> | null = null;
  private welcomed = false; // the server answered this connection's hello
  private highlightTimer: ReturnType<typeof setTimeout> | null = null;
  private partialTimer: ReturnType<typeof setTimeout> | null = null;
  private turnAnnounced = '';
  /** The request id of the last resume, to recognise "table not found". */
  private resumeId: number | null = null;
  /** The `stats` request the Statistics dialog waits for. */
  private statsId: number | null = null;
  /** The `share` request in flight (the Replay dialog's "Share"). */
  private shareId: number | null = null;
  /** The `hint` request in flight. */
  private hintId: number | null = null;
  /** The `review` request in flight. */
  private reviewId: number | null = null;
  /** The `achievements` request the Achievements dialog waits for. */
  private achievementsId: number | null = null;
  /** The `set_look` in flight, and the look before it (put back if it is refused). */
  private lookId: number | null = null;
  private lookBefore: Look | null = null;
  /** The resume in flight (no second one for the same gap), by table. */
  private resumeTable: string | null = null;
  private joinCode: string | null;
  /** The `?watch=CODE` of the page's address: watch that table once connected. */
  private watchCode: string | null;
  /** The table this page watches (it has no seat there), or null. */
  watching: string | null = null;
  private readonly replayLink: string | null;
  private snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  /** Runs out when the table has been quiet for `quietMs` (watchQuiet). */
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private quietMs = QUIET_MS;
  /** The handling of playing with people (social-control.ts), once its part is here: `people()`. */
  private peopleControl: SocialControl | null = null;
  /**
   * While that part is being downloaded for something that needs it: that, and all the
   * connection reported meanwhile, to be done in order once the part is here.
   */
  private held: (() => void)[] | null = null;
  /** The part could not be downloaded: what waited for it is dropped (the player was told). */
  private peopleFailed = false;
  /** The daily deal's handling (daily-part.ts), once its part is here. */
  private dailyControl: DailyControl | null = null;
  private readonly origin: string;
  readonly now: () => number;
  private readonly fetcher: (url: string, init: RequestInit) => Promise<Response>;
  /** A record download in flight: another click waits for it. */
  private downloading = false;
  /** The commitments to the deals, as received (docs/protocol.md, "Fair deals"). */
  private readonly fair: FairLedger;
  /**
   * The latest `next_deal` of this connection: the commitment to the salt of its next
   * solo game, before this page chose its number ("Nobody picks the seed"). Null once used.
   */
  private nextDeal: string | null = null;
  /** The `new_game` in flight that carried a number: its id, that commitment, and the number. */
  private mixing: { readonly id: number; readonly commit: string; readonly nonce: string } | null = null;
  /** Reconnecting after an inactivity close because the player acted (`wake`). */
  private waking = false;

  constructor(options: AppOptions) {
    this.store = options.store;
    this.fair = new FairLedger(options.store);
    this.state = initialState(options.settings, options.store.persistent);
    this.policy = options.policy ?? DEFAULT_POLICY;
    this.joinCode = options.joinCode ? codeFromInput(options.joinCode) || null : null;
    this.watchCode = options.watchCode ? codeFromInput(options.watchCode) || null : null;
    this.replayLink = options.replayLink ?? null;
    this.origin = options.origin ?? window.location.origin;
    this.now = options.now ?? (() => Date.now());
    this.fetcher = options.fetch ?? ((url, init) => window.fetch(url, init));
    this.view = new TableView(options.root, this.handlers());
    this.announcer = new Announcer(this.view.announcerEl);
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || this.console?.isOpen === true) return;
      if (e.key === '`') {
        e.preventDefault();
        this.openConsole();
      } else if ((e.key === 'h' || e.key === 'H') && this.state.dialog === null && canAskHint(this.state)) {
        e.preventDefault();
        this.askHint();
      }
    });
    this.connection = new Connection(
      options.url ?? defaultSocketUrl(),
      {
        state: (c) => this.inTurn(() => this.onConnState(c)),
        open: () => this.inTurn(() => this.onOpen()),
        message: (m) => this.inTurn(() => this.onMessage(m)),
        badMessage: (error) => console.warn(`hearts: refused a server message: ${error}`),
      },
      this.policy,
      options.socketFactory,
    );
    this.render();
  }

  start(): void {
    this.connection.start();
    if (this.replayLink !== null) void this.openSharedReplay(this.replayLink);
  }

  /** For tests and debugging: the state on screen. */
  get current(): AppState {
    return this.state;
  }

  private render(): void {
    this.view.render(this.state);
    if (uiMode(this.state) === 'my-turn' && this.state.game) {
      const key = `${this.state.game.table}:${this.state.game.version}`;
      if (key !== this.turnAnnounced) {
        this.turnAnnounced = key;
        this.say('Your turn.');
        const part = CONSOLE_PART.get();
        if (part !== null && this.console !== null) this.console.print(part.consoleAnswer('legal', this.state).lines);
      }
    }
  }

  set(s: AppState): void {
    this.state = s;
    this.render();
    this.back.sync(layerOf(s));
  }

  /** Changes the state without drawing it again: nothing on screen changes. */
  setQuietly(s: AppState): void {
    this.state = s;
  }

  setSocial(change: Partial<Social>): void {
    this.set({ ...this.state, social: { ...this.state.social, ...change } });
  }

  prompt(p: Prompt | null): void {
    this.setSocial({ prompt: p });
  }

  message(id: MessageId, title: string, lines: readonly string[]): void {
    this.prompt({ kind: 'message', id, title, lines });
  }

  // ---- playing with people (social-control.ts) ----

  /** The handling of playing with people, once its part (render.ts, SOCIAL_PART) is here. */
  private people(): SocialControl | null {
    const part = SOCIAL_PART.get();
    if (part !== null) this.peopleControl ??= new part.SocialControl(this);
    return this.peopleControl;
  }

  /**
   * Runs `f` with the handling of playing with people: at once when its part is here,
   * else once it is downloaded. What the connection reports meanwhile waits for it, so
   * that everything is done in the order it came.
   */
  withPeople(f: (p: SocialControl) => void): void {
    if (this.held !== null) {
      this.held.push(() => this.withPeople(f));
      return;
    }
    const people = this.people();
    if (people !== null) {
      f(people);
      return;
    }
    if (this.peopleFailed) return;
    this.held = [() => this.withPeople(f)];
    SOCIAL_PART.load().then(
      () => this.release(false),
      () => {
        this.notice(PART_FAILED_TEXT, 'error');
        this.release(true);
      },
    );
  }

  /** Runs `f` with the daily deal's handling: at once when its part is here, else once it is downloaded. */
  private withDaily(f: (d: DailyControl) => void): void {
    const run = (m: typeof import('../parts/daily/daily-part')): void => f((this.dailyControl ??= new m.DailyControl(this)));
    const part = DAILY_PART.get();
    if (part !== null) run(part);
    else DAILY_PART.load().then(run, () => this.notice(PART_FAILED_TEXT, 'error'));
  }

  /** Runs `f` now, or after what waits for the part of playing with people. */
  private inTurn(f: () => void): void {
    if (this.held !== null) this.held.push(f);
    else f();
  }

  /** Does what waited for the part of playing with people; if it could not come, all but what needs it. */
  private release(failed: boolean): void {
    const held = this.held ?? [];
    this.held = null;
    this.peopleFailed = failed;
    for (const f of held) f();
    this.peopleFailed = false;
  }

  // ---- connection ----

  private onConnState(c: ConnState): void {
    const was = this.state.conn.kind;
    this.set({ ...this.state, conn: c, giveUpIn: secondsLeft(c, Date.now(), this.policy) });
    if ((inTrouble(c) || c.kind === 'stopped') && this.state.pending !== null) this.set({ ...this.state, pending: null });
    if (c.kind !== 'open' && this.state.social.request !== null) this.setSocial({ request: null });
    // A hint asked on a connection that went will not come: it can be asked again.
    if (c.kind !== 'open' && this.state.hint?.status === 'asking') {
      this.hintId = null;
      this.set({ ...this.state, hint: null });
    }
    if (c.kind === 'stopped' && was !== 'stopped') {
      this.people()?.stopped();
      const s = this.state;
      if (s.screen === 'lobby' || s.screen === 'room' || atPeopleTable(s)) {
        // A lobby nobody updates any more is no place to stay: "Multiplayer" brings it back.
        if (s.screen === 'lobby') this.set({ ...this.state, screen: 'start', social: { ...this.state.social, lobby: null } });
        this.message('inactivity', 'Disconnected', [INACTIVITY_TEXT]);
      } else {
        // A solo game (or the start screen) waits for nobody: no dialog in the way, the
        // player's next action reconnects (`wake`).
        this.notice(SOLO_INACTIVITY_TEXT, 'info');
      }
    } else if (c.kind === 'open' && this.waking) {
      this.waking = false;
      // The welcome that follows resumes the table; what it shows is the game as it is.
      this.notice('Reconnected.', 'info');
    }
  }

  /**
   * The server closed the connection for inactivity, and the page does not come back by
   * itself (it would be closed again, and keep a server busy for a page nobody looks
   * at). An action of the player is the sign to come back: reconnect, and the welcome
   * resumes the table as it was. The action itself is not sent: the player sees the
   * table again and acts on what it shows. True when it reconnects.
   */
  wake(): boolean {
    if (this.state.conn.kind !== 'stopped') return false;
    const p = this.state.social.prompt;
    if (p?.kind === 'message' && p.id === 'inactivity') this.prompt(null);
    this.waking = true;
    this.connection.retry();
    this.notice('Reconnecting…', 'info');
    return true;
  }

  private onOpen(): void {
    this.welcomed = false;
    if (this.helloRetry !== null) clearTimeout(this.helloRetry);
    this.helloRetry = null;
    // The server asks again about every challenge still open after `hello`; those that
    // ended while this page was away are gone.
    if (this.state.social.challenges.length > 0) this.setSocial({ challenges: [] });
    const id = loadIdentity(this.store);
    this.connection.send(id ? { t: 'hello', player: id.player, token: id.token } : { t: 'hello' });
  }

  /** Asks for the table from `since` (or a snapshot when null). */
  resume(table: string, since: number | null): void {
    const id = this.nextId++;
    this.resumeId = id;
    this.resumeTable = table;
    // A watcher comes back by watching again: a snapshot a trick late.
    if (this.watching === table) {
      this.connection.send({ t: 'watch', table, on: true, id });
      return;
    }
    const from = since !== null && since >= 0 ? since : null;
    this.connection.send(from === null ? { t: 'resume', table, id } : { t: 'resume', table, since: from, id });
  }

  /** (Re)starts the wait for the table's next word (QUIET_MS). */
  private watchQuiet(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.onQuiet(), this.quietMs);
  }

  /**
   * The table said nothing for a while. When it waits on someone else (or on the answer
   * to this page's own action), a frame may have been lost: ask for what came after the
   * last version, and take an action whose answer never came as answered by what that
   * shows (doing it again is refused harmlessly if it was done).
   */
  private onQuiet(): void {
    this.quietTimer = null;
    const table = this.table;
    const v = this.lastView;
    if (table === null || v === null || this.watching === table || v.phase === 'game_over') return;
    if (!this.welcomed) {
      this.watchQuiet(); // the reconnection resumes the table anyway
      return;
    }
    const pending = this.state.pending;
    const mine = (v.phase === 'pass' && v.passed.length === 0) || ((v.phase === 'play' || v.phase === 'moon') && v.toMove === v.seat);
    if (mine && pending === null) {
      this.watchQuiet();
      return;
    }
    if (pending !== null && pending.kind !== 'new_game' && pending.kind !== 'resume') {
      this.ackedVersion = null;
      this.set({ ...this.state, pending: null });
    }
    this.resumeTable = null; // a resume whose answer was lost too
    this.resume(table, this.lastVersion);
    this.quietMs = Math.min(this.quietMs * 2, QUIET_MAX_MS);
    this.watchQuiet();
  }

  /** Asks for what was missed at the current table, once per gap. */
  private catchUp(): void {
    if (this.table === null || this.resumeTable === this.table) return;
    this.resume(this.table, this.lastVersion);
  }

  /**
   * The table plays but this page has no view of it yet: the server usually sends the
   * snapshot on its own (start, join, rematch); ask for one if it does not come soon.
   */
  wantSnapshot(table: string, now = false): void {
    if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    const ask = (): void => {
      this.snapshotTimer = null;
      if (this.table === table && this.state.game?.table !== table && this.resumeTable !== table) this.resume(table, null);
    };
    if (now) ask();
    else this.snapshotTimer = setTimeout(ask, SNAPSHOT_GRACE_MS);
  }

  /** Asks the server for the player's statistics (they live there, not in the browser). */
  private askStats(): void {
    const id = this.nextId++;
    const previous = this.state.stats.data;
    if (!this.connection.send({ t: 'stats', id })) {
      this.wake();
      this.set({ ...this.state, stats: { loading: false, data: previous, error: 'Not connected to the server: your statistics show once it is back.' } });
      return;
    }
    this.statsId = id;
    this.set({ ...this.state, stats: { loading: true, data: previous, error: null } });
  }

  /** Asks the server for the achievements (it awards them; the page only shows them). */
  private askAchievements(): void {
    const id = this.nextId++;
    const list = this.state.achievements.list;
    if (!this.connection.send({ t: 'achievements', id })) {
      this.wake();
      this.set({ ...this.state, achievements: { loading: false, list, error: 'Not connected to the server: your achievements show once it is back.' } });
      return;
    }
    this.achievementsId = id;
    this.set({ ...this.state, achievements: { loading: true, list, error: null } });
  }

  /** Puts on a face and an item; the server checks the item is mine to wear. */
  private setLook(look: Look): void {
    const id = this.nextId++;
    if (!this.connection.send({ t: 'set_look', face: look.face, wearing: look.wearing, id })) {
      this.wake();
      this.notice('Not connected to the server: try again once it is back.', 'error');
      return;
    }
    this.lookId = id;
    this.lookBefore = this.state.look;
    // Shown at once; the server's `look` confirms it (or an error puts it back).
    this.set({ ...this.state, look });
  }

  /** Sends `message` with a new id: the id, or null when it could not go (and the player is told). */
  sendRequest(message: ClientMessage): number | null {
    const id = this.nextId++;
    if (this.connection.send({ ...message, id })) return id;
    if (!this.wake()) this.notice('Not connected to the server yet — try again in a moment', 'error');
    return null;
  }

  send(message: ClientMessage, kind: PendingKind | null): boolean {
    const id = this.sendRequest(message);
    if (id === null) return false;
    if (kind !== null) {
      this.ackedVersion = null;
      this.set({ ...this.state, pending: { id, kind } });
    }
    return true;
  }

  private onMessage(m: ServerMessage): void {
    if ('table' in m && m.table === this.table) this.watchQuiet();
    const people = forPeople(m);
    if (people !== null) {
      this.withPeople((p) => p.onMessage(people));
      return;
    }
    switch (m.t) {
      case 'welcome':
        this.onWelcome(m);
        return;
      case 'snapshot':
        // A watcher's view of a table this page no longer watches (it came before the server heard so).
        if (m.view.watching === true && this.watching !== m.table) return;
        if (m.table !== this.table) this.enterTable(m.table);
        // The game is shown now (it may have started while the player looked at the lobby).
        this.people()?.lobbyOff();
        if (this.resumeTable === m.table) this.resumeTable = null;
        if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer);
        this.snapshotTimer = null;
        this.table = m.table;
        this.lastVersion = m.v;
        this.lastView = m.view;
        this.quietMs = QUIET_MS;
        this.watchQuiet();
        // The game this page mixed its number into: kept with the commitment it had before.
        if (this.mixing !== null && this.state.pending?.id === this.mixing.id && m.view.watching !== true && m.daily === null) {
          this.fair.mixed(m.table, this.mixing.commit, this.mixing.nonce);
          this.mixing = null;
        }
        // A watcher keeps no ledger: it was dealt no cards to check.
        if (m.fair !== null && m.view.watching !== true) {
          // Early only while no card of the hand has left it: after that, the hidden cards
          // could have been changed before this commitment was made.
          const dealt = m.fair.hand === m.view.hand ? dealtCards(m.view) : null;
          this.fair.deal(m.table, m.fair.hand, m.fair.commit, dealt, dealt !== null);
          if (m.fair.reveal !== null) this.fair.reveal(m.table, m.fair.reveal.seed, m.fair.reveal.salt, m.view.hand, m.fair.reveal.nonce);
        }
        // Nothing queued before a snapshot matters any more.
        this.queue.length = 0;
        this.enqueue(m);
        return;
      case 'update':
        if (m.table === this.table && this.lastVersion < 0) {
          // The game started (or went on) before this page had a view of it.
          this.wantSnapshot(m.table, true);
          return;
        }
        switch (checkVersion(this.table, this.lastVersion, m)) {
          case 'apply': {
            const full = completeUpdate(m, this.lastView);
            if (full === null) {
              // Nothing to complete its view from (cannot happen after a snapshot).
              this.catchUp();
              return;
            }
            this.lastVersion = m.v;
            this.lastView = full.view;
            this.quietMs = QUIET_MS;
            const ev = full.event;
            if (full.view.watching === true) {
              this.enqueue(full);
              return;
            }
            if (ev.kind === 'deal' && ev.commit !== null) this.fair.deal(m.table, ev.hand, ev.commit, ev.hand === full.view.hand ? dealtCards(full.view) : null, true);
            if (ev.kind === 'game_over' && ev.fair !== null) this.fair.reveal(m.table, ev.fair.seed, ev.fair.salt, full.view.hand, ev.fair.nonce);
            this.enqueue(full);
            return;
          }
          case 'gap':
            this.catchUp();
            return;
          case 'stale':
          case 'other_table':
            return;
        }
        return;
      case 'ack':
        if (m.id === this.resumeId) this.resumeTable = null;
        this.people()?.onAck(m.id);
        if (this.state.pending?.id === m.id) {
          this.ackedVersion = m.v;
          this.settlePending();
        }
        return;
      case 'error':
        // A refused new_game used no salt: its commitment holds for the next one (unless
        // the server said there is none, or sent a fresh one already).
        if (this.mixing !== null && m.id === this.mixing.id) {
          if (this.nextDeal === null && m.code !== 'state') this.nextDeal = this.mixing.commit;
          this.mixing = null;
        }
        this.onError(m);
        return;
      case 'pong':
        return;
      case 'next_deal':
        this.nextDeal = m.commit;
        return;
      case 'table':
        this.onSoloTable(m.table, m.info);
        return;
      case 'relations': {
        const { t: _t, ...relations } = m;
        this.setSocial({ relations });
        return;
      }
      case 'removed':
        if (m.table === this.table) {
          this.message('removed', 'Disconnected', [REMOVED_TEXT, 'Your seat is yours again: you are back in the game.']);
        }
        return;
      case 'you':
        this.setSocial({ player: m.player, name: m.name });
        this.people()?.nameAccepted();
        return;
      case 'stats': {
        const { t: _t, ...data } = m;
        this.statsId = null;
        this.set({ ...this.state, stats: { loading: false, data, error: null } });
        return;
      }
      case 'achievements':
        this.achievementsId = null;
        this.set({ ...this.state, look: m.look, achievements: { loading: false, list: m.list, error: null } });
        return;
      case 'achievement': {
        const { t: _t, table: _table, ...earned } = m;
        if (this.state.unlocked.some((a) => a.id === earned.id)) return;
        this.set({ ...this.state, unlocked: [...this.state.unlocked, earned] });
        // The card appears without taking the focus: a screen reader hears it here.
        const words = unlockedWords(earned);
        this.announcer.say(`${words.heading}. ${words.text} ${words.question}`);
        // An open list is out of date now.
        if (this.state.dialog === 'achievements') this.askAchievements();
        return;
      }
      case 'look':
        this.set({ ...this.state, look: m.look });
        return;
      case 'review': {
        const r = this.state.review;
        if (r === null || r.table !== m.table) return;
        this.reviewId = null;
        const { t: _t, ...data } = m;
        this.set({ ...this.state, review: { ...r, status: 'ready', data, error: null } });
        return;
      }
      case 'hint': {
        const h = this.state.hint;
        if (h === null || h.table !== m.table || h.status !== 'asking' || m.v < h.version) return;
        this.hintId = null;
        this.set({ ...this.state, hint: { ...h, status: 'ready', action: m.action, cards: m.cards, text: m.text } });
        // Said only while it is still about the position on screen.
        if (hintShown(this.state) !== null) this.say(m.text);
        return;
      }
      case 'daily':
        this.dailyControl?.onBoard(m);
        return;
      case 'shared': {
        const r = this.state.replay;
        if (r === null || r.table !== m.table) return;
        this.shareId = null;
        const sharing = m.share === null ? ({ status: 'waiting', waiting: m.waiting } as const) : ({ status: 'ready', share: m.share } as const);
        this.set({ ...this.state, replay: { ...r, sharing } });
        return;
      }
    }
  }

  private onWelcome(m: Extract<ServerMessage, { t: 'welcome' }>): void {
    this.welcomed = true;
    // A new connection: its own next_deal follows; what the last one had is no longer the server's.
    this.nextDeal = null;
    this.mixing = null;
    saveIdentity(this.store, { player: m.player, token: m.token });
    this.resumeTable = null;
    this.setSocial({ player: m.player, name: m.name, relations: m.relations });
    this.set({ ...this.state, look: m.look });
    // Open over a lost connection: a request sent before it was lost has no answer coming.
    if (this.state.dialog === 'stats') this.askStats();
    if (this.state.dialog === 'achievements') this.askAchievements();
    const code = this.joinCode;
    this.joinCode = null;
    const watch = this.watchCode;
    this.watchCode = null;
    if (this.table !== null) {
      this.resume(this.table, this.lastVersion);
    } else if (watch !== null) {
      this.set({ ...this.state, screen: 'start' });
      this.withPeople((p) => p.watch(watch));
    } else if (code !== null) {
      if (m.tables.includes(code)) {
        this.table = code;
        this.lastVersion = -1;
        this.lastView = null;
        this.resume(code, null);
      } else {
        this.set({ ...this.state, screen: 'start' });
        this.withPeople((p) => p.joinLink(code));
      }
    } else if (m.tables[0] !== undefined) {
      // This page shows that table from now on: what comes before its snapshot (its
      // `table`, `removed`, the chat) belongs to it.
      this.table = m.tables[0];
      this.lastVersion = -1;
      this.lastView = null;
      this.resume(m.tables[0], null);
    } else if (this.state.screen !== 'lobby') {
      this.set({ ...this.state, screen: this.state.screen === 'lost' ? 'lost' : 'start' });
    }
    this.people()?.welcomed(this.table === null);
    this.dailyControl?.welcomed();
  }

  // ---- tables ----

  /** This page now shows `table` (another than before): forget the old one. */
  enterTable(table: string): void {
    this.endWatching(table);
    const rematch = this.people()?.entering(table) ?? false;
    this.table = table;
    this.lastVersion = -1;
    this.lastView = null;
    this.queue.length = 0;
    this.resumeTable = null;
    const social = this.state.social;
    const keep = social.table?.table === table ? social.table : null;
    this.setSocial({
      table: keep,
      chat: rematch ? social.chat : [],
      chatError: null,
      unread: rematch ? social.unread : 0,
      sentReady: null,
      sentRematch: null,
      declinedVotes: null,
    });
    if (this.state.game !== null && this.state.game.table !== table) this.set({ ...this.state, game: null, selected: [] });
    this.people()?.syncTimerTicker();
  }

  /** A solo game's `table` (its seats, with their looks); a table with people's is social-control.ts's. */
  private onSoloTable(table: string, info: TableInfo): void {
    if (table !== this.table) return;
    this.setSocial(applyTableInfo(this.state.social, table, info, this.now()));
    if (info.you !== null && this.state.game?.table !== table) this.wantSnapshot(table);
  }

  /** Leaves the table on this page (after leave, concede, or the end of a game). */
  /** Stops watching (the server is told), unless it is `keep` that is watched. */
  private endWatching(keep: string | null = null): void {
    if (this.watching === null || this.watching === keep) return;
    this.connection.send({ t: 'watch', table: this.watching, on: false });
    this.watching = null;
  }

  forgetTable(): void {
    this.endWatching();
    this.table = null;
    this.lastVersion = -1;
    this.lastView = null;
    this.queue.length = 0;
    this.resumeTable = null;
    this.set({
      ...this.state,
      game: null,
      selected: [],
      pending: null,
      social: { ...this.state.social, table: null, chat: [], unread: 0, chatError: null, sentReady: null, sentRematch: null },
    });
    this.people()?.forgot();
  }

  private onError(m: Extract<ServerMessage, { t: 'error' }>): void {
    const pending = this.state.pending;
    const mine = pending !== null && m.id !== undefined && pending.id === m.id;
    if (mine) this.set({ ...this.state, pending: null });
    if (m.id !== undefined && m.id === this.resumeId) {
      this.resumeTable = null;
      if (this.watching !== null) {
        // Watching again (after a reconnect or a gap) was refused: the table is over, or
        // no longer allows watchers. Back to the lobby, with the server's reason.
        this.resumeId = null;
        const reason = m.reason;
        this.withPeople((p) => p.stopWatching(reason));
        return;
      }
    }
    if (m.id !== undefined && m.id === this.reviewId) {
      this.reviewId = null;
      const r = this.state.review;
      if (r !== null) this.set({ ...this.state, review: { ...r, status: 'failed', error: m.reason } });
      return;
    }
    if (m.id !== undefined && m.id === this.hintId) {
      this.hintId = null;
      const h = this.state.hint;
      if (h !== null) this.set({ ...this.state, hint: { ...h, status: 'failed', text: m.reason } });
      return;
    }
    if (m.id !== undefined && m.id === this.shareId) {
      this.shareId = null;
      const r = this.state.replay;
      if (r !== null) this.set({ ...this.state, replay: { ...r, sharing: { status: 'failed', error: m.reason } } });
      return;
    }
    if (m.id !== undefined && m.id === this.statsId) {
      this.statsId = null;
      this.set({ ...this.state, stats: { loading: false, data: this.state.stats.data, error: m.reason } });
      return;
    }
    if (m.id !== undefined && m.id === this.achievementsId) {
      this.achievementsId = null;
      this.set({ ...this.state, achievements: { loading: false, list: this.state.achievements.list, error: m.reason } });
      return;
    }
    if (m.id !== undefined && m.id === this.lookId) {
      this.lookId = null;
      if (this.lookBefore !== null) this.set({ ...this.state, look: this.lookBefore });
      this.notice(m.reason, 'error');
      return;
    }
    if (this.dailyControl?.onError(m) === true || this.people()?.onError(m) === true) return;
    if ((m.code === 'server' || m.code === 'rate_limited') && !this.welcomed && m.id === undefined) {
      // The server could not check who I am (its database is away for a moment), or made
      // no new player just now: that is not a "no", so the identity stays and hello goes
      // again a little later.
      this.notice(m.reason, 'error');
      if (this.helloRetry === null) {
        this.helloRetry = setTimeout(
          () => {
            this.helloRetry = null;
            if (!this.welcomed && this.connection.current.kind === 'open') this.onOpen();
          },
          m.code === 'rate_limited' ? HELLO_RETRY_LIMITED_MS : HELLO_RETRY_MS,
        );
      }
      return;
    }
    switch (m.code) {
      case 'auth':
        // Unknown player or wrong token: start over as a new player.
        clearIdentity(this.store);
        this.connection.send({ t: 'hello' });
        return;
      case 'not_found':
        if (m.id !== undefined && m.id === this.resumeId) {
          this.forgetTable();
          this.set({ ...this.state, game: null, screen: 'lost' });
          return;
        }
        this.notice(m.reason, 'error');
        return;
      default:
        // A refused card or pass is about the hand; anything else answers the page.
        this.notice(m.reason, 'error', mine && (pending.kind === 'play' || pending.kind === 'pass') ? 'hand' : 'page');
        if (this.table && (m.code === 'illegal' || m.code === 'not_your_turn')) {
          // Our view may be behind: ask for what we missed.
          this.catchUp();
        }
    }
  }

  /** The pending action is done once its ack arrived and its version is on screen. */
  private settlePending(): void {
    const p = this.state.pending;
    const shown = this.state.game?.version ?? -1;
    if (p !== null && this.ackedVersion !== null && shown >= this.ackedVersion && !this.running) {
      this.ackedVersion = null;
      this.set({ ...this.state, pending: null });
    }
  }

  // ---- the event queue ----

  private enqueue(m: TableMessage): void {
    this.queue.push(m);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    this.set({ ...this.state, busy: true });
    try {
      while (this.queue.length > 0) {
        const m = this.queue.shift() as TableMessage;
        const t = this.queue.length >= CATCH_UP_QUEUE || document.hidden ? timing('off') : timing(this.state.settings.speed);
        if (m.t === 'snapshot') this.set(applySnapshot(this.state, m));
        else await this.present(m, t);
      }
    } finally {
      this.running = false;
      this.set({ ...this.state, busy: false });
      this.settlePending();
      this.watchPartial();
    }
  }

  /** A change whose last events never come (should not happen) is shown as it is after a while. */
  private watchPartial(): void {
    if (this.partialTimer !== null) clearTimeout(this.partialTimer);
    this.partialTimer = null;
    const g = this.state.game;
    if (g === null || !g.partial) return;
    const version = g.version;
    this.partialTimer = setTimeout(() => {
      this.partialTimer = null;
      if (this.state.game?.version === version && !this.running) this.set(settlePartial(this.state));
    }, PARTIAL_MS);
  }

  private async present(m: Update, t: Timing): Promise<void> {
    const ev = m.event;
    const me = m.view.seat;
    let from: Point | null = null;
    if (ev.kind === 'play') {
      const source = ev.seat === me ? this.view.handCard(ev.card) : this.view.seatBox(ev.seat);
      from = source ? centreOf(source) : null;
    }
    this.set(applyUpdate(this.state, m));
    const words = announce(ev, m.view);
    if (words) this.say(words);

    switch (ev.kind) {
      case 'play': {
        const el = this.view.trickCard(ev.card);
        if (el && from) await flyFrom(el, from, t.play);
        return;
      }
      case 'trick': {
        if (t.sweep === 0) return; // the trick stays in view until the next card
        await delay(t.trickPause);
        const held = this.state.game?.heldTrick;
        const target = this.view.seatBox(ev.winner);
        if (held && target) {
          const els = held.cards.map((c) => this.view.trickCard(c)).filter((e): e is HTMLElement => e !== undefined);
          await sweepTo(els, centreOf(target), t.sweep);
        }
        this.set(clearHeldTrick(this.state));
        return;
      }
      case 'hearts_broken':
        this.notice('Hearts are broken', 'info', 'hand');
        return;
      case 'exchange': {
        const els = m.view.received.map((c) => this.view.handCard(c)).filter((e): e is HTMLElement => e !== undefined);
        pulse(els, t.play * 2);
        if (this.highlightTimer !== null) clearTimeout(this.highlightTimer);
        this.highlightTimer = setTimeout(() => this.set(clearHighlight(this.state)), HIGHLIGHT_MS);
        return;
      }
      case 'deal': {
        const els = m.view.cards.map((c) => this.view.handCard(c)).filter((e): e is HTMLElement => e !== undefined);
        pulse(els, t.play * 2);
        return;
      }
      case 'passed':
      case 'hand_over':
      case 'moon':
      case 'game_over':
        return;
    }
  }

  // ---- notices ----

  /** Says `text` to screen readers, and writes it in the console's log. */
  private say(text: string): void {
    this.announcer.say(text);
    if (this.console !== null) this.console.print([text], 'event');
    else {
      this.consoleBacklog.push(text);
      if (this.consoleBacklog.length > CONSOLE_BACKLOG) this.consoleBacklog.shift();
    }
  }

  /** Opens the console: at once if its chunk is here, else once it is downloaded. */
  private openConsole(): void {
    const part = CONSOLE_PART.get();
    if (part === null) {
      CONSOLE_PART.load().then(
        () => this.openConsole(),
        () => this.notice(PART_FAILED_TEXT, 'error'),
      );
      return;
    }
    if (this.console === null) {
      const c = new part.ConsoleView({ run: (line) => this.runConsole(line), closed: () => {} });
      this.console = c;
      this.view.appEl.append(c.el);
      c.print(part.CONSOLE_WELCOME);
      c.print(this.consoleBacklog, 'event');
      this.consoleBacklog = [];
      if (uiMode(this.state) === 'my-turn' && this.state.game) c.print(part.consoleAnswer('legal', this.state).lines);
    }
    this.console.open(part.consolePrompt(this.state));
  }

  /** Runs a line typed in the console. */
  private runConsole(line: string): void {
    const part = CONSOLE_PART.get();
    const c = this.console;
    if (part === null || c === null) return;
    c.print([`${part.consolePrompt(this.state)} ${line}`], 'echo');
    const answer = part.consoleAnswer(line, this.state);
    c.print(answer.lines);
    if (answer.intent) this.consoleDoes(answer.intent);
    c.setPrompt(part.consolePrompt(this.state));
  }

  private consoleDoes(intent: ConsoleIntent): void {
    switch (intent.kind) {
      case 'play':
        this.cardClicked(intent.card);
        return;
      case 'pass':
        this.set({ ...this.state, selected: intent.cards });
        this.pass();
        return;
      case 'next':
        this.handlers().next();
        return;
      case 'moon':
        this.handlers().moonChoice(intent.choice);
        return;
      case 'new':
        this.console?.close();
        this.newGame();
        return;
      case 'clear':
        this.console?.clear();
        return;
      case 'close':
        this.console?.close();
        return;
    }
  }

  /** Shows a notice for a moment; `about` 'hand' for one about the hand being played (state.ts Notice.hand). */
  notice(text: string, kind: 'info' | 'error', about: 'hand' | 'page' = 'page'): void {
    this.set(withNotice(this.state, text, kind, about));
    this.say(text);
    if (this.noticeTimer !== null) clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => this.set({ ...this.state, notice: null }), NOTICE_MS);
  }

  // ---- what the player does ----

  private handlers(): Handlers {
    return {
      cardClicked: (card) => this.cardClicked(card),
      pass: () => this.pass(),
      next: () => {
        const g = this.state.game;
        if (g && g.view.phase === 'hand_over' && this.state.pending === null && this.send({ t: 'next', table: g.table }, 'next')) {
          if (isPeopleTable(this.state.social.table)) this.setSocial({ sentReady: `${g.table}:${g.view.hand}` });
        }
      },
      newGame: () => this.newGame(),
      openConsole: () => {
        this.set({ ...this.state, dialog: null });
        this.openConsole();
      },
      moonChoice: (choice: MoonChoice) => {
        const g = this.state.game;
        if (g && g.view.phase === 'moon' && this.state.pending === null) this.send({ t: 'moon', table: g.table, choice }, 'moon');
      },
      openDialog: (dialog) => {
        this.set({ ...this.state, dialog });
        if (dialog === 'stats') this.askStats();
        if (dialog === 'achievements') this.askAchievements();
      },
      setLook: (look: Look) => this.setLook(look),
      wearUnlocked: (wear: boolean) => {
        const [first, ...rest] = this.state.unlocked;
        if (first === undefined) return;
        this.set({ ...this.state, unlocked: rest });
        if (wear) this.setLook({ face: this.state.look.face, wearing: first.item });
      },
      closeDialog: () => {
        // A shared replay's link leaves the address once its replay is closed: a reload
        // then shows the game, not the replay again.
        if (this.state.dialog === 'replay' && this.state.replay?.link) {
          // The dialog's own history entry is taken off after this (history.ts): the
          // entry under it, which has the link, is the one to change.
          window.addEventListener('popstate', forgetReplayLink, { once: true });
          forgetReplayLink();
        }
        this.set({ ...this.state, dialog: dialogUnder(this.state) });
      },
      saveSettings: (settings) => {
        saveSettings(this.store, settings);
        this.set({ ...this.state, settings, dialog: null });
        this.notice('Settings saved. Names, rules and level apply to the next new game.', 'info');
      },
      dismissMoon: () => this.set(dismissMoon(this.state)),
      retryConnection: () => this.connection.retry(),
      downloadRecord: (table) => void this.downloadRecord(table),
      openReplay: (table, at) => void this.openReplay(table, at),
      shareReplay: () => this.shareReplay(),
      askHint: () => this.askHint(),
      openReview: (table) => this.openReview(table),
      daily: (table) => this.withDaily((d) => d.start(table)),
      openDaily: (day) => this.withDaily((d) => d.open(day)),
      openDailyReplay: (link) => void this.openSharedReplay(link, true),
      openVerify: (table) => this.set({ ...this.state, dialog: 'verify', verifying: this.fair.entry(table) ?? emptyEntry(table) }),
      partFailed: () => {
        // A lobby that cannot be drawn would leave an empty page: back to the start.
        if (this.view.social === null) {
          if (this.state.screen === 'lobby') this.people()?.closeLobby();
          if (this.state.social.prompt !== null) this.setSocial({ prompt: null });
        }
        this.notice(PART_FAILED_TEXT, 'error');
      },
      ...this.socialHandlers(),
    };
  }

  /**
   * What the player does with people. "Multiplayer" waits for the part that handles it
   * (social-control.ts); the other buttons are drawn by that part's render-social.ts, so
   * it is here when they are clicked.
   */
  private socialHandlers(): SocialHandlers {
    return {
      multiplayer: () => this.withPeople((p) => p.multiplayer()),
      closeLobby: () => this.people()?.closeLobby(),
      createTable: (isPrivate) => this.people()?.createTable(isPrivate),
      joinTable: (entry) => this.people()?.joinTable(entry),
      openJoinCode: () => this.people()?.openJoinCode(),
      changeName: () => this.people()?.changeName(),
      submitName: (name) => this.people()?.submitName(name),
      submitJoinCode: (input) => this.people()?.submitJoinCode(input),
      confirmBlocked: (table) => this.people()?.confirmBlocked(table),
      closePrompt: () => this.people()?.closePrompt(),
      promptMultiplayer: () => this.people()?.promptMultiplayer(),
      startGame: () => this.people()?.startGame(),
      leaveTable: () => this.people()?.leaveTable(),
      sendChat: (text) => this.people()?.sendChat(text) ?? false,
      toggleChat: (open) => this.people()?.toggleChat(open),
      openPlayer: (player, name) => this.prompt({ kind: 'player', player, name }),
      challenge: (player, name) => this.people()?.challenge(player, name),
      acceptChallenge: (table) => this.people()?.acceptChallenge(table),
      declineChallenge: (table) => this.people()?.declineChallenge(table),
      challengeLater: () => this.people()?.challengeLater(),
      setRelation: (player, name, kind, on) => this.people()?.setRelation(player, name, kind, on),
      timerOff: () => this.people()?.timerOff(),
      declineTimerOff: () => this.people()?.declineTimerOff(),
      concede: () => this.prompt({ kind: 'concede' }),
      confirmNewGame: () => {
        this.prompt(null);
        this.startNewGame();
      },
      confirmConcede: () => this.people()?.confirmConcede(),
      reclaim: () => this.people()?.reclaim(),
      rematch: () => this.people()?.rematch(),
      leaveFinished: () => this.people()?.leaveFinished(),
      watchTable: (table) => this.people()?.watchTable(table),
      stopWatching: () => this.people()?.stopWatching(),
      allow: (what, on) => this.people()?.allow(what, on),
      copyText: (text) => {
        const done = (): void => this.notice('Copied', 'info');
        const failed = (): void => this.notice('Could not copy: select the text and copy it', 'error');
        try {
          if (navigator.clipboard) void navigator.clipboard.writeText(text).then(done, failed);
          else failed();
        } catch {
          failed();
        }
      },
      origin: () => this.origin,
    };
  }

  /**
   * Fetches the finished game's record and saves it as `hearts-<table>.json`. The token
   * goes in the Authorization header: an address with it would be kept in the history,
   * copied with the link and written to logs (the server refuses `?token=`). A refusal
   * shows the server's reason ("Unknown player or wrong token", "the game is not over").
   */
  private async downloadRecord(table: string): Promise<void> {
    if (this.downloading) return;
    this.downloading = true;
    const got = await this.fetchRecord(table).finally(() => (this.downloading = false));
    if (typeof got === 'string') {
      this.notice(`Could not download the game record: ${got}`, 'error');
      return;
    }
    saveBlob(got, `hearts-${table}.json`, this.view.appEl);
  }

  /** The finished game's record, or why it could not be had (the server's reason when it gave one). */
  private async fetchRecord(table: string): Promise<Blob | string> {
    const id = loadIdentity(this.store);
    if (id === null) return 'this page has no player to ask for it';
    try {
      const res = await this.fetcher(recordPath(table), {
        headers: { Authorization: `Bearer ${id.player}:${id.token}` },
        cache: 'no-store',
      });
      if (!res.ok) {
        const reason = (await res.text().catch(() => '')).trim();
        return reason || `the server answered ${res.status}`;
      }
      return await res.blob();
    } catch {
      return 'no answer from the server';
    }
  }

  /** Opens the Replay dialog on the player's own game (at `at`, from the review) and downloads its record into it. */
  private async openReplay(table: string, at?: ReplayStart): Promise<void> {
    const loading: ReplayState = { table, link: null, status: 'loading', record: null, names: null, error: null, sharing: null, ...(at ? { at } : {}) };
    this.set({ ...this.state, dialog: 'replay', replay: loading });
    const got = await this.fetchRecord(table);
    let next: ReplayState;
    if (typeof got === 'string') {
      next = { ...loading, status: 'failed', error: `Could not download the game: ${got}.` };
    } else {
      try {
        next = { ...loading, status: 'ready', record: JSON.parse(await got.text()) as unknown };
      } catch {
        next = { ...loading, status: 'failed', error: 'Could not read the game: the server sent something that is not a record.' };
      }
    }
    // Only if the dialog still waits for this game.
    if (this.state.replay === loading) this.set({ ...this.state, replay: next });
  }

  /** Opens the replay of a shared game (`?replay=<share>`): anyone may, without a token. */
  private async openSharedReplay(link: string, board = false): Promise<void> {
    const loading: ReplayState = { table: null, link, status: 'loading', record: null, names: null, error: null, sharing: null, ...(board ? { board } : {}) };
    this.set({ ...this.state, dialog: 'replay', replay: loading });
    let next: ReplayState;
    try {
      const res = await this.fetcher(sharedReplayPath(link), { cache: 'no-cache' });
      if (!res.ok) {
        const reason = (await res.text().catch(() => '')).trim();
        next = { ...loading, status: 'failed', error: reason || `Could not download the game: the server answered ${res.status}.` };
      } else {
        next = sharedReplay(loading, await res.json().catch(() => null));
      }
    } catch {
      next = { ...loading, status: 'failed', error: 'Could not download the game: no answer from the server.' };
    }
    if (this.state.replay === loading) this.set({ ...this.state, replay: next });
  }

  /** Opens the Review dialog and asks the server for the game's review (it takes a moment). */
  private openReview(table: string): void {
    const id = this.nextId++;
    if (!this.connection.send({ t: 'review', table, id })) {
      this.wake();
      this.set({ ...this.state, dialog: 'review', review: { table, status: 'failed', data: null, error: 'Not connected to the server: ask again once it is back.' } });
      return;
    }
    this.reviewId = id;
    this.set({ ...this.state, dialog: 'review', review: { table, status: 'loading', data: null, error: null } });
  }

  /** Asks the server what the search would do here; the answer (`hint`) is shown while it applies. */
  private askHint(): void {
    const g = this.state.game;
    // One in flight, unless it is about a position already gone.
    if (g === null || !canAskHint(this.state) || (this.state.hint?.status === 'asking' && hintShown(this.state) !== null)) return;
    const phase = g.view.phase === 'pass' ? 'pass' : 'play';
    const hint: HintState = { table: g.table, hand: g.view.hand, held: g.view.cards.length, phase, version: g.version, status: 'asking', action: null, cards: [], text: 'Thinking…' };
    const id = this.nextId++;
    if (!this.connection.send({ t: 'hint', table: g.table, id })) {
      this.wake();
      this.set({ ...this.state, hint: { ...hint, status: 'failed', text: 'Not connected to the server: ask again once it is back.' } });
      return;
    }
    this.hintId = id;
    this.set({ ...this.state, hint });
  }

  /** Allows the replay of the player's game to be shared; the server answers with `shared`. */
  private shareReplay(): void {
    const r = this.state.replay;
    if (r === null || r.table === null || r.sharing?.status === 'asking') return;
    const id = this.nextId++;
    if (!this.connection.send({ t: 'share', table: r.table, id })) {
      this.wake();
      this.set({ ...this.state, replay: { ...r, sharing: { status: 'failed', error: 'Not connected to the server: try again once it is back.' } } });
      return;
    }
    this.shareId = id;
    this.set({ ...this.state, replay: { ...r, sharing: { status: 'asking' } } });
  }

  private cardClicked(card: Card): void {
    const s = this.state;
    const g = s.game;
    if (g === null || s.screen !== 'table') return;
    const v = g.view;
    if (canChoosePass(s)) {
      const next = toggleSelect(s, card);
      if (next.notice !== s.notice && next.notice) this.notice(next.notice.text, 'info', 'hand');
      else this.set(next);
      return;
    }
    if (v.phase === 'pass') {
      this.notice(v.passed.length > 0 ? 'Waiting for the others to pass' : 'Wait a moment', 'info', 'hand');
      return;
    }
    if (s.pending !== null || s.busy) return;
    if (isMyTurnToPlay(s) && v.legal.includes(card)) {
      this.send({ t: 'play', table: g.table, card }, 'play');
      return;
    }
    this.notice(illegalReason(v, card), 'error', 'hand');
  }

  private pass(): void {
    const s = this.state;
    const g = s.game;
    if (g === null || !passReady(s)) return;
    const [a, b, c] = s.selected;
    if (a && b && c) this.send({ t: 'pass', table: g.table, cards: [a, b, c] }, 'pass');
  }

  /** New game: at once, or after "Start a new game?" while a game is being played. */
  private newGame(): void {
    const v = this.state.game?.view;
    const inProgress = v !== undefined && v.phase !== 'game_over' && this.state.screen === 'table';
    if (inProgress) this.prompt({ kind: 'new-game' });
    else this.startNewGame();
  }

  private startNewGame(): void {
    // With a commitment to the next game's salt in hand, this page's own number goes into
    // the seed; the commitment is used once (the server sends a fresh one after).
    const commit = this.nextDeal;
    const nonce = commit === null ? undefined : freshNonce();
    if (this.send({ t: 'new_game', ...newGameOptions(this.state.settings), ...(nonce === undefined ? {} : { nonce }) }, 'new_game')) {
      const id = this.state.pending?.id;
      if (commit !== null && nonce !== undefined && id !== undefined) {
        this.nextDeal = null;
        this.mixing = { id, commit, nonce };
      }
      this.endWatching();
      this.table = null;
      this.lastVersion = -1;
      this.lastView = null;
      this.queue.length = 0;
      this.set({ ...this.state, dialog: null, selected: [] });
    }
  }
}

/**
 * `m` when it is for playing with people (social-control.ts handles it), else null. A solo
 * game's `table` (its seats' looks) is the page's own.
 */
function forPeople(m: ServerMessage): PeopleMessage | null {
  switch (m.t) {
    case 'table':
      return m.info.kind === 'solo' ? null : m;
    case 'chat':
    case 'lobby':
    case 'lobby_update':
    case 'rematch':
    case 'challenge':
    case 'challenge_over':
    case 'unwatched':
      return m;
    default:
      return null;
  }
}

/**
 * The dialog to go back to when the one open closes (its × or Back): the daily deal's
 * board under a replay opened from it, the review under one opened from it; else none.
 */
function dialogUnder(s: AppState): Dialog {
  const replay = s.dialog === 'replay' ? s.replay : null;
  return replay?.board ? 'daily' : replay?.at && s.review?.table === replay.table ? 'review' : null;
}

/** What Back closes on this screen: a dialog first, then the lobby. */
function layerOf(s: AppState): Layer {
  if (s.dialog !== null) return `dialog:${s.dialog}`;
  return s.screen === 'lobby' ? 'lobby' : null;
}

/** Whether a key press is typing into a field (the console's key is then a character). */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The 13 cards a seat was dealt, when its view still shows them all: while it chooses its
 * pass (its cards and the three it chose), or in a hand without a pass before it plays.
 */
export function dealtCards(view: View): Card[] | null {
  if (view.phase === 'pass') {
    const all = [...view.cards, ...view.passed];
    return all.length === 13 && view.received.length === 0 ? all : null;
  }
  if (view.phase === 'play' && view.pass === 'none' && view.cards.length === 13) return [...view.cards];
  return null;
}
