// localStorage behind a small interface, with an in-memory fallback for browsers that
// refuse storage (cookies disabled, some private modes), so the game still runs there
// and the page can say that nothing will be kept.

export interface KeyValueStore {
  /** False when nothing survives a reload. */
  readonly persistent: boolean;
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    persistent: false,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

/**
 * localStorage when it works (reading the property can throw), else memory; with
 * 'session', the tab's sessionStorage (kept across a reload, Back and Forward, not shared
 * with other tabs).
 */
export function browserStore(kind: 'local' | 'session' = 'local'): KeyValueStore {
  try {
    const ls = kind === 'session' ? window.sessionStorage : window.localStorage;
    const probe = 'hearts.probe';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return {
      persistent: true,
      get: (key) => {
        try {
          return ls.getItem(key);
        } catch {
          return null;
        }
      },
      set: (key, value) => {
        try {
          ls.setItem(key, value);
        } catch {
          // Quota or policy: the game goes on without persistence.
        }
      },
      remove: (key) => {
        try {
          ls.removeItem(key);
        } catch {
          // as above
        }
      },
    };
  } catch {
    return memoryStore();
  }
}

export interface Identity {
  readonly player: string;
  readonly token: string;
}

const PLAYER_KEY = 'hearts.player';
const TOKEN_KEY = 'hearts.token';

export function loadIdentity(store: KeyValueStore): Identity | null {
  const player = store.get(PLAYER_KEY);
  const token = store.get(TOKEN_KEY);
  return player && token ? { player, token } : null;
}

export function saveIdentity(store: KeyValueStore, id: Identity): void {
  store.set(PLAYER_KEY, id.player);
  store.set(TOKEN_KEY, id.token);
}

export function clearIdentity(store: KeyValueStore): void {
  store.remove(PLAYER_KEY);
  store.remove(TOKEN_KEY);
}

// The table this tab shows, kept in the tab's own storage: after a reload (or Back then
// Forward) the page comes back to it, a finished game too, which the server no longer
// lists among the player's tables.
const TABLE_KEY = 'hearts.table';

export function loadShownTable(store: KeyValueStore): string | null {
  return store.get(TABLE_KEY);
}

export function saveShownTable(store: KeyValueStore, table: string): void {
  if (store.get(TABLE_KEY) !== table) store.set(TABLE_KEY, table);
}

export function clearShownTable(store: KeyValueStore): void {
  store.remove(TABLE_KEY);
}
