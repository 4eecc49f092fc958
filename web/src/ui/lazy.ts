// A part of the page that lives in a chunk of its own (Vite splits at each dynamic
// `import()`), downloaded once, the first time the page needs it. It keeps the first
// load small: a solo game never downloads the lobby, the chat or the statistics.
//
// `get()` is the module once it is here, or null; `load()` starts the download (once)
// and resolves with it. A download that failed (the server was updated and the old
// chunk is gone, or the network dropped) can be tried again by calling `load()` again.

import { wordsReady } from '../i18n/words';

export class Part<M> {
  private module: M | null = null;
  private loading: Promise<M> | null = null;

  constructor(private readonly importer: () => Promise<M>) {}

  get(): M | null {
    return this.module;
  }

  load(): Promise<M> {
    // The chunk's words in the language in use come before it is shown (i18n/words.ts).
    this.loading ??= this.importer().then(
      async (m) => {
        await wordsReady();
        return (this.module = m);
      },
      (e: unknown) => {
        this.loading = null;
        throw e;
      },
    );
    return this.loading;
  }

  /** Tests: the module as if it had been downloaded (`m`), or not yet (null). */
  provide(m: M | null): void {
    this.module = m;
    this.loading = m === null ? null : Promise.resolve(m);
  }
}
