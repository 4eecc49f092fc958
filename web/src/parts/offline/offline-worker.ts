// The server the page plays against with no network (docs/offline.md), in a Web Worker:
// the WebAssembly build of wasm/offline.h, which answers the browser protocol for games
// against the computer as `hearts serve` does. The page's socket (worker-socket.ts) posts
// each message it would send the server; the worker posts back the frame the server would
// send, one message a line. The game is kept in IndexedDB after every message that changed
// it, and put back when the worker starts, so a game resumes after the page was closed.

import createHeartsEngine, { type HeartsEngine } from 'hearts-engine';
import wasmUrl from 'hearts-engine-wasm?url';
import { loadGame, saveGame } from './saved-game';

/** The worker's side of its messages (the page's lib has no worker types). */
const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
};

/** A fresh 64-bit random number in decimal: the seed of a game the message may start. */
function freshSeed(): string {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0] ?? 0) << 32n) | BigInt(words[1] ?? 0)).toString();
}

async function start(): Promise<HeartsEngine> {
  const engine = await createHeartsEngine({ locateFile: () => wasmUrl });
  const saved = await loadGame().catch(() => null);
  if (saved !== null) {
    const error = engine.ccall('hearts_offline_restore', 'string', ['string'], [saved]);
    // A game this version cannot read back is left where it is, not lost: a newer page may.
    if (error !== '') console.warn(`hearts: the game kept offline could not be put back: ${error}`);
  }
  return engine;
}

const ready = start();
let last = '';
// One message at a time, in order: each waits for the one before and its save.
let queue: Promise<unknown> = ready;

/** A finished game's record, asked by the page's Download and Replay (offline-part.ts). */
function recordAsked(data: unknown): { readonly record: string; readonly id: number } | null {
  if (typeof data !== 'object' || data === null) return null;
  const o = data as Record<string, unknown>;
  return typeof o['record'] === 'string' && typeof o['id'] === 'number' ? { record: o['record'], id: o['id'] } : null;
}

scope.onmessage = (ev: MessageEvent<unknown>) => {
  const asked = recordAsked(ev.data);
  if (asked !== null) {
    // After the messages before it: the card that ended the game is played first.
    queue = queue.then(async () => {
      const engine = await ready;
      const text = engine.ccall('hearts_offline_record', 'string', ['string'], [asked.record]);
      scope.postMessage({ record: asked.id, text });
    });
    return;
  }
  if (typeof ev.data !== 'string') return;
  const text = ev.data;
  queue = queue.then(async () => {
    const engine = await ready;
    const frame = engine.ccall('hearts_offline_receive', 'string', ['string', 'string'], [text, freshSeed()]);
    const saved = engine.ccall('hearts_offline_saved', 'string', [], []);
    if (saved !== last && saved !== '') {
      last = saved;
      // Kept before the answer goes: a page closed right after its card finds it there.
      await saveGame(saved).catch((e: unknown) => console.warn(`hearts: the offline game could not be kept: ${String(e)}`));
    }
    scope.postMessage(frame);
  });
};

ready.then(
  () => scope.postMessage({ ready: true }),
  (e: unknown) => scope.postMessage({ failed: String(e) }),
);
