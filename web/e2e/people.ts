// Shared steps for the multiplayer browser tests: several people, each in their own
// browser context (own storage, so own identity), against the server with short
// clocks that playwright.config.ts starts (`--grace 3 --timer-scale 0.1`).

import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { clickCard, passThree, presetSettings, ui, waitToAct, type GameSettings } from './helpers';
import { pick, rng } from './seed';

export const PEOPLE_URL = `http://127.0.0.1:${process.env['HEARTS_E2E_MP_PORT'] ?? '0'}`;
export const IDLE_URL = `http://127.0.0.1:${process.env['HEARTS_E2E_IDLE_PORT'] ?? '0'}`;

export interface Person {
  readonly name: string;
  readonly context: BrowserContext;
  page: Page;
}

export interface PersonSettings extends GameSettings {
  /** Seconds per turn at tables this person creates (0 = off). */
  turnTimer?: number;
  /** The window's size (default 1280×800, a laptop). */
  viewport?: { width: number; height: number };
}

/** A person with their own browser context (storage, identity) and settings. */
export async function person(browser: Browser, name: string, s: PersonSettings = {}, baseURL = PEOPLE_URL): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport: s.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  await presetSettings(page, s);
  if (s.turnTimer !== undefined) {
    await page.addInitScript((timer) => {
      const text = window.localStorage.getItem('hearts.settings');
      const settings = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (settings['turnTimer'] === undefined) {
        window.localStorage.setItem('hearts.settings', JSON.stringify({ ...settings, turnTimer: timer }));
      }
    }, s.turnTimer);
  }
  return { name, context, page };
}

/** Answers "Enter your name" if it is asked. */
export async function enterName(page: Page, name: string): Promise<void> {
  const prompt = page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'name');
  await expect(prompt).toContainText('Enter your name');
  await expect(prompt).toContainText('Please enter a name to display to other players');
  await page.getByTestId('name-input').fill(name);
  await page.getByTestId('name-ok').click();
  await expect(prompt).toBeHidden();
}

/** From the start screen to the lobby, giving the name on the way. */
export async function openLobby(p: Person): Promise<void> {
  await p.page.goto('/');
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'start');
  await p.page.getByTestId('multiplayer').click();
  await enterName(p.page, p.name);
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(p.page.getByTestId('lobby')).toContainText('Hearts Multiplayer Lobby');
}

/**
 * From the lobby, `p` opens a public table and starts it at once with three computer
 * players, then waits until it is theirs to pass; returns the table's id.
 */
export async function startPublicGame(p: Person): Promise<string> {
  await p.page.getByTestId('create-public').click();
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'room');
  const table = (await p.page.getByTestId('room').getAttribute('data-table')) ?? '';
  await p.page.getByTestId('start-game').click();
  await expect.poll(async () => waitToAct(p.page), { timeout: 30_000 }).toBe('pass');
  return table;
}

/** Creates a private table from the lobby; returns its code and join link. */
export async function createPrivate(p: Person): Promise<{ code: string; link: string }> {
  await p.page.getByTestId('create-private').click();
  const prompt = p.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'private-created');
  await expect(prompt).toContainText('Private table created');
  await expect(prompt).toContainText('The code for the table is:');
  const code = ((await p.page.getByTestId('private-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[0-9a-z]{8}$/);
  const link = await p.page.getByTestId('private-link').inputValue();
  expect(link).toBe(`${new URL(p.page.url()).origin}/?join=${code}`);
  await p.page.getByTestId('prompt-ok').click();
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'room');
  return { code, link };
}

/** Joins a private table by typing its code in "Join private table". */
export async function joinByCode(p: Person, code: string): Promise<void> {
  await openLobby(p);
  await p.page.getByTestId('join-private').click();
  await expect(p.page.getByTestId('prompt')).toContainText('Please enter the code for the table:');
  await p.page.getByTestId('code-input').fill(code);
  await p.page.getByTestId('code-ok').click();
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'room');
}

/** Joins a private table by opening its link (the name is asked first). */
export async function joinByLink(p: Person, link: string): Promise<void> {
  await p.page.goto(link);
  await enterName(p.page, p.name);
  await expect(ui(p.page)).toHaveAttribute('data-ui', 'room');
  // The code is taken out of the address bar, so a reload does not join again.
  expect(p.page.url()).not.toContain('join=');
}

/** My seat letter at the table on this page. */
export async function mySeat(page: Page): Promise<string> {
  const seat = await page.locator('.seat.pos-bottom').getAttribute('data-seat');
  if (!seat) throw new Error('no seat at the bottom');
  return seat;
}

/** The page in one moment: its mode (`data-ui`) and the hand's cards with their marks. */
export interface PageLook {
  readonly mode: string;
  readonly cards: readonly {
    readonly card: string;
    /** data-legal="true": the server lists the card as legal. */
    readonly legal: boolean;
    /** Drawn dimmed: class `illegal`. */
    readonly dimmed: boolean;
    /** aria-disabled="true". */
    readonly disabled: boolean;
  }[];
}

/**
 * Reads the mode and the hand in one `evaluate`: one task in the page, so both come
 * from the same render, and a turn the server's timer ends meanwhile cannot mix them.
 */
export async function look(page: Page): Promise<PageLook> {
  return page.evaluate(() => ({
    mode: document.querySelector('[data-testid="app"]')?.getAttribute('data-ui') ?? '',
    cards: [...document.querySelectorAll('[data-testid="hand"] button[data-card]')].map((e) => ({
      card: e.getAttribute('data-card') ?? '',
      legal: e.getAttribute('data-legal') === 'true',
      dimmed: e.classList.contains('illegal'),
      disabled: e.getAttribute('aria-disabled') === 'true',
    })),
  }));
}

/**
 * When `seen` is my turn: at least one card is legal, the legal cards are neither
 * dimmed nor disabled, and every other card is both.
 */
export function expectLegalMarks(seen: PageLook): void {
  if (seen.mode !== 'my-turn') return;
  const hand = seen.cards
    .map((c) => `${c.card}${c.legal ? ' legal' : ''}${c.dimmed ? ' dimmed' : ''}${c.disabled ? ' disabled' : ''}`)
    .join(', ');
  expect(seen.cards.filter((c) => c.legal).length, `my turn, but no card is legal: ${hand}`).toBeGreaterThan(0);
  const wrong = seen.cards.filter((c) => (c.legal ? c.dimmed || c.disabled : !(c.dimmed && c.disabled))).map((c) => c.card);
  expect(wrong, `legal cards enabled, the others dimmed and disabled: ${hand}`).toEqual([]);
}

/** Checks the marks on the hand if the page shows my turn (one look); returns the look. */
export async function checkLegality(page: Page): Promise<PageLook> {
  const seen = await look(page);
  expectLegalMarks(seen);
  return seen;
}

/** How long one click may wait for its button or card. */
const CLICK_MS = 10_000;

/** What `movedOn` compares: the mode, and the hand's cards with their legal marks. */
function lookKey(l: PageLook): string {
  return `${l.mode}|${l.cards.map((c) => `${c.card}:${c.legal}`).join(',')}`;
}

/** Whether the page is past `seen`: another mode, or other cards or marks in the hand. */
async function movedOn(page: Page, seen: PageLook): Promise<boolean> {
  return lookKey(await look(page)) !== lookKey(seen);
}

/**
 * Waits until the page is past `seen` (as `movedOn` says) or `ms` have passed, whichever
 * comes first. The waiting is done in the page, by a MutationObserver on the app, so a
 * change is seen as soon as the page has rendered it, and a page waiting for the others
 * costs nothing meanwhile (no look from here every few milliseconds). Returns quietly if
 * the page navigates or closes meanwhile: the caller's next look says what is there.
 */
async function waitForChange(page: Page, seen: PageLook, ms: number): Promise<void> {
  await page
    .evaluate(
      ([key, ms]) =>
        new Promise<void>((resolve) => {
          const app = document.querySelector('[data-testid="app"]');
          // The same key as lookKey, read from the page as `look` reads it.
          const now = (): string => {
            const mode = app?.getAttribute('data-ui') ?? '';
            const cards = [...document.querySelectorAll('[data-testid="hand"] button[data-card]')].map(
              (e) => `${e.getAttribute('data-card') ?? ''}:${e.getAttribute('data-legal') === 'true'}`,
            );
            return `${mode}|${cards.join(',')}`;
          };
          if (app === null || now() !== key) {
            resolve();
            return;
          }
          const observer = new MutationObserver(() => {
            if (now() !== key) finish();
          });
          const timer = setTimeout(() => finish(), ms);
          function finish(): void {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          }
          observer.observe(app, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ui', 'data-card', 'data-legal'] });
        }),
      [lookKey(seen), ms] as const,
    )
    .catch(() => undefined);
}

/**
 * Plays for one person through the page until `done(mode)` holds, clicking only what
 * the page offers: three cards to pass, a legal card (drawn from the test's seeded
 * stream for this page, e2e/seed.ts), Next hand, the moon choice, and "Take my seat
 * back" when a computer player took over after timeouts. Each round looks at the page
 * once (mode and hand together) and, on my turn, checks the marks on the hand: a wrong
 * mark fails the test. Cards are clicked only when the page shows its turn; in the
 * others' turns it waits for the page to change (waitForChange), and at least every
 * 250 ms asks `done` again, so another page's progress can end the loop. A click may
 * fail only because the page moved on under it (the server's turn timer acted first);
 * any other failure fails the test.
 */
export async function playUntil(
  page: Page,
  done: (mode: string) => boolean | Promise<boolean>,
  timeoutMs = 240_000,
): Promise<string> {
  const next = rng(page);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const seen = await look(page);
    if (await done(seen.mode)) return seen.mode;
    expectLegalMarks(seen);
    let act: () => Promise<unknown>;
    switch (seen.mode) {
      case 'pass':
        act = () => passThree(page, CLICK_MS);
        break;
      case 'my-turn': {
        const card = pick(next, seen.cards.filter((c) => c.legal).map((c) => c.card)) as string;
        act = () => clickCard(page, card, false, CLICK_MS);
        break;
      }
      case 'hand-over':
        act = () => page.getByTestId('next-hand').click({ timeout: CLICK_MS });
        break;
      case 'moon-choice':
        act = () => page.getByTestId('moon-others').click({ timeout: CLICK_MS });
        break;
      case 'moon-news':
        act = () => page.getByTestId('moon-ok').click({ timeout: CLICK_MS });
        break;
      case 'away':
        act = () => page.getByTestId('reclaim').click({ timeout: CLICK_MS });
        break;
      default:
        // The others' turn, or waiting after Next hand or Rematch: until the page
        // changes, or a moment at most, since `done` may be waiting for another page.
        await waitForChange(page, seen, 250);
        continue;
    }
    try {
      await act();
    } catch (e) {
      // The server's turn timer may act first, and the page changes under the click:
      // look again. A click that fails on a page still showing what it acted on is a
      // failure.
      if (page.isClosed() || !(await movedOn(page, seen))) throw e;
    }
    // Let the page take the action in before looking again (a click sets the page
    // busy at once, so this returns at once unless the click went nowhere).
    await waitForChange(page, seen, 500);
  }
  throw new Error(`gave up playing: the page stayed in ${(await ui(page).getAttribute('data-ui')) ?? '?'}`);
}

/** The scores of a hand's row in the result panel, by seat letter. */
export async function sheetBySeat(page: Page, which: 'row' | 'totals'): Promise<Record<string, string>> {
  const panel = page.locator('[data-testid="hand-over"], [data-testid="game-over"]');
  const row = which === 'row' ? panel.getByTestId('sheet-row').last() : panel.getByTestId('sheet-totals');
  return row.locator('td[data-seat]').evaluateAll((els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-seat') ?? '', (e.textContent ?? '').replace(/\D+$/, '')])),
  );
}
