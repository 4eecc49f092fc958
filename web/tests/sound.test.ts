// Sound (parts/sound/sound-part.ts): which events are heard, that nothing is heard (nor an
// audio context made) before the player's first click or key, and never with sound off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cueOf } from '../src/parts/sound/cues';
import { Player } from '../src/parts/sound/sound-part';
import { DEFAULT_SETTINGS, normaliseSettings, type Settings } from '../src/state/settings';
import { memoryStore } from '../src/state/storage';
import { bootPage, flush } from './boot';
import type { FakeSocket } from './fake-socket';
import { changeTexts, playRaw, snapshotText, updateText, viewOf } from './fixtures';

/** A stand-in for the browser's AudioContext: counts the contexts made and the sounds started. */
const heard = { contexts: 0, started: 0 };
class FakeParam {
  value = 0;
  setValueAtTime(): void {}
  exponentialRampToValueAtTime(): void {}
}
class FakeNode {
  readonly gain = new FakeParam();
  readonly frequency = new FakeParam();
  type = '';
  buffer: unknown = null;
  connect<T>(to: T): T {
    return to;
  }
  start(): void {
    heard.started += 1;
  }
  stop(): void {}
}
class FakeAudioContext {
  readonly currentTime = 0;
  readonly sampleRate = 8000;
  readonly state = 'running';
  readonly destination = new FakeNode();
  constructor() {
    heard.contexts += 1;
  }
  resume(): Promise<void> {
    return Promise.resolve();
  }
  createGain(): FakeNode {
    return new FakeNode();
  }
  createOscillator(): FakeNode {
    return new FakeNode();
  }
  createBiquadFilter(): FakeNode {
    return new FakeNode();
  }
  createBufferSource(): FakeNode {
    return new FakeNode();
  }
  createBuffer(_channels: number, length: number): { getChannelData(): Float32Array } {
    const data = new Float32Array(length);
    return { getChannelData: () => data };
  }
}

beforeEach(() => {
  heard.contexts = 0;
  heard.started = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cues', () => {
  const view = viewOf(playRaw());
  it('go with a card, a trick, hearts broken, Q♠ taken, a moon, and the game’s end', () => {
    expect(cueOf({ kind: 'play', seat: 'W', card: '5C' }, view, null)).toBe('card');
    expect(cueOf({ kind: 'trick', winner: 'W', points: 1 }, view, ['5C', '7C', '2H', '9C'])).toBe('trick');
    expect(cueOf({ kind: 'trick', winner: 'W', points: 14 }, view, ['5S', 'QS', '2H', '9S'])).toBe('queen');
    // The trick's cards unknown: its points tell (Q♠ alone is 13).
    expect(cueOf({ kind: 'trick', winner: 'W', points: 13 }, view, null)).toBe('queen');
    expect(cueOf({ kind: 'hearts_broken' }, view, null)).toBe('hearts');
    expect(cueOf({ kind: 'moon', shooter: 'N', scored: 'others' }, view, null)).toBe('moon');
    expect(cueOf({ kind: 'game_over', winners: ['S'], fair: null }, view, null)).toBe('win');
    expect(cueOf({ kind: 'game_over', winners: ['W', 'E'], fair: null }, view, null)).toBe('loss');
    expect(cueOf({ kind: 'passed', seat: 'W' }, view, null)).toBeNull();
  });

  it('are played through one audio context, and not at all at volume 0', () => {
    const p = new Player();
    p.hear('turn', 60);
    p.hear({ event: { kind: 'play', seat: 'W', card: '5C' }, view, trick: null }, 60);
    expect(heard.contexts).toBe(1);
    expect(heard.started).toBeGreaterThanOrEqual(3); // the bell's two notes, the card's note and its noise
    const before = heard.started;
    p.hear('turn', 0);
    expect(heard.started).toBe(before);
  });

  it('volume and sound are settings, read with care', () => {
    expect(DEFAULT_SETTINGS.sound).toBe(true);
    expect(normaliseSettings({ sound: false, volume: 35 })).toMatchObject({ sound: false, volume: 35 });
    expect(normaliseSettings({ sound: 'yes', volume: 900 })).toMatchObject({ sound: true, volume: DEFAULT_SETTINGS.volume });
  });
});

describe('the page', () => {
  let sockets: FakeSocket[];
  const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;

  function boot(settings: Partial<Settings> = {}): void {
    sockets = bootPage({ ...DEFAULT_SETTINGS, speed: 'off', ...settings }, { tabStore: memoryStore() });
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(playRaw(), 'tab1', 20));
  }

  it('is silent, with no audio context, until the player first clicks or presses a key', async () => {
    boot();
    last().receive(updateText(playRaw(), { kind: 'play', seat: 'W', card: '5C' }, 21, 'tab1'));
    await flush();
    expect(heard).toEqual({ contexts: 0, started: 0 });
    document.dispatchEvent(new Event('pointerdown'));
    last().receive(updateText(playRaw(), { kind: 'play', seat: 'N', card: '7C' }, 22, 'tab1'));
    await flush();
    expect(heard.contexts).toBe(1);
    expect(heard.started).toBeGreaterThan(0);
  });

  it('hears a moon after a claim, but not the cards the claim plays out', async () => {
    boot();
    document.dispatchEvent(new Event('pointerdown'));
    const played = vi.spyOn(Player.prototype, 'play');
    const events = [
      { kind: 'claim', why: 'every_trick', seat: 'W', points: 20 },
      { kind: 'play', seat: 'W', card: 'AS' },
      { kind: 'play', seat: 'N', card: '2S' },
      { kind: 'play', seat: 'E', card: '3S' },
      { kind: 'play', seat: 'S', card: '4S' },
      { kind: 'trick', winner: 'W', points: 0 },
      { kind: 'moon', shooter: 'W', scored: 'others' },
    ];
    for (const text of changeTexts(playRaw(), events, 21, 'tab1')) last().receive(text);
    await flush();
    await flush();
    const cues = played.mock.calls.map((c) => c[0]);
    expect(cues).toContain('moon');
    expect(cues).not.toContain('card');
    expect(cues).not.toContain('trick');
    played.mockRestore();
  });

  it('is silent with sound off in Settings, clicks or not', async () => {
    boot({ sound: false });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    last().receive(updateText(playRaw(), { kind: 'play', seat: 'W', card: '5C' }, 21, 'tab1'));
    last().receive(updateText(playRaw(), { kind: 'hearts_broken' }, 22, 'tab1'));
    await flush();
    expect(heard).toEqual({ contexts: 0, started: 0 });
  });
});
