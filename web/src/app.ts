// The controller: owns the state, feeds server messages through the animation queue
// one at a time, and turns the player's clicks into protocol messages.

import { announce, Announcer } from './a11y';
import { centreOf, delay, flyFrom, pulse, sweepTo, type Point } from './animate';
import { Connection, defaultSocketUrl, type SocketFactory } from './connection';
import type { Card, ClientMessage, MoonChoice, ServerMessage } from './protocol';
import { DEFAULT_POLICY, inTrouble, secondsLeft, type ConnState, type ReconnectPolicy } from './reconnect';
import { TableView, type Handlers } from './render';
import { illegalReason } from './rules';
import { newGameOptions, saveSettings, timing, type Settings, type Timing } from './settings';
import {
  applySnapshot,
  applyUpdate,
  canChoosePass,
  checkVersion,
  clearHeldTrick,
  clearHighlight,
  dismissMoon,
  initialState,
  isMyTurnToPlay,
  passReady,
  toggleSelect,
  uiMode,
  withNotice,
  type AppState,
  type PendingKind,
} from './state';
import { clearIdentity, loadIdentity, saveIdentity, type KeyValueStore } from './storage';

type TableMessage = Extract<ServerMessage, { t: 'snapshot' | 'update' }>;

const NOTICE_MS = 3500;
const HIGHLIGHT_MS = 3000;
/** More queued events than this are shown without animation, to catch up. */
const CATCH_UP_QUEUE = 8;

export interface AppOptions {
  readonly root: HTMLElement;
  readonly store: KeyValueStore;
  readonly settings: Settings;
  readonly url?: string;
  readonly socketFactory?: SocketFactory;
  readonly policy?: ReconnectPolicy;
}

export class App {
  private state: AppState;
  private readonly view: TableView;
  private readonly connection: Connection;
  private readonly announcer: Announcer;
  private readonly store: KeyValueStore;
  private readonly policy: ReconnectPolicy;
  private readonly queue: TableMessage[] = [];
  private running = false;
  /** The table and newest version received (queued or shown), for resume and gaps. */
  private table: string | null = null;
  private lastVersion = -1;
  /** Version after which the pending action counts as done (from its ack). */
  private ackedVersion: number | null = null;
  private nextId = 1;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private highlightTimer: ReturnType<typeof setTimeout> | null = null;
  private turnAnnounced = '';
  /** The request id of the last resume, to recognise "table not found". */
  private resumeId: number | null = null;

  constructor(options: AppOptions) {
    this.store = options.store;
    this.state = initialState(options.settings, options.store.persistent);
    this.policy = options.policy ?? DEFAULT_POLICY;
    this.view = new TableView(options.root, this.handlers());
    this.announcer = new Announcer(this.view.announcerEl);
    this.connection = new Connection(
      options.url ?? defaultSocketUrl(),
      {
        state: (c) => this.onConnState(c),
        open: () => this.onOpen(),
        message: (m) => this.onMessage(m),
        badMessage: (error) => console.warn(`hearts: refused a server message: ${error}`),
      },
      this.policy,
      options.socketFactory,
    );
    this.render();
  }

  start(): void {
    this.connection.start();
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
        this.announcer.say('Your turn.');
      }
    }
  }

  private set(s: AppState): void {
    this.state = s;
    this.render();
  }

  // ---- connection ----

  private onConnState(c: ConnState): void {
    this.set({ ...this.state, conn: c, giveUpIn: secondsLeft(c, Date.now(), this.policy) });
    if (inTrouble(c) && this.state.pending !== null) this.set({ ...this.state, pending: null });
  }

  private onOpen(): void {
    const id = loadIdentity(this.store);
    this.connection.send(id ? { t: 'hello', player: id.player, token: id.token } : { t: 'hello' });
  }

  /** Asks for the table from `since` (or a snapshot when null). */
  private resume(table: string, since: number | null): void {
    const id = this.nextId++;
    this.resumeId = id;
    this.connection.send(since === null ? { t: 'resume', table, id } : { t: 'resume', table, since, id });
  }

  private send(message: ClientMessage, kind: PendingKind | null): boolean {
    const id = this.nextId++;
    const sent = this.connection.send({ ...message, id });
    if (!sent) {
      this.notice('Not connected to the server yet — try again in a moment', 'error');
      return false;
    }
    if (kind !== null) {
      this.ackedVersion = null;
      this.set({ ...this.state, pending: { id, kind } });
    }
    return true;
  }

  private onMessage(m: ServerMessage): void {
    switch (m.t) {
      case 'welcome':
        saveIdentity(this.store, { player: m.player, token: m.token });
        if (this.table !== null) {
          this.resume(this.table, this.lastVersion);
        } else if (m.tables[0] !== undefined) {
          this.resume(m.tables[0], null);
        } else {
          this.set({ ...this.state, screen: this.state.screen === 'lost' ? 'lost' : 'start' });
        }
        return;
      case 'snapshot':
        this.table = m.table;
        this.lastVersion = m.v;
        // Nothing queued before a snapshot matters any more.
        this.queue.length = 0;
        this.enqueue(m);
        return;
      case 'update':
        switch (checkVersion(this.table, this.lastVersion, m)) {
          case 'apply':
            this.lastVersion = m.v;
            this.enqueue(m);
            return;
          case 'gap':
            if (this.table) this.resume(this.table, this.lastVersion);
            return;
          case 'stale':
          case 'other_table':
            return;
        }
        return;
      case 'ack':
        if (this.state.pending?.id === m.id) {
          this.ackedVersion = m.v;
          this.settlePending();
        }
        return;
      case 'error':
        this.onError(m);
        return;
      case 'pong':
        return;
    }
  }

  private onError(m: Extract<ServerMessage, { t: 'error' }>): void {
    const pending = this.state.pending;
    const mine = pending !== null && m.id !== undefined && pending.id === m.id;
    if (mine) this.set({ ...this.state, pending: null });
    switch (m.code) {
      case 'auth':
        // Unknown player or wrong token: start over as a new player.
        clearIdentity(this.store);
        this.connection.send({ t: 'hello' });
        return;
      case 'not_found':
        if (m.id !== undefined && m.id === this.resumeId) {
          this.table = null;
          this.lastVersion = -1;
          this.set({ ...this.state, game: null, screen: 'lost' });
          return;
        }
        this.notice(m.reason, 'error');
        return;
      default:
        this.notice(m.reason, 'error');
        if (this.table && (m.code === 'illegal' || m.code === 'not_your_turn')) {
          // Our view may be behind: ask for what we missed.
          this.resume(this.table, this.lastVersion);
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
    }
  }

  private async present(m: Extract<ServerMessage, { t: 'update' }>, t: Timing): Promise<void> {
    const ev = m.event;
    const me = m.view.seat;
    let from: Point | null = null;
    if (ev.kind === 'play') {
      const source = ev.seat === me ? this.view.handCard(ev.card) : this.view.seatBox(ev.seat);
      from = source ? centreOf(source) : null;
    }
    this.set(applyUpdate(this.state, m));
    const words = announce(ev, m.view);
    if (words) this.announcer.say(words);

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
        this.notice('Hearts are broken', 'info');
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

  private notice(text: string, kind: 'info' | 'error'): void {
    this.set(withNotice(this.state, text, kind));
    this.announcer.say(text);
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
        if (g && g.view.phase === 'hand_over' && this.state.pending === null) this.send({ t: 'next', table: g.table }, 'next');
      },
      newGame: () => this.newGame(),
      moonChoice: (choice: MoonChoice) => {
        const g = this.state.game;
        if (g && g.view.phase === 'moon' && this.state.pending === null) this.send({ t: 'moon', table: g.table, choice }, 'moon');
      },
      openDialog: (dialog) => this.set({ ...this.state, dialog }),
      closeDialog: () => this.set({ ...this.state, dialog: null }),
      saveSettings: (settings) => {
        saveSettings(this.store, settings);
        this.set({ ...this.state, settings, dialog: null });
        this.notice('Settings saved. Names, rules and level apply to the next new game.', 'info');
      },
      dismissMoon: () => this.set(dismissMoon(this.state)),
      retryConnection: () => this.connection.retry(),
      recordUrl: (table) => {
        const id = loadIdentity(this.store);
        if (!id) return null;
        const q = `player=${encodeURIComponent(id.player)}&token=${encodeURIComponent(id.token)}`;
        return `/api/games/${encodeURIComponent(table)}/record.json?${q}`;
      },
    };
  }

  private cardClicked(card: Card): void {
    const s = this.state;
    const g = s.game;
    if (g === null || s.screen !== 'table') return;
    const v = g.view;
    if (canChoosePass(s)) {
      const next = toggleSelect(s, card);
      if (next.notice !== s.notice && next.notice) this.notice(next.notice.text, 'info');
      else this.set(next);
      return;
    }
    if (v.phase === 'pass') {
      this.notice(v.passed.length > 0 ? 'Waiting for the others to pass' : 'Wait a moment', 'info');
      return;
    }
    if (s.pending !== null || s.busy) return;
    if (isMyTurnToPlay(s) && v.legal.includes(card)) {
      this.send({ t: 'play', table: g.table, card }, 'play');
      return;
    }
    this.notice(illegalReason(v, card), 'error');
  }

  private pass(): void {
    const s = this.state;
    const g = s.game;
    if (g === null || !passReady(s)) return;
    const [a, b, c] = s.selected;
    if (a && b && c) this.send({ t: 'pass', table: g.table, cards: [a, b, c] }, 'pass');
  }

  private newGame(): void {
    const v = this.state.game?.view;
    const inProgress = v !== undefined && v.phase !== 'game_over' && this.state.screen === 'table';
    if (inProgress && !window.confirm('Start a new game? The game you are playing stays unfinished.')) return;
    if (this.send({ t: 'new_game', ...newGameOptions(this.state.settings) }, 'new_game')) {
      this.table = null;
      this.lastVersion = -1;
      this.queue.length = 0;
      this.set({ ...this.state, dialog: null, selected: [] });
    }
  }
}
