// The tests' own random choices (which legal card to play, which refused card to try),
// seeded so that a failing run can be repeated. The run's seed is HEARTS_E2E_SEED, which
// playwright.config.ts chooses when it is not given; e2e/seed-reporter.ts prints it when
// a test fails. Each test draws from its own streams, seeded from the run's seed and the
// test's title, so a test makes the same choices alone as in the whole suite. (The deal
// and the computer players' cards are the server's: the seed repeats only our side.)

import { test, type TestInfo } from '@playwright/test';

/** The run's seed (HEARTS_E2E_SEED). */
export function runSeed(): number {
  const text = process.env['HEARTS_E2E_SEED'] ?? '';
  if (!/^\d{1,10}$/.test(text) || Number(text) >= 2 ** 32) {
    throw new Error(`HEARTS_E2E_SEED must be an integer from 0 to ${2 ** 32 - 1}, not "${text}"`);
  }
  return Number(text);
}

/** mulberry32: a small 32-bit generator; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to mix a text into a seed. */
function hash(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const streams = new WeakMap<TestInfo, Map<unknown, () => number>>();

/**
 * The current test's stream for `key` (a page, or a name), made on first use: the
 * streams are numbered in the order the test first asks for them, so every page of a
 * test gets its own sequence. The first use notes the seed on the test (annotation).
 */
export function rng(key: unknown = 'test'): () => number {
  const info = test.info();
  let mine = streams.get(info);
  if (!mine) {
    mine = new Map();
    streams.set(info, mine);
    info.annotations.push({ type: 'seed', description: `HEARTS_E2E_SEED=${runSeed()}` });
  }
  let next = mine.get(key);
  if (!next) {
    next = mulberry32(hash(`${info.titlePath.join(' › ')} #${mine.size}`, runSeed()));
    mine.set(key, next);
  }
  return next;
}

/** One of `items`, drawn from `next`. */
export function pick<T>(next: () => number, items: readonly T[]): T | undefined {
  return items[Math.floor(next() * items.length)];
}
