// The game's sounds, made here with the Web Audio API: no recordings, so nothing to
// license and nothing to download but this chunk (table/parts.ts, SOUND_PART). Each cue is
// a few short notes or a burst of noise with its own envelope, through one gain that is
// the player's volume. The page asks for a cue only after the player's first click or key
// (ui/sound-gate.ts), as browsers require before a page may play sound.

import { cueOf, type Cue, type Heard } from './cues';

export type { Heard } from './cues';

/** One note: an oscillator's wave and pitch (gliding to `to`), from `at` seconds for `dur`, at `gain`. */
interface Note {
  readonly wave: OscillatorType;
  readonly hz: number;
  readonly to?: number;
  readonly at: number;
  readonly dur: number;
  readonly gain: number;
}

const tone = (wave: OscillatorType, hz: number, at: number, dur: number, gain: number, to?: number): Note =>
  to === undefined ? { wave, hz, at, dur, gain } : { wave, hz, at, dur, gain, to };

// Equal-tempered pitches (A4 = 440 Hz) of the notes used.
const A3 = 220;
const C4 = 261.63;
const E4 = 329.63;
const C5 = 523.25;
const D5 = 587.33;
const E5 = 659.25;
const Fs5 = 739.99;
const G5 = 783.99;
const A5 = 880;
const C6 = 1046.5;

/** Each cue's notes; `card` and `trick` add a burst of noise (a card on the cloth). */
const NOTES: Readonly<Record<Cue, readonly Note[]>> = {
  card: [tone('triangle', 190, 0, 0.06, 0.12, 120)],
  trick: [tone('triangle', E5, 0, 0.07, 0.1), tone('triangle', A5, 0.06, 0.11, 0.08)],
  hearts: [tone('triangle', A5, 0, 0.12, 0.16), tone('triangle', Fs5, 0.1, 0.12, 0.16), tone('triangle', D5, 0.2, 0.22, 0.16)],
  queen: [tone('sawtooth', 110, 0, 0.45, 0.1, 82), tone('sine', 55, 0, 0.5, 0.2)],
  moon: [C5, E5, G5, C6].map((hz, i) => tone('sine', hz, i * 0.09, 0.3, 0.18)),
  turn: [tone('sine', C6, 0, 0.5, 0.14), tone('sine', 2 * C6, 0, 0.25, 0.04)],
  win: [...[C5, E5, G5].map((hz, i) => tone('triangle', hz, i * 0.1, 0.18, 0.16)), ...[C5, E5, G5, C6].map((hz) => tone('sine', hz, 0.3, 0.7, 0.08))],
  loss: [tone('triangle', E4, 0, 0.25, 0.16), tone('triangle', C4, 0.22, 0.25, 0.16), tone('triangle', A3, 0.44, 0.6, 0.16, 0.98 * A3)],
};

/** Cues with a burst of noise under their notes, and how long it lasts. */
const NOISE: Partial<Record<Cue, number>> = { card: 0.05, trick: 0.09 };

/** Plays the cues, each on the page's one audio context (made on the first cue). */
export class Player {
  private ctx: AudioContext | null = null;
  private noise: AudioBuffer | null = null;

  /** Plays what goes with `heard` (cues.ts), if anything, at `volume` (0–100). */
  hear(heard: Heard, volume: number): void {
    const cue = heard === 'turn' ? 'turn' : cueOf(heard.event, heard.view, heard.trick);
    if (cue !== null) this.play(cue, volume);
  }

  /** Plays `cue` at `volume` (0–100). */
  play(cue: Cue, volume: number): void {
    const Ctx = globalThis.AudioContext as typeof AudioContext | undefined;
    if (Ctx === undefined || volume <= 0) return;
    const ctx = (this.ctx ??= new Ctx());
    // A context made before the tab was last shown may be suspended; resume is a no-op otherwise.
    if (ctx.state === 'suspended') void ctx.resume();
    const out = ctx.createGain();
    // Loudness is heard on a log scale: the slider's middle is about a quarter of full gain.
    out.gain.value = (volume / 100) ** 2;
    out.connect(ctx.destination);
    const t0 = ctx.currentTime + 0.01;
    for (const n of NOTES[cue]) this.note(ctx, out, n, t0);
    const noise = NOISE[cue];
    if (noise !== undefined) this.burst(ctx, out, t0, noise);
  }

  private note(ctx: AudioContext, out: AudioNode, n: Note, t0: number): void {
    const osc = ctx.createOscillator();
    osc.type = n.wave;
    const start = t0 + n.at;
    osc.frequency.setValueAtTime(n.hz, start);
    if (n.to !== undefined) osc.frequency.exponentialRampToValueAtTime(n.to, start + n.dur);
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.0001, start);
    env.gain.exponentialRampToValueAtTime(n.gain, start + 0.008);
    env.gain.exponentialRampToValueAtTime(0.0001, start + n.dur);
    osc.connect(env).connect(out);
    osc.start(start);
    osc.stop(start + n.dur + 0.02);
  }

  /** A short burst of noise, high-passed: the sound of a card laid down. */
  private burst(ctx: AudioContext, out: AudioNode, t0: number, dur: number): void {
    if (this.noise === null) {
      const len = Math.floor(ctx.sampleRate * 0.1);
      this.noise = ctx.createBuffer(1, len, ctx.sampleRate);
      const data = this.noise.getChannelData(0);
      // A fixed pattern, not Math.random: the same sound every time.
      let x = 0x9e3779b9;
      for (let i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        data[i] = ((x >>> 0) / 0xffffffff) * 2 - 1;
      }
    }
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'highpass';
    filter.frequency.value = 1800;
    const env = ctx.createGain();
    env.gain.setValueAtTime(0.25, t0);
    env.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    src.connect(filter).connect(env).connect(out);
    src.start(t0);
    src.stop(t0 + dur + 0.01);
  }
}
