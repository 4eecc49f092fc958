// The controller's core: the state and its drawing (TableView), the connection, the
// request ids and timers it keeps, the parts it loads (playing with people, the daily
// deal, the console), what it says (notices, the live region, the console) and its
// requests. The layers over it, each in a file of its own: connection-events.ts,
// records.ts, animation-queue.ts, messages.ts and ui-handlers.ts; app.ts is the page's App.

import { pickLanguage, type Lang } from '../i18n/langs';
import { pageWords } from '../i18n/page';
import { setLanguage } from '../i18n/words';
import { Announcer } from '../ui/announcer';
import { Connection, defaultSocketUrl, PROTOCOL, type SocketFactory } from '../net/connection';
import { DEFAULT_POLICY, type ConnState, type ReconnectPolicy } from '../net/reconnect';
import type { Card, ClientMessage, Look, ServerMessage, Update } from '../net/types';
import type { ConsoleIntent, ConsoleView } from '../parts/console/console-part';
import type { DailyControl } from '../parts/daily/daily-part';
import type { SocialControl } from '../people/social-control';
import { Following, Requests } from '../state/controller';
import { FairLedger } from '../state/fair';
import type { Handlers } from '../state/handlers';
import { saveSettings, type Settings } from '../state/settings';
import { codeFromInput, type MessageId, type Prompt, type Social } from '../state/social';
import { canAskHint, initialState, uiMode, withNotice, type AppState, type Dialog, type PendingKind } from '../state/state';
import { memoryStore, type KeyValueStore } from '../state/storage';
import { DAILY_PART, SOCIAL_PART } from '../table/parts';
import { TableView } from '../table/table-view';
import { BackButton, type Layer } from '../ui/history';
import { Part } from '../ui/lazy';

export type TableMessage = Extract<ServerMessage, { t: 'snapshot' }> | Update;

const NOTICE_MS = 3500;

/** Lines said before the console is first opened that it shows then (its log keeps 300). */
const CONSOLE_BACKLOG = 200;

/** The console's panel and what it understands (console-part.ts), downloaded when it first opens. */
export const CONSOLE_PART = new Part(() => import('../parts/console/console-part'));

/**
 * A table that waits on someone else and says nothing for this long may have lost a frame
 * on its way (between the servers of a cluster, while Redis was away): the page asks for
 * what came after its last version. Each quiet ask doubles the wait, up to QUIET_MAX_MS;
 * anything the table says sets it back. A page whose turn it is never asks.
 */
export const QUIET_MS = 10_000;

export interface AppOptions {
  readonly root: HTMLElement;
  readonly store: KeyValueStore;
  /** What this tab keeps across a reload (sessionStorage): the table it shows. Memory if not given. */
  readonly tabStore?: KeyValueStore;
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
export function forgetReplayLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('replay')) return;
  url.searchParams.delete('replay');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * The dialog to go back to when the one open closes (its × or Back): the daily deal's
 * board under a replay opened from it, the review under one opened from it; else none.
 */
export function dialogUnder(s: AppState): Dialog {
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

export abstract class AppCore {
  // What the layers over this one do (connection-events.ts, records.ts, messages.ts,
  // ui-handlers.ts), as this one uses it.
  protected abstract onConnState(c: ConnState): void;
  abstract wake(): boolean;
  protected abstract onOpen(): void;
  protected abstract onMessage(m: ServerMessage): void;
  protected abstract handlers(): Handlers;
  protected abstract openSharedReplay(link: string, board?: boolean): Promise<void>;
  protected abstract askHint(): void;
  protected abstract cardClicked(card: Card): void;
  protected abstract pass(): void;
  protected abstract newGame(): void;
  protected abstract startNewGame(): void;
  abstract resume(table: string, since: number | null): void;
  abstract wantSnapshot(table: string, now?: boolean): void;
  abstract enterTable(table: string): void;
  abstract forgetTable(): void;

  protected state: AppState;
  /** The table the page follows, and what it received of it (state/controller.ts). */
  protected readonly following = new Following();
  /** The requests in flight, by id (state/controller.ts). */
  protected readonly requests = new Requests();
  readonly view: TableView;
  readonly connection: Connection;
  readonly announcer: Announcer;
  /** The hidden console: the game played by typing (console.ts); ` opens it. */
  /** The console, once it has been opened (its chunk is downloaded then: CONSOLE_PART). */
  private console: ConsoleView | null = null;
  /** What was said before the console was first opened: its log starts with these. */
  private consoleBacklog: string[] = [];
  protected readonly store: KeyValueStore;
  protected readonly tabStore: KeyValueStore;
  protected readonly policy: ReconnectPolicy;
  protected readonly queue: TableMessage[] = [];
  protected running = false;
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
  protected helloRetry: ReturnType<typeof setTimeout> | null = null;
  protected welcomed = false; // the server answered this connection's hello
  protected offlineSocket: SocketFactory | null = null;
  /** While offline: the offline server's answers to what the page would fetch (a game's record). */
  protected offlineFetch: ((url: string, init: RequestInit) => Promise<Response>) | null = null;
  /** A language chosen here that the server has not been told yet (it is told at the next welcome). */
  protected langUnsent = false;
  protected highlightTimer: ReturnType<typeof setTimeout> | null = null;
  protected partialTimer: ReturnType<typeof setTimeout> | null = null;
  private turnAnnounced = '';
  protected joinCode: string | null;
  /** The `?watch=CODE` of the page's address: watch that table once connected. */
  protected watchCode: string | null;
  private readonly replayLink: string | null;
  protected snapshotTimer: ReturnType<typeof setTimeout> | null = null;
  /** Runs out when the table has been quiet for `quietMs` (watchQuiet). */
  protected quietTimer: ReturnType<typeof setTimeout> | null = null;
  protected quietMs = QUIET_MS;
  /** The handling of playing with people (social-control.ts), once its part is here: `people()`. */
  private peopleControl: SocialControl | null = null;
  /**
   * While a part is being downloaded for something that needs it (withPart): that, and
   * all the connection reported meanwhile, to be done in order once the part is here.
   */
  private held: (() => void)[] | null = null;
  /** The part that could not be downloaded: what waited for it is dropped (the player was told). */
  private failedPart: Part<unknown> | null = null;
  /** The daily deal's handling (daily-part.ts), once its part is here. */
  protected dailyControl: DailyControl | null = null;
  protected readonly origin: string;
  readonly now: () => number;
  protected readonly fetcher: (url: string, init: RequestInit) => Promise<Response>;
  /** A record download in flight: another click waits for it. */
  protected downloading = false;
  /** The commitments to the deals, as received (docs/protocol.md, "Fair deals"). */
  protected readonly fair: FairLedger;
  /** Reconnecting after an inactivity close because the player acted (`wake`). */
  protected waking = false;

  constructor(options: AppOptions) {
    this.store = options.store;
    this.tabStore = options.tabStore ?? memoryStore();
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
      // The key left of 1, whatever it types on this keyboard (^ on a German one, where ` is a dead key).
      if (e.key === '`' || e.code === 'Backquote') {
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
      // The offline server's socket while the page plays with no network (parts/offline).
      (u) => (this.offlineSocket ?? options.socketFactory ?? ((x: string) => new WebSocket(x, PROTOCOL)))(u),
    );
    this.render();
  }

  /** The table this page follows (PeopleHost): what comes for it belongs to it. */
  get table(): string | null {
    return this.following.table;
  }

  /** The table this page watches (PeopleHost), or null: it has no seat there. */
  get watching(): string | null {
    return this.following.watching;
  }

  set watching(table: string | null) {
    this.following.watching = table;
  }

  start(): void {
    this.connection.start();
    if (this.replayLink !== null) void this.openSharedReplay(this.replayLink);
  }

  /** For tests and debugging: the state on screen. */
  get current(): AppState {
    return this.state;
  }

  /**
   * Keeps `lang` as the player's choice (null: the browser's languages choose): in the
   * settings, in the `hearts_lang` cookie by which the server sends the document in it
   * (docs/i18n.md), and, with `tell`, with the player on the server (`set_lang`); then speaks it.
   */
  protected chooseLanguage(lang: Lang | null, tell: boolean): void {
    const settings = { ...this.state.settings, lang };
    saveSettings(this.store, settings);
    this.set({ ...this.state, settings });
    document.cookie = lang === null ? 'hearts_lang=; path=/; max-age=0; SameSite=Lax' : `hearts_lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
    if (tell) this.tellLanguage();
    void this.speak(lang);
  }

  /** Tells the server the language chosen, when this connection is welcomed; else it is told at the next welcome. */
  protected tellLanguage(): void {
    const lang = this.state.settings.lang ?? '';
    this.langUnsent = !(this.welcomed && this.connection.send({ t: 'set_lang', lang, id: this.requests.nextId++ }));
  }

  /**
   * Speaks `lang` (null: the browser's choice) from now on: its catalogues are downloaded,
   * then the page is drawn again in it. A download that failed leaves the language as it was.
   */
  protected async speak(lang: Lang | null): Promise<void> {
    try {
      await setLanguage(lang ?? pickLanguage(navigator.languages));
    } catch {
      this.notice(pageWords('partFailed'), 'error');
      return;
    }
    this.view.relabel();
    this.render();
  }

  private render(): void {
    this.view.render(this.state);
    if (uiMode(this.state) === 'my-turn' && this.state.game) {
      const key = `${this.state.game.table}:${this.state.game.version}`;
      if (key !== this.turnAnnounced) {
        this.turnAnnounced = key;
        this.say(pageWords('turn'));
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

  /** The handling of playing with people, once its part (table/parts.ts, SOCIAL_PART) is here. */
  protected people(): SocialControl | null {
    const part = SOCIAL_PART.get();
    if (part !== null) this.peopleControl ??= new part.SocialControl(this);
    return this.peopleControl;
  }

  /**
   * Runs `f` with the handling of playing with people: at once when its part is here,
   * else once it is downloaded (withPart).
   */
  withPeople(f: (p: SocialControl) => void): void {
    this.withPart(SOCIAL_PART, () => {
      const people = this.people();
      if (people !== null) f(people);
    });
  }

  /**
   * Runs `f` with `part`: at once when it is here, else once it is downloaded. What the
   * connection reports meanwhile waits for it, so that everything is done in the order it
   * came. A part that cannot come is said, and what needed it is dropped (`failed` is
   * done instead).
   */
  protected withPart<M>(part: Part<M>, f: (m: M) => void, failed?: () => void): void {
    if (this.held !== null) {
      this.held.push(() => this.withPart(part, f, failed));
      return;
    }
    const m = part.get();
    if (m !== null) {
      f(m);
      return;
    }
    if (this.failedPart === part) {
      failed?.();
      return;
    }
    this.held = [() => this.withPart(part, f, failed)];
    part.load().then(
      () => this.release(null),
      () => {
        this.notice(pageWords('partFailed'), 'error');
        this.release(part);
      },
    );
  }

  /** Runs `f` with the daily deal's handling: at once when its part is here, else once it is downloaded. */
  protected withDaily(f: (d: DailyControl) => void): void {
    const run = (m: typeof import('../parts/daily/daily-part')): void => f((this.dailyControl ??= new m.DailyControl(this)));
    const part = DAILY_PART.get();
    if (part !== null) run(part);
    else DAILY_PART.load().then(run, () => this.notice(pageWords('partFailed'), 'error'));
  }

  /** Runs `f` now, or after what waits for a part (withPart). */
  private inTurn(f: () => void): void {
    if (this.held !== null) this.held.push(f);
    else f();
  }

  /**
   * Does what waited for a part; if it could not come (`failed`), all but what needs it.
   * What waits for another part on the way holds the rest again.
   */
  private release(failed: Part<unknown> | null): void {
    const held = this.held ?? [];
    this.held = null;
    this.failedPart = failed;
    for (let f = held.shift(); f !== undefined; f = held.shift()) {
      f();
      // f may have started another wait (TypeScript does not see it change `held`).
      const again = this.held as (() => void)[] | null;
      if (again !== null) {
        again.push(...held);
        break;
      }
    }
    this.failedPart = null;
  }

  /** Asks the server for the player's statistics (they live there, not in the browser). */
  protected askStats(): void {
    const id = this.requests.nextId++;
    const previous = this.state.stats.data;
    if (!this.connection.send({ t: 'stats', id })) {
      this.wake();
      this.set({ ...this.state, stats: { loading: false, data: previous, error: pageWords('offS') } });
      return;
    }
    this.requests.statsId = id;
    // The default rules' leaderboard too, answered beside them (no ack asked).
    this.connection.send({ t: 'leaderboard' });
    this.set({ ...this.state, stats: { ...this.state.stats, loading: true, data: previous, error: null } });
  }

  /** Asks the server for the achievements (it awards them; the page only shows them). */
  protected askAchievements(): void {
    const id = this.requests.nextId++;
    const list = this.state.achievements.list;
    if (!this.connection.send({ t: 'achievements', id })) {
      this.wake();
      this.set({ ...this.state, achievements: { loading: false, list, error: pageWords('offW') } });
      return;
    }
    this.requests.achievementsId = id;
    this.set({ ...this.state, achievements: { loading: true, list, error: null } });
  }

  /** Puts on a face and an item; the server checks the item is mine to wear. */
  protected setLook(look: Look): void {
    const id = this.requests.nextId++;
    if (!this.connection.send({ t: 'set_look', face: look.face, wearing: look.wearing, id })) {
      this.wake();
      this.notice(pageWords('offT'), 'error');
      return;
    }
    this.requests.lookId = id;
    this.requests.lookBefore = this.state.look;
    // Shown at once; the server's `look` confirms it (or an error puts it back).
    this.set({ ...this.state, look });
  }

  /** Sends `message` with a new id: the id, or null when it could not go (and the player is told). */
  sendRequest(message: ClientMessage): number | null {
    const id = this.requests.nextId++;
    if (this.connection.send({ ...message, id })) return id;
    if (!this.wake()) this.notice(pageWords('off'), 'error');
    return null;
  }

  send(message: ClientMessage, kind: PendingKind | null): boolean {
    const id = this.sendRequest(message);
    if (id === null) return false;
    if (kind !== null) {
      this.following.ackedVersion = null;
      this.set({ ...this.state, pending: { id, kind } });
    }
    return true;
  }

  // ---- notices ----

  /** Says `text` to screen readers, and writes it in the console's log. */
  protected say(text: string): void {
    this.announcer.say(text);
    if (this.console !== null) this.console.print([text], 'event');
    else {
      this.consoleBacklog.push(text);
      if (this.consoleBacklog.length > CONSOLE_BACKLOG) this.consoleBacklog.shift();
    }
  }

  /** Opens the console: at once if its chunk is here, else once it is downloaded. */
  protected openConsole(): void {
    const part = CONSOLE_PART.get();
    if (part === null) {
      CONSOLE_PART.load().then(
        () => this.openConsole(),
        () => this.notice(pageWords('partFailed'), 'error'),
      );
      return;
    }
    const app = this;
    this.console = part.openConsole(
      { get state() { return app.state; }, appEl: this.view.appEl, does: (intent) => this.consoleDoes(intent) },
      this.console,
      this.consoleBacklog,
    );
    this.consoleBacklog = [];
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
        // Asked in the console (twice, if a game was being played): at once, and the
        // console stays open to play it.
        this.startNewGame();
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
}
