// What the player does: the handlers every click and key of the views goes through
// (state/handlers.ts), turned into state changes and protocol messages.

import { illegalReason } from '../game/rules';
import { pageWords } from '../i18n/page';
import type { Card, Look, MoonChoice } from '../net/types';
import type { SocialHandlers } from '../people/social-words';
import { emptyEntry, freshNonce } from '../state/fair';
import type { Handlers } from '../state/handlers';
import { newGameOptions, saveSettings } from '../state/settings';
import { isPeopleTable } from '../state/social';
import { canAskHint, hintShown, canChoosePass, dismissMoon, isMyTurnToPlay, passReady, toggleSelect, type HintState } from '../state/state';
import { dialogUnder, forgetReplayLink } from './app-core';
import { OFFLINE_PART } from '../table/parts';
import { AppMessages } from './messages';

/** The tab plays offline (sessionStorage): a reload goes on so. */
const OFFLINE_KEY = 'hearts.offline';

export abstract class AppHandlers extends AppMessages {
  override start(): void {
    // A tab that played offline goes on offline after a reload: its game is in IndexedDB.
    if (this.tabStore.get(OFFLINE_KEY) === '1') void this.playOffline(true);
    else super.start();
  }

  /**
   * Plays against the offline server in the page (parts/offline, docs/offline.md): the
   * part says so in a bar of its own, with the way back online. Either way the table shown
   * is let go and the connection opens anew; a game kept offline comes back with the
   * offline server's welcome.
   */
  private async playOffline(starting = false): Promise<void> {
    const part = await OFFLINE_PART.load().catch(() => null);
    if (part === null) {
      this.notice(pageWords('partFailed'), 'error');
      if (starting) super.start();
      return;
    }
    part.enter({ store: this.tabStore, key: OFFLINE_KEY, place: this.view.appEl }, (offline) => {
      this.offlineSocket = offline?.socket ?? null;
      this.offlineFetch = offline?.fetch ?? null;
      this.forgetTable();
      this.set({ ...this.state, screen: 'loading', dialog: null });
      if (starting) super.start();
      else this.connection.reconnect();
      starting = false;
    });
  }

  protected handlers(): Handlers {
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
        // The score sheet shows the hand's commitment, as this page kept it.
        const g = dialog === 'sheet' ? this.state.game : null;
        this.set({ ...this.state, dialog, ...(g ? { verifying: this.fair.entry(g.table) ?? null } : {}) });
        if (dialog === 'stats') this.askStats();
        if (dialog === 'achievements') this.askAchievements();
      },
      askLeaders: (request) => {
        const id = this.sendRequest(request);
        if (id) this.set({ ...this.state, stats: { ...this.state.stats, paging: id } });
      },
      setLook: (look: Look) => this.setLook(look),
      wearUnlocked: (item: string | null) => {
        // One card shows every unlock not answered yet: its answer is theirs.
        if (this.state.unlocked.length === 0) return;
        this.set({ ...this.state, unlocked: [] });
        if (item !== null) this.setLook({ face: this.state.look.face, wearing: item });
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
        this.notice(pageWords('saved'), 'info');
      },
      language: (lang) => this.chooseLanguage(lang, true),
      dismissMoon: () => this.set(dismissMoon(this.state)),
      retryConnection: () => this.connection.retry(),
      playOffline: () => void this.playOffline(),
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
        this.notice(pageWords('partFailed'), 'error');
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
      quickMatch: () => this.people()?.quickMatch(),
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
      openPlayer: (player, name) => {
        this.prompt({ kind: 'player', player, name });
        // Their ratings, shown in the dialog when they come (no ack asked).
        this.connection.send({ t: 'profile', player });
      },
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
        const done = (): void => this.notice(pageWords('copied'), 'info');
        const failed = (): void => this.notice(pageWords('noCp'), 'error');
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

  /** Opens the Review dialog and asks the server for the game's review (it takes a moment). */
  private openReview(table: string): void {
    const id = this.requests.nextId++;
    if (!this.connection.send({ t: 'review', table, id })) {
      this.wake();
      this.set({ ...this.state, dialog: 'review', review: { table, status: 'failed', data: null, error: pageWords('offA') } });
      return;
    }
    this.requests.reviewId = id;
    this.set({ ...this.state, dialog: 'review', review: { table, status: 'loading', data: null, error: null } });
  }

  /** Asks the server what the search would do here; the answer (`hint`) is shown while it applies. */
  protected askHint(): void {
    const g = this.state.game;
    // One in flight, unless it is about a position already gone.
    if (g === null || !canAskHint(this.state) || (this.state.hint?.status === 'asking' && hintShown(this.state) !== null)) return;
    const phase = g.view.phase === 'pass' ? 'pass' : 'play';
    const hint: HintState = { table: g.table, hand: g.view.hand, held: g.view.cards.length, phase, version: g.version, status: 'asking', action: null, cards: [], text: pageWords('thk') };
    const id = this.requests.nextId++;
    if (!this.connection.send({ t: 'hint', table: g.table, id })) {
      this.wake();
      this.set({ ...this.state, hint: { ...hint, status: 'failed', text: pageWords('offA') } });
      return;
    }
    this.requests.hintId = id;
    this.set({ ...this.state, hint });
  }

  protected cardClicked(card: Card): void {
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
      this.notice(pageWords(v.passed.length > 0 ? 'oPs' : 'wM'), 'info', 'hand');
      return;
    }
    if (s.pending !== null || s.busy) return;
    if (isMyTurnToPlay(s) && v.legal.includes(card)) {
      this.send({ t: 'play', table: g.table, card }, 'play');
      return;
    }
    this.notice(illegalReason(v, card), 'error', 'hand');
  }

  protected pass(): void {
    const s = this.state;
    const g = s.game;
    if (g === null || !passReady(s)) return;
    const [a, b, c] = s.selected;
    if (a && b && c) this.send({ t: 'pass', table: g.table, cards: [a, b, c] }, 'pass');
  }

  /** New game: at once, or after "Start a new game?" while a game is being played. */
  protected newGame(): void {
    const v = this.state.game?.view;
    const inProgress = v !== undefined && v.phase !== 'game_over' && this.state.screen === 'table';
    if (inProgress) this.prompt({ kind: 'new-game' });
    else this.startNewGame();
  }

  protected startNewGame(): void {
    // With a commitment to the next game's salt in hand, this page's own number goes into
    // the seed; the commitment is used once (the server sends a fresh one after).
    const commit = this.requests.nextDeal;
    const nonce = commit === null ? undefined : freshNonce();
    if (this.send({ t: 'new_game', ...newGameOptions(this.state.settings), ...(nonce === undefined ? {} : { nonce }) }, 'new_game')) {
      const id = this.state.pending?.id;
      if (commit !== null && nonce !== undefined && id !== undefined) {
        this.requests.nextDeal = null;
        this.requests.mixing = { id, commit, nonce };
      }
      this.endWatching();
      this.following.table = null;
      this.following.lastVersion = -1;
      this.following.lastView = null;
      this.queue.length = 0;
      this.set({ ...this.state, dialog: null, selected: [] });
    }
  }
}
