// The animation queue: every table message is shown in order, a played card flying from
// its player to the trick, a finished trick held and then swept to its winner; many
// queued at once are shown without animation, to catch up.

import { announce } from '../game/a11y';
import { pageWords } from '../i18n/page';
import type { Update } from '../net/types';
import { timing, type Timing } from '../state/settings';
import { applySnapshot, applyUpdate, clearHeldTrick, clearHighlight, settlePartial } from '../state/state';
import { centreOf, delay, flyFrom, pulse, sweepTo, type Point } from '../table/animate';
import { SOUND_PART } from '../table/parts';
import { SoundGate } from '../ui/sound-gate';
import type { TableMessage } from './app-core';
import { AppRecords } from './records';

/** How long a view waits for the rest of its change's events (state.ts, `partial`). */
const PARTIAL_MS = 1500;

const HIGHLIGHT_MS = 3000;

/** More queued events than this are shown without animation, to catch up. */
const CATCH_UP_QUEUE = 8;

/** Whether a claim is among the queued messages. */
function claimAhead(queue: readonly TableMessage[]): boolean {
  return queue.some((m) => m.t === 'update' && m.event.kind === 'claim');
}

export abstract class AppQueue extends AppRecords {
  /** A claim was shown: the rest of its hand is shown without animation. */
  private claimed = false;
  /** Sound only once the player has clicked or pressed a key (sound-gate.ts). */
  private readonly soundGate = new SoundGate(document);
  private player: import('../parts/sound/sound-part').Player | null = null;
  /** The version at which "your turn" was last sounded. */
  private turnSounded = -1;

  /** Plays what goes with `heard`, when the player has used the page and sound is on in Settings. */
  protected sound(heard: import('../parts/sound/sound-part').Heard): void {
    const { sound, volume } = this.state.settings;
    if (!this.soundGate.open || !sound || volume <= 0) return;
    void SOUND_PART.load().then(
      (m) => (this.player ??= new m.Player()).hear(heard, volume),
      () => undefined, // no sound is better than a notice about sound
    );
  }

  /** messages.ts: the pending action is done once its ack arrived and its version is on screen. */
  protected abstract settlePending(): void;

  // ---- the event queue ----

  protected enqueue(m: TableMessage): void {
    this.queue.push(m);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    this.set({ ...this.state, busy: true });
    try {
      while (this.queue.length > 0) {
        const m = this.queue.shift() as TableMessage;
        // A claim's change comes at once: every event of it carries the view at the hand's
        // end, which would animate the trick before the claim with the last trick's cards.
        const fast = this.claimed || claimAhead(this.queue) || this.queue.length >= CATCH_UP_QUEUE || document.hidden;
        const t = fast ? timing('off') : timing(this.state.settings.speed);
        if (m.t === 'snapshot') this.set(applySnapshot(this.state, m));
        else await this.present(m, t, fast);
        if (m.t === 'snapshot' || m.event.kind === 'deal' || m.event.kind === 'hand_over') this.claimed = false;
        else if (m.event.kind === 'claim') this.claimed = true;
      }
    } finally {
      this.running = false;
      this.set({ ...this.state, busy: false });
      this.settlePending();
      this.watchPartial();
      // "Your turn", once the table has settled on it (each update's view is the view
      // after its whole change), in a hidden tab too.
      const g = this.state.game;
      if (g !== null && g.view.phase === 'play' && !g.view.watching && g.view.toMove === g.view.seat && this.turnSounded !== g.version) {
        this.turnSounded = g.version;
        this.sound('turn');
      }
    }
  }

  /** A change whose last events never come (should not happen) is shown as it is after a while. */
  private watchPartial(): void {
    if (this.partialTimer !== null) clearTimeout(this.partialTimer);
    this.partialTimer = null;
    const g = this.state.game;
    if (g === null || !g.partial) return;
    const version = g.version;
    this.partialTimer = setTimeout(() => {
      this.partialTimer = null;
      if (this.state.game?.version === version && !this.running) this.set(settlePartial(this.state));
    }, PARTIAL_MS);
  }

  /** `fast`: catching up (or a claim's cards, or a hidden tab): shown at once, and heard only at a moon or the game's end. */
  private async present(m: Update, t: Timing, fast: boolean): Promise<void> {
    const ev = m.event;
    const me = m.view.seat;
    let from: Point | null = null;
    if (ev.kind === 'play') {
      const source = ev.seat === me ? this.view.handCard(ev.card) : this.view.seatBox(ev.seat);
      from = source ? centreOf(source) : null;
    }
    const trick = this.state.game?.heldTrick?.cards ?? null;
    this.set(applyUpdate(this.state, m));
    if (!fast || ev.kind === 'moon' || ev.kind === 'game_over') this.sound({ event: ev, view: m.view, trick: ev.kind === 'trick' ? (this.state.game?.heldTrick?.cards ?? trick) : null });
    // The cards a claim plays out are not read out one by one: the claim says it all.
    const words = this.claimed && (ev.kind === 'play' || ev.kind === 'trick' || ev.kind === 'hearts_broken') ? null : announce(ev, m.view);
    if (words) this.say(words);

    switch (ev.kind) {
      case 'play': {
        const el = this.view.trickCard(ev.card);
        if (el && from) await flyFrom(el, from, t.play);
        return;
      }
      case 'trick': {
        if (t.sweep === 0) return; // the trick stays in view until the next card
        await delay(t.trickPause);
        const held = this.state.game?.heldTrick;
        const target = this.view.seatBox(ev.winner);
        if (held && target) {
          const els = held.cards.map((c) => this.view.trickCard(c)).filter((e): e is HTMLElement => e !== undefined);
          await sweepTo(els, centreOf(target), t.sweep);
        }
        this.set(clearHeldTrick(this.state));
        return;
      }
      case 'hearts_broken':
        if (!this.claimed) this.notice(pageWords('brk'), 'info', 'hand');
        return;
      case 'exchange': {
        const els = m.view.received.map((c) => this.view.handCard(c)).filter((e): e is HTMLElement => e !== undefined);
        pulse(els, t.play * 2);
        if (this.highlightTimer !== null) clearTimeout(this.highlightTimer);
        this.highlightTimer = setTimeout(() => this.set(clearHighlight(this.state)), HIGHLIGHT_MS);
        return;
      }
      case 'deal': {
        const els = m.view.cards.map((c) => this.view.handCard(c)).filter((e): e is HTMLElement => e !== undefined);
        pulse(els, t.play * 2);
        return;
      }
      case 'passed':
      case 'claim': // said in the result (result-view.ts)
      case 'hand_over':
      case 'moon':
      case 'game_over':
        return;
    }
  }
}
