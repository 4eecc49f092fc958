// Shared steps for the browser tests: start a game with chosen settings, and act for
// the player by clicking only what the page offers (legal cards, enabled buttons).

import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * A picture of the page for a person to look at: test-results/screenshots/NAME (or the
 * path given), taken only with HEARTS_E2E_SHOTS=1 (`npm run shots`). Nothing compares
 * them, so `make test` does not spend its time on the 39 of them; the checks around
 * each one run either way. A failing test still keeps its own screenshot.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env['HEARTS_E2E_SHOTS']) return;
  await page.screenshot({ path: name.includes('/') ? name : join(SCREENSHOTS, name) });
}

export interface GameSettings {
  level?: 'random' | 'easy' | 'medium' | 'hard' | 'expert';
  endScore?: number;
  speed?: 'off' | 'normal' | 'fast';
  names?: [string, string, string];
}

/** The page's one-word state (`data-ui`): what the player can do now. */
export function ui(page: Page): Locator {
  return page.getByTestId('app');
}

export const ACTIONABLE = /^(pass|my-turn|hand-over|game-over|moon-choice|moon-news)$/;

/** Stores settings before the page loads (the settings dialog is tested on its own). */
export async function presetSettings(page: Page, s: GameSettings): Promise<void> {
  const settings = {
    yourName: 'You',
    names: s.names ?? ['Mike', 'Bill', 'Lisa'],
    passCycle: 'LRAN',
    queenBreaks: false,
    moon: 'others',
    jack: false,
    endScore: s.endScore ?? 30,
    level: s.level ?? 'random',
    speed: s.speed ?? 'off',
    fourColour: false,
  };
  await page.addInitScript((text) => {
    if (!window.localStorage.getItem('hearts.settings')) window.localStorage.setItem('hearts.settings', text);
  }, JSON.stringify(settings));
}

/** Opens the page and starts a new game from the start screen. */
export async function newGame(page: Page, s: GameSettings = {}): Promise<void> {
  await presetSettings(page, s);
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  await page.getByTestId('new-game').click();
  await expect(ui(page)).toHaveAttribute('data-ui', ACTIONABLE);
}

/**
 * Waits in the page, by a MutationObserver on the app, until its mode (`data-ui`)
 * matches `mode` or `ms` have passed: a change is seen as soon as the page has rendered
 * it, where `expect` would look again only after its next pause (up to 500 ms). Returns
 * 'matched', 'timeout', or 'gone' when the page has no app yet, or navigated or closed
 * meanwhile.
 */
export async function waitForMode(page: Page, mode: RegExp, ms: number): Promise<'matched' | 'timeout' | 'gone'> {
  return page
    .evaluate(
      ([source, flags, ms]) =>
        new Promise<'matched' | 'timeout' | 'gone'>((resolve) => {
          const app = document.querySelector('[data-testid="app"]');
          const pattern = new RegExp(source, flags);
          const matches = (): boolean => pattern.test(app?.getAttribute('data-ui') ?? '');
          if (app === null || matches()) {
            resolve(app === null ? 'gone' : 'matched');
            return;
          }
          const observer = new MutationObserver(() => {
            if (matches()) finish('matched');
          });
          const timer = setTimeout(() => finish('timeout'), ms);
          function finish(how: 'matched' | 'timeout'): void {
            observer.disconnect();
            clearTimeout(timer);
            resolve(how);
          }
          observer.observe(app, { attributes: true, attributeFilter: ['data-ui'] });
        }),
      [mode.source, mode.flags, ms] as const,
    )
    .catch(() => 'gone' as const);
}

/** Waits until the player can act and returns what they can do. */
export async function waitToAct(page: Page): Promise<string> {
  // The waiting is the page's (waitForMode); the check, and its message when the page
  // never gets there, are expect's, as before.
  const waited = await waitForMode(page, ACTIONABLE, 30_000);
  await expect(ui(page)).toHaveAttribute('data-ui', ACTIONABLE, { timeout: waited === 'gone' ? 30_000 : 1000 });
  return (await ui(page).getAttribute('data-ui')) ?? '';
}

export function handCards(page: Page): Locator {
  return page.getByTestId('hand').locator('button[data-card]');
}

export async function cardsOf(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['card'] ?? ''));
}

/**
 * A point of the element, relative to its box, where a click lands on it and on nothing
 * else, with a margin of 6 px around it that does too; null when there is none. Cards
 * overlap (a fanned row shows a strip at the left of each, a phone's back row a strip
 * at the top), so the point is looked for from the left, nearest the middle first.
 */
export async function hitPoint(locator: Locator, timeout?: number): Promise<{ x: number; y: number } | null> {
  return locator.evaluate(
    (el) => {
      const r = el.getBoundingClientRect();
      const hits = (x: number, y: number): boolean => {
        const at = document.elementFromPoint(r.left + x, r.top + y);
        return at !== null && el.contains(at);
      };
      const margin = 6;
      for (let x = margin + 2; x <= r.width - margin; x += 4) {
        for (let k = 0; k <= r.height / 4; k++) {
          const y = r.height / 2 + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 4;
          if (y < margin || y > r.height - margin) continue;
          if (hits(x, y) && hits(x - margin, y - margin) && hits(x + margin, y - margin) && hits(x - margin, y + margin) && hits(x + margin, y + margin)) {
            return { x, y };
          }
        }
      }
      return null;
    },
    undefined,
    timeout === undefined ? {} : { timeout },
  );
}

/**
 * Clicks a card of the hand where a player would: on a part of it that shows (cards
 * overlap, so the centre of one is often under its neighbour). `force` also clicks a
 * card marked aria-disabled (not playable now), as a person can. `timeout` bounds the
 * wait for the card (otherwise the test's timeout does).
 */
export async function clickCard(page: Page, card: string, force = false, timeout?: number): Promise<void> {
  const el = page.getByTestId(`card-${card}`);
  const wait = timeout === undefined ? {} : { timeout };
  await el.waitFor({ state: 'visible', ...wait });
  const position = await hitPoint(el, timeout);
  await el.click(position ? { position, force, ...wait } : { force, ...wait });
}

/** Selects the first three cards and passes them; returns the cards passed. */
export async function passThree(page: Page, timeout?: number): Promise<string[]> {
  const cards = (await cardsOf(handCards(page))).slice(0, 3);
  for (const c of cards) await clickCard(page, c, false, timeout);
  await page.getByTestId('pass-button').click(timeout === undefined ? {} : { timeout });
  return cards;
}

/** Plays the first legal card, checking the page marks it legal. Returns it. */
/** Plays a legal card: the hand's first (its lowest), or its last, which wins more tricks. */
export async function playLegal(page: Page, which: 'first' | 'last' = 'first'): Promise<string> {
  const legal = await cardsOf(page.getByTestId('hand').locator('button[data-legal="true"]'));
  const card = which === 'first' ? legal[0] : legal[legal.length - 1];
  if (!card) throw new Error('my turn but no legal card shown');
  const button = page.getByTestId(`card-${card}`);
  await expect(button).toHaveAttribute('data-legal', 'true');
  await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  await clickCard(page, card);
  return card;
}

/**
 * Acts once for the player: pass, play a legal card, next hand, or moon choice.
 * Returns the state acted in ('game-over' means nothing was done).
 */
export async function actOnce(page: Page): Promise<string> {
  const mode = await waitToAct(page);
  switch (mode) {
    case 'pass':
      await passThree(page);
      break;
    case 'my-turn':
      await playLegal(page);
      break;
    case 'hand-over':
      await page.getByTestId('next-hand').click();
      break;
    case 'moon-choice':
      await page.getByTestId('moon-others').click();
      break;
    case 'moon-news':
      // Someone shot the moon: the explanation is shown; close it.
      await expect(page.getByTestId('moon-text')).toContainText('Shooting the moon is when');
      await page.getByTestId('moon-ok').click();
      break;
  }
  // Each action sets the page busy at once (synchronously, in the click), so the next
  // waitToAct sees the next decision, never this one again.
  return mode;
}

/** Acts until `done` holds (checked whenever the player could act). */
export async function actUntil(page: Page, done: (mode: string) => Promise<boolean> | boolean, limit = 400): Promise<string> {
  for (let i = 0; i < limit; i++) {
    const mode = await waitToAct(page);
    if (await done(mode)) return mode;
    if (mode === 'game-over') throw new Error('the game ended first');
    await actOnce(page);
  }
  throw new Error('gave up acting');
}

/**
 * A button drawn in the game's own style, not the browser's: a rounded one (the pills and
 * cards of the page), never the browser's grey button face.
 */
export async function expectStyledButton(button: Locator): Promise<void> {
  const style = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { radius: parseFloat(s.borderTopLeftRadius), background: s.backgroundColor };
  });
  expect(style.radius, 'a rounded button').toBeGreaterThanOrEqual(8);
  expect(style.background, 'not the browser’s button face').not.toBe('rgb(239, 239, 239)');
}
