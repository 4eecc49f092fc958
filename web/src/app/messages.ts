// The server's messages as the controller handles them: the welcome, tables entered and
// left, the answers to its requests by id, and errors.

import { hintText } from '../game/a11y';
import { languageOf } from '../i18n/langs';
import { serverText } from '../i18n/server';
import { unlockedWords } from '../game/achievement-words';
import { pageWords } from '../i18n/page';
import { readUnread } from '../net/read-fields';
import type { Card, ServerMessage, TableInfo, View } from '../net/types';
import type { PeopleMessage } from '../people/social-control';
import { socialWords } from '../i18n/social';
import { applyTableInfo } from '../state/social';
import { hintShown, checkVersion } from '../state/state';
import { clearIdentity, clearShownTable, loadShownTable, saveIdentity, saveShownTable } from '../state/storage';
import { completeUpdate } from '../state/update';
import { DIALOGS_PART, REVIEW_PART } from '../table/parts';
import { AppQueue } from './animation-queue';
import { QUIET_MS } from './app-core';

/** When the server could not check who I am (its database is away), hello goes again after this. */
const HELLO_RETRY_MS = 3000;

/** ... and after this when it made no new player for my address just now. */
const HELLO_RETRY_LIMITED_MS = 20000;

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
    case 'rating':
    case 'profile':
    case 'challenge':
    case 'challenge_over':
    case 'unwatched':
      return m;
    default:
      return null;
  }
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

export abstract class AppMessages extends AppQueue {
  protected onMessage(m: ServerMessage): void {
    if ('table' in m && m.table === this.following.table) this.watchQuiet();
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
        if (m.view.watching === true && this.following.watching !== m.table) return;
        if (m.table !== this.following.table) this.enterTable(m.table);
        // The game is shown now (it may have started while the player looked at the lobby).
        this.people()?.lobbyOff();
        if (this.following.resumeTable === m.table) this.following.resumeTable = null;
        if (this.snapshotTimer !== null) clearTimeout(this.snapshotTimer);
        this.snapshotTimer = null;
        this.following.table = m.table;
        this.following.lastVersion = m.v;
        this.following.lastView = m.view;
        if (this.following.restoring === m.table) this.following.restoring = null;
        if (m.view.watching !== true) saveShownTable(this.tabStore, m.table);
        this.quietMs = QUIET_MS;
        this.watchQuiet();
        // The game this page mixed its number into: kept with the commitment it had before.
        if (this.requests.mixing !== null && this.state.pending?.id === this.requests.mixing.id && m.view.watching !== true && m.daily === null) {
          this.fair.mixed(m.table, this.requests.mixing.commit, this.requests.mixing.nonce);
          this.requests.mixing = null;
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
        if (m.table === this.following.table && this.following.lastVersion < 0) {
          // The game started (or went on) before this page had a view of it.
          this.wantSnapshot(m.table, true);
          return;
        }
        switch (checkVersion(this.following.table, this.following.lastVersion, m)) {
          case 'apply': {
            const full = completeUpdate(m, this.following.lastView);
            if (full === null) {
              // Nothing to complete its view from (cannot happen after a snapshot).
              this.catchUp();
              return;
            }
            this.following.lastVersion = m.v;
            this.following.lastView = full.view;
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
        if (m.id === this.requests.resumeId) this.following.resumeTable = null;
        this.people()?.onAck(m.id);
        if (this.state.pending?.id === m.id) {
          this.following.ackedVersion = m.v;
          // Its updates come before the ack: one ahead of them means they were lost on the way.
          if (this.following.lastVersion >= 0 && m.v > this.following.lastVersion) this.catchUp();
          this.settlePending();
        }
        return;
      case 'error':
        // A refused new_game used no salt: its commitment holds for the next one (unless
        // the server said there is none, or sent a fresh one already).
        if (this.requests.mixing !== null && m.id === this.requests.mixing.id) {
          if (this.requests.nextDeal === null && m.code !== 'state') this.requests.nextDeal = this.requests.mixing.commit;
          this.requests.mixing = null;
        }
        this.onError(m);
        return;
      case 'pong':
        return;
      case 'next_deal':
        this.requests.nextDeal = m.commit;
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
        if (m.table === this.following.table) {
          this.message('removed', pageWords('gone'), [socialWords('removed'), pageWords('back')]);
        }
        return;
      case 'you':
        this.setSocial({ player: m.player, name: m.name });
        this.people()?.nameAccepted();
        return;
      // Read by the dialogs' chunk, which these wait for (and all that comes after them).
      case 'stats':
        this.withPart(DIALOGS_PART, (d) => {
          const data = readUnread(m, d.readStats);
          if (data === null) return;
          this.requests.statsId = null;
          this.set({ ...this.state, stats: { loading: false, data, error: null } });
        });
        return;
      case 'leaderboard':
        this.withPart(DIALOGS_PART, (d) => {
          const board = readUnread(m, d.readLeaderboard);
          if (board !== null) this.set({ ...this.state, stats: { ...this.state.stats, board, paging: 0 } });
        });
        return;
      case 'achievements':
        this.withPart(DIALOGS_PART, (d) => {
          const a = readUnread(m, d.readAchievements);
          if (a === null) return;
          this.requests.achievementsId = null;
          this.set({ ...this.state, look: a.look, achievements: { loading: false, list: a.list, error: null } });
        });
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
      case 'lang':
        // Chosen on another connection of mine.
        if (languageOf(m.lang) !== this.state.settings.lang) this.chooseLanguage(languageOf(m.lang), false);
        return;
      case 'review':
        this.withPart(REVIEW_PART, (part) => {
          const data = readUnread(m, part.readReview);
          const r = this.state.review;
          if (data === null || r === null || r.table !== data.table) return;
          this.requests.reviewId = null;
          this.set({ ...this.state, review: { ...r, status: 'ready', data, error: null } });
        });
        return;
      case 'hint': {
        const h = this.state.hint;
        if (h === null || h.table !== m.table || h.status !== 'asking' || m.v < h.version) return;
        this.requests.hintId = null;
        const text = hintText(m);
        this.set({ ...this.state, hint: { ...h, status: 'ready', action: m.action, cards: m.cards, text } });
        // Said only while it is still about the position on screen.
        if (hintShown(this.state) !== null) this.say(text);
        return;
      }
      case 'daily':
        this.dailyControl?.onBoard(m);
        return;
      case 'shared': {
        const r = this.state.replay;
        if (r === null || r.table !== m.table) return;
        this.requests.shareId = null;
        const sharing = m.share === null ? ({ status: 'waiting', waiting: m.waiting } as const) : ({ status: 'ready', share: m.share } as const);
        this.set({ ...this.state, replay: { ...r, sharing } });
        return;
      }
    }
  }

  private onWelcome(m: Extract<ServerMessage, { t: 'welcome' }>): void {
    this.welcomed = true;
    // A new connection: its own next_deal follows; what the last one had is no longer the server's.
    this.requests.nextDeal = null;
    this.requests.mixing = null;
    // The offline server answers with the identity it was given, or none ("offline").
    if (this.offlineSocket === null) saveIdentity(this.store, { player: m.player, token: m.token });
    this.following.resumeTable = null;
    this.setSocial({ player: m.player, name: m.name, relations: m.relations });
    this.set({ ...this.state, look: m.look });
    // The language kept with the player: theirs from another device, unless one chosen
    // here is still to be told; one chosen here before the server kept any is told now.
    const kept = languageOf(m.lang);
    if (this.langUnsent || (kept === null && this.state.settings.lang !== null)) this.tellLanguage();
    else if (kept !== this.state.settings.lang) this.chooseLanguage(kept, false);
    // Open over a lost connection: a request sent before it was lost has no answer coming.
    if (this.state.dialog === 'stats') this.askStats();
    if (this.state.dialog === 'achievements') this.askAchievements();
    const code = this.joinCode;
    this.joinCode = null;
    const watch = this.watchCode;
    this.watchCode = null;
    const shown = loadShownTable(this.tabStore);
    this.following.restoring = null;
    if (this.following.table !== null) {
      this.resume(this.following.table, this.following.lastVersion);
    } else if (watch !== null) {
      this.set({ ...this.state, screen: 'start' });
      this.withPeople((p) => p.watch(watch));
    } else if (code !== null) {
      if (m.tables.includes(code)) {
        this.following.table = code;
        this.following.lastVersion = -1;
        this.following.lastView = null;
        this.resume(code, null);
      } else {
        this.set({ ...this.state, screen: 'start' });
        this.withPeople((p) => p.joinLink(code));
      }
    } else if (shown !== null) {
      // The table this tab showed before a reload, a finished game too (the server lists
      // only unfinished ones): if it is gone, the first listed one, or the start.
      this.following.restoring = shown;
      this.following.restoreElse = m.tables.find((t) => t !== shown) ?? null;
      this.following.table = shown;
      this.following.lastVersion = -1;
      this.following.lastView = null;
      this.resume(shown, null);
    } else if (m.tables[0] !== undefined) {
      // This page shows that table from now on: what comes before its snapshot (its
      // `table`, `removed`, the chat) belongs to it.
      this.following.table = m.tables[0];
      this.following.lastVersion = -1;
      this.following.lastView = null;
      this.resume(m.tables[0], null);
    } else if (this.state.screen !== 'lobby') {
      this.set({ ...this.state, screen: this.state.screen === 'lost' ? 'lost' : 'start' });
    }
    this.people()?.welcomed(this.following.table === null);
    this.dailyControl?.welcomed();
  }

  // ---- tables ----

  /** This page now shows `table` (another than before): forget the old one. */
  enterTable(table: string): void {
    this.endWatching(table);
    const rematch = this.people()?.entering(table) ?? false;
    this.following.table = table;
    this.following.lastVersion = -1;
    this.following.lastView = null;
    this.queue.length = 0;
    this.following.resumeTable = null;
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
    if (table !== this.following.table) return;
    this.setSocial(applyTableInfo(this.state.social, table, info, this.now()));
    if (info.you !== null && this.state.game?.table !== table) this.wantSnapshot(table);
  }

  /** Leaves the table on this page (after leave, concede, or the end of a game). */
  /** Stops watching (the server is told), unless it is `keep` that is watched. */
  protected endWatching(keep: string | null = null): void {
    if (this.following.watching === null || this.following.watching === keep) return;
    this.connection.send({ t: 'watch', table: this.following.watching, on: false });
    this.following.watching = null;
  }

  forgetTable(): void {
    this.endWatching();
    clearShownTable(this.tabStore);
    this.following.restoring = null;
    this.following.table = null;
    this.following.lastVersion = -1;
    this.following.lastView = null;
    this.queue.length = 0;
    this.following.resumeTable = null;
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
    if (m.id !== undefined && m.id === this.requests.resumeId) {
      this.following.resumeTable = null;
      if (this.following.watching !== null) {
        // Watching again (after a reconnect or a gap) was refused: the table is over, or
        // no longer allows watchers. Back to the lobby, with the server's reason.
        this.requests.resumeId = null;
        const reason = serverText(m);
        this.withPeople((p) => p.stopWatching(reason));
        return;
      }
    }
    if (m.id !== undefined && m.id === this.requests.reviewId) {
      this.requests.reviewId = null;
      const r = this.state.review;
      if (r !== null) this.set({ ...this.state, review: { ...r, status: 'failed', error: serverText(m) } });
      return;
    }
    if (m.id !== undefined && m.id === this.requests.hintId) {
      this.requests.hintId = null;
      const h = this.state.hint;
      if (h !== null) this.set({ ...this.state, hint: { ...h, status: 'failed', text: serverText(m) } });
      return;
    }
    if (m.id !== undefined && m.id === this.requests.shareId) {
      this.requests.shareId = null;
      const r = this.state.replay;
      if (r !== null) this.set({ ...this.state, replay: { ...r, sharing: { status: 'failed', error: serverText(m) } } });
      return;
    }
    if (m.id && (m.id === this.requests.statsId || m.id === this.state.stats.paging)) {
      // The statistics or another page of the leaderboard, refused: what is on show stays, with the reason.
      this.requests.statsId = null;
      this.set({ ...this.state, stats: { ...this.state.stats, loading: false, paging: 0, error: serverText(m) } });
      return;
    }
    if (m.id !== undefined && m.id === this.requests.achievementsId) {
      this.requests.achievementsId = null;
      this.set({ ...this.state, achievements: { loading: false, list: this.state.achievements.list, error: serverText(m) } });
      return;
    }
    if (m.id !== undefined && m.id === this.requests.lookId) {
      this.requests.lookId = null;
      if (this.requests.lookBefore !== null) this.set({ ...this.state, look: this.requests.lookBefore });
      this.notice(serverText(m), 'error');
      return;
    }
    if (this.dailyControl?.onError(m) === true || this.people()?.onError(m) === true) return;
    if ((m.code === 'server' || m.code === 'rate_limited') && !this.welcomed && m.id === undefined) {
      // The server could not check who I am (its database is away for a moment), or made
      // no new player just now: that is not a "no", so the identity stays and hello goes
      // again a little later.
      this.notice(serverText(m), 'error');
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
        if (m.id !== undefined && m.id === this.requests.resumeId && this.following.restoring !== null) {
          // The table this tab showed before the reload is gone (a finished game kept no
          // longer): on to the player's other table, or quietly to the start.
          const next = this.following.restoreElse;
          this.forgetTable();
          if (next !== null) {
            this.following.table = next;
            this.following.lastVersion = -1;
            this.following.lastView = null;
            this.resume(next, null);
          } else {
            this.set({ ...this.state, screen: 'start' });
          }
          return;
        }
        if (m.id !== undefined && m.id === this.requests.resumeId) {
          this.forgetTable();
          this.set({ ...this.state, game: null, screen: 'lost' });
          return;
        }
        this.notice(serverText(m), 'error');
        return;
      default:
        // A refused card or pass is about the hand; anything else answers the page.
        this.notice(serverText(m), 'error', mine && (pending.kind === 'play' || pending.kind === 'pass') ? 'hand' : 'page');
        if (this.following.table && (m.code === 'illegal' || m.code === 'not_your_turn')) {
          // Our view may be behind: ask for what we missed.
          this.catchUp();
        }
    }
  }

  /** The pending action is done once its ack arrived and its version is on screen. */
  protected settlePending(): void {
    const p = this.state.pending;
    const shown = this.state.game?.version ?? -1;
    if (p !== null && this.following.ackedVersion !== null && shown >= this.following.ackedVersion && !this.running) {
      this.following.ackedVersion = null;
      this.set({ ...this.state, pending: null });
    }
  }
}
