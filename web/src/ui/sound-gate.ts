// Browsers let a page play sound only once the person has used it (a click, a tap or a
// key): until then the page asks for none, and makes no audio context at all.

export class SoundGate {
  private heard = false;

  constructor(target: EventTarget) {
    const on = (): void => {
      this.heard = true;
    };
    for (const type of ['pointerdown', 'keydown']) target.addEventListener(type, on, { capture: true, once: true });
  }

  /** Whether the person has clicked, tapped or pressed a key on the page yet. */
  get open(): boolean {
    return this.heard;
  }
}
