// Player settings: names, rule variants, bot level, animation speed, deck colours, sound.
// Stored in localStorage; rules, names and level apply to the next new game.

import { cleanName, nameProblem } from '../game/names';
import { languageOf, type Lang } from '../i18n/langs';
import { pageWords } from '../i18n/page';
import { BOT_LEVELS, type BotLevel, type NewGameOptions } from '../net/types';
import type { KeyValueStore } from './storage';

export type AnimationSpeed = 'off' | 'normal' | 'fast';
export type PassCycle = 'LRAN' | 'LARN';
export type MoonScoring = 'others' | 'shooter' | 'choice';

export interface Settings {
  readonly yourName: string;
  /** West, North, East. */
  readonly names: readonly [string, string, string];
  readonly passCycle: PassCycle;
  readonly queenBreaks: boolean;
  readonly moon: MoonScoring;
  readonly jack: boolean;
  readonly endScore: number;
  readonly level: BotLevel;
  readonly speed: AnimationSpeed;
  readonly fourColour: boolean;
  /** Seconds per turn at the multiplayer tables this player creates; 0 = no timer. */
  readonly turnTimer: number;
  /** The language chosen in Settings; null: the browser's languages choose (i18n/langs.ts). */
  readonly lang: Lang | null;
  /** Sound effects on (heard only after the player's first click: ui/sound-gate.ts). */
  readonly sound: boolean;
  /** Their volume, 0 to 100. */
  readonly volume: number;
}

/** The turn timers offered (the server takes 0 or 10–120 seconds). */
export const TURN_TIMERS: readonly number[] = [0, 15, 30, 45, 60, 90, 120];

export const DEFAULT_SETTINGS: Settings = {
  yourName: 'You',
  names: ['Mike', 'Bill', 'Lisa'],
  passCycle: 'LRAN',
  queenBreaks: false,
  moon: 'others',
  jack: false,
  endScore: 100,
  level: 'expert',
  speed: 'normal',
  fourColour: false,
  turnTimer: 30,
  lang: null,
  sound: true,
  volume: 60,
};

const STORAGE_KEY = 'hearts.settings';

/** "pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100" (README, `--rules`). */
export function rulesText(s: Settings): string {
  const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
  return `pass=${s.passCycle},queen_breaks=${yesNo(s.queenBreaks)},moon=${s.moon},jack=${yesNo(s.jack)},end=${s.endScore}`;
}

/** The `new_game` fields these settings ask for. */
/** My name as the table shows it: the default one ("You") in the language in use. */
export function shownName(s: Settings): string {
  return s.yourName === DEFAULT_SETTINGS.yourName ? pageWords('you') : s.yourName;
}

export function newGameOptions(s: Settings): NewGameOptions {
  return { rules: rulesText(s), names: [...s.names], level: s.level, name: shownName(s) };
}

/** A stored or typed name, or the default when it is empty or the server would refuse it. */
function nameOr(x: unknown, fallback: string): string {
  if (typeof x !== 'string' || cleanName(x) === '' || nameProblem(x) !== null) return fallback;
  return cleanName(x);
}

function pick<T extends string>(x: unknown, values: readonly T[], fallback: T): T {
  return typeof x === 'string' && (values as readonly string[]).includes(x) ? (x as T) : fallback;
}

/** Reads settings from anything (stored JSON, a form); bad or missing values fall back to defaults. */
export function normaliseSettings(x: unknown): Settings {
  const o: Readonly<Record<string, unknown>> = typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
  const d = DEFAULT_SETTINGS;
  const names = Array.isArray(o['names']) ? (o['names'] as unknown[]) : [];
  const end = typeof o['endScore'] === 'number' ? Math.round(o['endScore']) : NaN;
  return {
    yourName: nameOr(o['yourName'], d.yourName),
    names: [nameOr(names[0], d.names[0]), nameOr(names[1], d.names[1]), nameOr(names[2], d.names[2])],
    passCycle: pick(o['passCycle'], ['LRAN', 'LARN'], d.passCycle),
    queenBreaks: typeof o['queenBreaks'] === 'boolean' ? o['queenBreaks'] : d.queenBreaks,
    moon: pick(o['moon'], ['others', 'shooter', 'choice'], d.moon),
    jack: typeof o['jack'] === 'boolean' ? o['jack'] : d.jack,
    endScore: Number.isFinite(end) && end >= 1 && end <= 10000 ? end : d.endScore,
    level: pick(o['level'], BOT_LEVELS, d.level),
    speed: pick(o['speed'], ['off', 'normal', 'fast'], d.speed),
    fourColour: typeof o['fourColour'] === 'boolean' ? o['fourColour'] : d.fourColour,
    turnTimer: typeof o['turnTimer'] === 'number' && TURN_TIMERS.includes(o['turnTimer']) ? o['turnTimer'] : d.turnTimer,
    lang: languageOf(o['lang']),
    sound: typeof o['sound'] === 'boolean' ? o['sound'] : d.sound,
    volume: typeof o['volume'] === 'number' && o['volume'] >= 0 && o['volume'] <= 100 ? Math.round(o['volume']) : d.volume,
  };
}

export function loadSettings(store: KeyValueStore): Settings {
  const text = store.get(STORAGE_KEY);
  if (text === null) return DEFAULT_SETTINGS;
  try {
    return normaliseSettings(JSON.parse(text));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(store: KeyValueStore, s: Settings): void {
  store.set(STORAGE_KEY, JSON.stringify(s));
}

/** Durations in milliseconds for each animation step. */
export interface Timing {
  readonly play: number;
  readonly trickPause: number;
  readonly sweep: number;
}

export function timing(speed: AnimationSpeed): Timing {
  switch (speed) {
    case 'off':
      return { play: 0, trickPause: 0, sweep: 0 };
    case 'fast':
      return { play: 160, trickPause: 450, sweep: 220 };
    case 'normal':
      return { play: 320, trickPause: 900, sweep: 420 };
  }
}
