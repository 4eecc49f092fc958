// The live region that says what happens to a screen reader (the words are
// game/a11y.ts's).

/**
 * A polite live region used as a log: each message is a new paragraph (screen readers
 * read additions), and only the last few are kept.
 */
export class Announcer {
  constructor(
    private readonly region: HTMLElement,
    private readonly keep = 20,
  ) {
    region.setAttribute('aria-relevant', 'additions');
    region.setAttribute('role', 'log');
  }

  say(text: string): void {
    const p = document.createElement('p');
    p.textContent = text;
    this.region.append(p);
    while (this.region.childElementCount > this.keep) this.region.firstElementChild?.remove();
  }
}
