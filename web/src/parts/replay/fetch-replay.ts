// Downloading a finished game and reading it into the Replay dialog's state (records.ts
// asks): the player's own record (with the token in a header, never in an address), or a
// shared game by its link (docs/protocol.md, "Replays and share links"). In the replay's
// chunk: nothing of it is needed before a record is asked for.

import { replayWords as w } from '../../i18n/replay';
import { language } from '../../i18n/words';
import type { ReplayState } from '../../state/state';

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** The server's own words for a refusal (plain text, English), when the page speaks English. */
async function ownWords(res: Response): Promise<string> {
  return language() === 'en' ? (await res.text().catch(() => '')).trim() : '';
}

/** Why the server refused, a clause in the language in use, by the status (docs/protocol.md, "Replays and share links"). */
function refusal(status: number, shared: boolean): string {
  switch (status) {
    case 404:
      return w(shared ? 'noLink' : 'gone');
    case 401:
    case 403:
      return w('unknown');
    case 503:
      return w('dbAway');
    default:
      return w('answered', { status: String(status) });
  }
}

export function recordPath(table: string): string {
  return `/api/games/${encodeURIComponent(table)}/record.json`;
}

/**
 * The finished game's record, or why it could not be had, a clause in the language in use
 * ("no answer from the server"; the server's own reason when it gave one). The token goes in the Authorization header: an address with it would be kept in
 * the history, copied with the link and written to logs (the server refuses `?token=`).
 * While the page plays offline, `offline` (parts/offline) answers from the offline
 * server, which needs no token.
 */
export async function fetchRecord(
  fetcher: Fetcher,
  id: { readonly player: string; readonly token: string } | null,
  table: string,
  offline: Fetcher | null = null,
): Promise<Blob | string> {
  if (id === null && offline === null) return w('noPlayer');
  try {
    const headers: Record<string, string> = id === null || offline !== null ? {} : { Authorization: `Bearer ${id.player}:${id.token}` };
    const res = await (offline ?? fetcher)(recordPath(table), { headers, cache: 'no-store' });
    if (!res.ok) return (await ownWords(res)) || refusal(res.status, false);
    return await res.blob();
  } catch {
    return w('noAnswer');
  }
}

/** Where anyone fetches a shared game. */
export function sharedReplayPath(link: string): string {
  return `/api/replays/${encodeURIComponent(link)}`;
}

/** The answer of `/api/replays/<share>` as a ready replay, or why it is not one. */
export function sharedReplay(loading: ReplayState, body: unknown): ReplayState {
  const o = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  const names = o?.['names'];
  const ok = Array.isArray(names) && names.length === 4 && names.every((n) => typeof n === 'string');
  if (o === null || !('record' in o)) return { ...loading, status: 'failed', error: w('notShared') };
  return { ...loading, status: 'ready', record: o['record'], names: ok ? (names as [string, string, string, string]) : null };
}

/** The player's own record (or why it could not be had) as the replay's state. */
export async function ownReplay(loading: ReplayState, got: Blob | string): Promise<ReplayState> {
  if (typeof got === 'string') return { ...loading, status: 'failed', error: w('downloadFailed', { why: got }) };
  try {
    return { ...loading, status: 'ready', record: JSON.parse(await got.text()) as unknown };
  } catch {
    return { ...loading, status: 'failed', error: w('notRecord') };
  }
}

/** Downloads a shared game (anyone may, without a token) as the replay's state. */
export async function fetchSharedReplay(
  fetcher: Fetcher,
  loading: ReplayState & { readonly link: string },
): Promise<ReplayState> {
  try {
    const res = await fetcher(sharedReplayPath(loading.link), { cache: 'no-cache' });
    if (!res.ok) {
      // The server's English sentence as it is; else the clause in a sentence.
      const own = await ownWords(res);
      return { ...loading, status: 'failed', error: own || w('downloadFailed', { why: refusal(res.status, true) }) };
    }
    return sharedReplay(loading, await res.json().catch(() => null));
  } catch {
    return { ...loading, status: 'failed', error: w('downloadFailed', { why: w('noAnswer') }) };
  }
}
