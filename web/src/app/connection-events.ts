// The connection's events as the controller handles them: its state (trouble, gave up,
// stopped for inactivity), opening (hello), resuming a table, and asking again when a
// table has been quiet too long.

import { inTrouble, secondsLeft, type ConnState } from '../net/reconnect';
import { pageWords } from '../i18n/page';
import { socialWords } from '../i18n/social';
import { atPeopleTable } from '../state/state';
import { loadIdentity } from '../state/storage';
import { AppCore } from './app-core';

/** How long to wait for the snapshot the server sends on its own before asking for one. */
const SNAPSHOT_GRACE_MS = 600;

export const QUIET_MAX_MS = 80_000;

export abstract class AppConnection extends AppCore {
  // ---- connection ----

  protected onConnState(c: ConnState): void {
    const was = this.state.conn.kind;
    this.set({ ...this.state, conn: c, giveUpIn: secondsLeft(c, Date.now(), this.policy) });
    if ((inTrouble(c) || c.kind === 'stopped') && this.state.pending !== null) this.set({ ...this.state, pending: null });
    if (c.kind !== 'open' && this.state.social.request !== null) this.setSocial({ request: null });
    // A hint asked on a connection that went will not come: it can be asked again.
    if (c.kind !== 'open' && this.state.hint?.status === 'asking') {
      this.requests.hintId = null;
      this.set({ ...this.state, hint: null });
    }
    if (c.kind === 'stopped' && was !== 'stopped') {
      this.people()?.stopped();
      const s = this.state;
      if (s.screen === 'lobby' || s.screen === 'room' || atPeopleTable(s)) {
        // A lobby nobody updates any more is no place to stay: "Multiplayer" brings it back.
        if (s.screen === 'lobby') this.set({ ...this.state, screen: 'start', social: { ...this.state.social, lobby: null } });
        this.message('inactivity', pageWords('gone'), [socialWords('inactivity')]);
      } else {
        // A solo game (or the start screen) waits for nobody: no dialog in the way, the
        // player's next action reconnects (`wake`).
        this.notice(socialWords('soloInactivity'), 'info');
      }
    } else if (c.kind === 'open' && this.waking) {
      this.waking = false;
      // The welcome that follows resumes the table; what it shows is the game as it is.
      this.notice(pageWords('recd'), 'info');
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
    this.notice(pageWords('recg'), 'info');
    return true;
  }

  protected onOpen(): void {
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
    const id = this.requests.nextId++;
    this.requests.resumeId = id;
    this.following.resumeTable = table;
    // A watcher comes back by watching again: a snapshot a trick late.
    if (this.following.watching === table) {
      this.connection.send({ t: 'watch', table, on: true, id });
      return;
    }
    const from = since !== null && since >= 0 ? since : null;
    this.connection.send(from === null ? { t: 'resume', table, id } : { t: 'resume', table, since: from, id });
  }

  /** (Re)starts the wait for the table's next word (QUIET_MS). */
  protected watchQuiet(): void {
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
    const table = this.following.table;
    const v = this.following.lastView;
    if (table === null || v === null || this.following.watching === table || v.phase === 'game_over') return;
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
      this.following.ackedVersion = null;
      this.set({ ...this.state, pending: null });
    }
    this.following.resumeTable = null; // a resume whose answer was lost too
    this.resume(table, this.following.lastVersion);
    this.quietMs = Math.min(this.quietMs * 2, QUIET_MAX_MS);
    this.watchQuiet();
  }

  /** Asks for what was missed at the current table, once per gap. */
  protected catchUp(): void {
    if (this.following.table === null || this.following.resumeTable === this.following.table) return;
    this.resume(this.following.table, this.following.lastVersion);
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
      if (this.following.table === table && this.state.game?.table !== table && this.following.resumeTable !== table) this.resume(table, null);
    };
    if (now) ask();
    else this.snapshotTimer = setTimeout(ask, SNAPSHOT_GRACE_MS);
  }
}
