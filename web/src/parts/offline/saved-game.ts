// The game played offline, kept in IndexedDB (docs/offline.md): one record, the offline
// server's saved game (its setup and actions, wasm/offline.h), replaced after every change.

const DB = 'hearts-offline';
const STORE = 'games';
const KEY = 'current';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB would not open'));
  });
}

function request<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = act(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB refused the change'));
        };
      }),
  );
}

/** The game kept, or null when there is none. */
export async function loadGame(): Promise<string | null> {
  const value = await request('readonly', (s) => s.get(KEY) as IDBRequest<unknown>);
  return typeof value === 'string' ? value : null;
}

/** Keeps `saved` in place of the game kept before; resolves once it is on disk. */
export function saveGame(saved: string): Promise<unknown> {
  return request('readwrite', (s) => s.put(saved, KEY));
}
