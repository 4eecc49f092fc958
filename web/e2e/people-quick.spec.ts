// Quick match ("Play now (rated)", docs/ratings.md): two people press it at the same
// moment (their presses held on the way and sent to the server together, pressTogether)
// and end up at one quick table: each is first seated at a table of their own, as a rule,
// and the page at the newer one asks again (every 5 seconds, with `from`) and moves to
// the older; or the second joins the first's at once. The waiting room says what is
// happening and counts down; when the wait is over (`--quick-fill 12` on this server,
// playwright.config.ts) computer players take the two empty seats and the game starts by
// itself, rated. On a laptop and on a phone.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { handCards, shot, ui } from './helpers';
import { openLobby, person } from './people';

/** The table of the waiting room on screen. */
async function roomTable(page: Page): Promise<string> {
  const id = await page.getByTestId('room').getAttribute('data-table');
  expect(id).toMatch(/^[0-9a-z]{8}$/);
  return id ?? '';
}

/**
 * Holds each page's first `quick_match` (the press, without `from`) on its way to the
 * server until every page has pressed, then sends them all at once: "at the same
 * moment", as near as the server can see. Their tables may still be one (the second
 * request sees the first's table), or two, which asking again brings together.
 */
async function pressTogether(pages: readonly Page[]): Promise<void> {
  const held: (() => void)[] = [];
  for (const page of pages) {
    let pressed = false;
    await page.routeWebSocket(/\/ws$/, (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const m = typeof message === 'string' ? (JSON.parse(message) as Record<string, unknown>) : {};
        if (pressed || m['t'] !== 'quick_match' || 'from' in m) {
          server.send(message);
          return;
        }
        pressed = true;
        held.push(() => server.send(message));
        if (held.length === pages.length) for (const send of held.splice(0)) send();
      });
    });
  }
}

/** Presses Tab until `testid` has the focus (the lobby's buttons are reached by keyboard). */
async function tabTo(page: Page, testid: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)) === testid) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testid}`);
}

/** Whether the page scrolls sideways (it should not, on a phone either). */
async function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`two people press Play now at once and play together at one quick table, filled by computer players (${size.name})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    // Quick match seats people of the same rules together: each run of this test has an
    // end score of its own, so the two sizes (which may run at once on this shared
    // server) and repeated runs never meet each other's people.
    const endScore = 41 + (size.name === 'phone' ? 1 : 0) + 2 * (testInfo.repeatEachIndex + 10 * testInfo.retry);
    const ada = await person(browser, 'Ada', { endScore, speed: 'off', viewport: size });
    const bob = await person(browser, 'Bob', { endScore, speed: 'off', viewport: size });
    await pressTogether([ada.page, bob.page]);
    await Promise.all([openLobby(ada), openLobby(bob)]);
    for (const p of [ada, bob]) {
      await expect(p.page.getByTestId('quick-match')).toHaveText('Play now (rated)');
      await expect(p.page.getByTestId('quick-match')).toBeInViewport();
      expect(await overflows(p.page)).toBe(false);
    }
    await shot(ada.page, `people-quick-1-lobby-${size.name}.png`);

    // Ada by keyboard, Bob by a click, at the same moment.
    await tabTo(ada.page, 'quick-match');
    await Promise.all([ada.page.keyboard.press('Enter'), bob.page.getByTestId('quick-match').click()]);
    const first: string[] = [];
    for (const p of [ada, bob]) {
      await expect(ui(p.page)).toHaveAttribute('data-ui', 'room');
      first.push(await roomTable(p.page));
      await expect(p.page.getByTestId('room-title')).toHaveText('Quick match');
      await expect(p.page.getByTestId('quick-status')).toHaveText('Finding players near your rating…');
      await expect(p.page.getByTestId('quick-countdown')).toHaveText(/^Computer players take the empty seats in 0:(0\d|1[0-2])$/);
      await expect(p.page.getByTestId('rated-line')).toContainText('This game is rated');
    }
    // axe (WCAG 2.1 A and AA, as e2e/axe.spec.ts) finds nothing in the waiting room.
    const axe = await new AxeBuilder({ page: ada.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact !== 'minor').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Seated apart, the page at the newer table moves to the older within 5 s or so.
    testInfo.annotations.push({
      type: 'quick match',
      description: first[0] === first[1] ? 'seated together at once' : 'seated apart, then together by asking again',
    });
    await expect
      .poll(async () => {
        const [a, b] = [await ada.page.getByTestId('room').getAttribute('data-table'), await bob.page.getByTestId('room').getAttribute('data-table')];
        return a !== null && a === b;
      }, { timeout: 9_000 })
      .toBe(true);
    for (const p of [ada, bob]) {
      await expect(p.page.getByTestId('room-seats').locator('[data-status="connected"]')).toHaveCount(2);
      await expect(p.page.getByTestId('room-seats').locator('[data-status="empty"]')).toHaveCount(2);
      await expect(p.page.getByTestId('quick-countdown')).toHaveText(/^(Computer players take the empty seats in 0:0\d|Starting…)$/);
      await expect(p.page.getByTestId('room-quick')).toBeInViewport();
      expect(await overflows(p.page)).toBe(false);
    }
    // The host may start at once; nobody does here.
    const host = (await ada.page.getByTestId('start-game').isVisible()) ? ada : bob;
    await expect(host.page.getByTestId('start-game')).toHaveText('Start now');
    await shot(host.page, `people-quick-2-room-${size.name}.png`);

    // The wait is over: two computer players take the empty seats, and the first hand is dealt.
    for (const p of [ada, bob]) {
      await expect(ui(p.page)).toHaveAttribute('data-ui', 'pass', { timeout: 20_000 });
      await expect(handCards(p.page)).toHaveCount(13);
      await expect(p.page.locator('[data-testid^="seat-"][data-status="computer"]')).toHaveCount(2);
      await expect(p.page.locator('[data-testid^="seat-"][data-status="connected"]')).toHaveCount(2);
      await expect(p.page.getByTestId('table-kind')).toHaveText('Quick match · rated');
    }
    for (const p of [ada, bob]) {
      const names = await p.page.locator('[data-testid^="name-"]').allTextContents();
      expect(names.filter((n) => n === 'Ada' || n === 'Bob').sort()).toEqual(['Ada', 'Bob']);
    }
    await shot(bob.page, `people-quick-3-dealt-${size.name}.png`);
    await ada.context.close();
    await bob.context.close();
  });
}
