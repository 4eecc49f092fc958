// A finished game's record: the download, the replay from it, a shared replay by its
// link, and sharing a replay. The fetching is the replay chunk's (fetch-replay.ts).

import { pageWords } from '../i18n/page';
import type { ReplayStart, ReplayState } from '../state/state';
import { loadIdentity } from '../state/storage';
import { saveBlob } from '../ui/dom';
import { REPLAY_PART } from '../table/parts';
import { AppConnection } from './connection-events';

function failed(loading: ReplayState): ReplayState {
  return { ...loading, status: 'failed', error: pageWords('partFailed') };
}

export abstract class AppRecords extends AppConnection {
  /**
   * Fetches the finished game's record and saves it as `hearts-<table>.json` (the replay's
   * chunk fetches it: fetch-replay.ts). A refusal shows the server's reason ("Unknown
   * player or wrong token", "the game is not over").
   */
  protected async downloadRecord(table: string): Promise<void> {
    if (this.downloading) return;
    this.downloading = true;
    const got = await this.fetchRecord(table).finally(() => (this.downloading = false));
    if (typeof got === 'string') {
      this.notice(pageWords('noRec', { why: got }), 'error');
      return;
    }
    saveBlob(got, `hearts-${table}.json`, this.view.appEl);
  }

  /** The finished game's record, or why it could not be had. */
  private async fetchRecord(table: string): Promise<Blob | string> {
    const part = await this.replayPart();
    return part === null ? pageWords('partFailed') : part.fetchRecord(this.fetcher, loadIdentity(this.store), table, this.offlineFetch);
  }

  /** Opens the Replay dialog on the player's own game (at `at`, from the review) and downloads its record into it. */
  protected async openReplay(table: string, at?: ReplayStart): Promise<void> {
    const loading: ReplayState = { table, link: null, status: 'loading', record: null, names: null, error: null, sharing: null, ...(at ? { at } : {}) };
    this.set({ ...this.state, dialog: 'replay', replay: loading });
    const part = await this.replayPart();
    const got = part === null ? '' : await part.fetchRecord(this.fetcher, loadIdentity(this.store), table, this.offlineFetch);
    const next = part === null ? failed(loading) : await part.ownReplay(loading, got);
    // Only if the dialog still waits for this game.
    if (this.state.replay === loading) this.set({ ...this.state, replay: next });
  }

  /** Opens the replay of a shared game (`?replay=<share>`): anyone may, without a token. */
  protected async openSharedReplay(link: string, board = false): Promise<void> {
    const loading = { table: null, link, status: 'loading', record: null, names: null, error: null, sharing: null, ...(board ? { board } : {}) } as const;
    this.set({ ...this.state, dialog: 'replay', replay: loading });
    const part = await this.replayPart();
    const next = part === null ? failed(loading) : await part.fetchSharedReplay(this.fetcher, loading);
    if (this.state.replay === loading) this.set({ ...this.state, replay: next });
  }

  /** The replay's chunk (it reads what is downloaded), or null when it could not be had. */
  private replayPart(): Promise<typeof import('../parts/replay/replay-part') | null> {
    return REPLAY_PART.load().catch(() => null);
  }

  /** Allows the replay of the player's game to be shared; the server answers with `shared`. */
  protected shareReplay(): void {
    const r = this.state.replay;
    if (r === null || r.table === null || r.sharing?.status === 'asking') return;
    const id = this.requests.nextId++;
    if (!this.connection.send({ t: 'share', table: r.table, id })) {
      this.wake();
      this.set({ ...this.state, replay: { ...r, sharing: { status: 'failed', error: pageWords('offT') } } });
      return;
    }
    this.requests.shareId = id;
    this.set({ ...this.state, replay: { ...r, sharing: { status: 'asking' } } });
  }
}
