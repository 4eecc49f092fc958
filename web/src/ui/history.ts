// The browser's Back button closes what the page opened over the table or the start
// screen (the lobby, a dialog) instead of leaving the site: while one is open it has a
// history entry of its own. The address never changes.

/** What is open over the page: 'lobby', 'dialog:settings' …, or null for nothing. */
export type Layer = string | null;

const KEY = 'hearts';

export class BackButton {
  private layer: Layer = null;
  /** Pops this page caused itself (closing a layer with its own button), to ignore. */
  private ownPops = 0;

  constructor(
    private readonly win: Window,
    private readonly onBack: (layer: string) => void,
  ) {
    win.addEventListener('popstate', () => this.popped());
    // A reload keeps the entry of a layer that was open: nothing is open now.
    if (isOurs(win.history.state)) win.history.replaceState(null, '');
  }

  /** Says what is open now; called after every change on screen. */
  sync(layer: Layer): void {
    if (layer === this.layer) return;
    const was = this.layer;
    this.layer = layer;
    const history = this.win.history;
    if (was === null && layer !== null) {
      history.pushState({ [KEY]: layer }, '');
    } else if (layer !== null) {
      history.replaceState({ [KEY]: layer }, '');
    } else if (isOurs(history.state)) {
      // Closed by its own button: take its entry back off, so Back then leaves the page
      // as it would have before.
      this.ownPops += 1;
      history.back();
    }
  }

  private popped(): void {
    if (this.ownPops > 0) {
      this.ownPops -= 1;
      return;
    }
    const layer = this.layer;
    if (layer === null) return;
    this.layer = null; // its entry is gone: closing it must not go back again
    this.onBack(layer);
  }
}

function isOurs(state: unknown): boolean {
  return typeof state === 'object' && state !== null && KEY in state;
}
