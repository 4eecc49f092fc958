// The animation queue: every table message is shown in order, a played card flying from
// its player to the trick, a finished trick held and then swept to its winner; many
// queued at once are shown without animation, to catch up.

import { announce } from '../game/a11y';
import { pageWords } from '../i18n/page';
import type { Update } from '../net/types';
import { timing, type Timing } from '../state/settings';
import { applySnapshot, applyUpdate, clearHeldTrick, clearHighlight, settlePartial } from '../state/state';
import { centreOf, delay, flyFrom, pulse, sweepTo, type Point } from '../table/animate';
import type { TableMessage } from './app-core';
import { AppRecords } from './records';

/** How long a view waits for the rest of its change's events (state.ts, `partial`). */
const PARTIAL_MS = 1500;

const HIGHLIGHT_MS = 3000;

/** More queued events than this are shown without animation, to catch up. */
const CATCH_UP_QUEUE = 8;

export abstract class AppQueue extends AppRecords {
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
        const t = this.queue.length >= CATCH_UP_QUEUE || document.hidden ? timing('off') : timing(this.state.settings.speed);
        if (m.t === 'snapshot') this.set(applySnapshot(this.state, m));
        else await this.present(m, t);
      }
    } finally {
      this.running = false;
      this.set({ ...this.state, busy: false });
      this.settlePending();
      this.watchPartial();
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

  private async present(m: Update, t: Timing): Promise<void> {
    const ev = m.event;
    const me = m.view.seat;
    let from: Point | null = null;
    if (ev.kind === 'play') {
      const source = ev.seat === me ? this.view.handCard(ev.card) : this.view.seatBox(ev.seat);
      from = source ? centreOf(source) : null;
    }
    this.set(applyUpdate(this.state, m));
    const words = announce(ev, m.view);
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
        this.notice(pageWords('brk'), 'info', 'hand');
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
      case 'hand_over':
      case 'moon':
      case 'game_over':
        return;
    }
  }
}
