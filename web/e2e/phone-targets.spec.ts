// A finger's target on a phone (issue 43, item 11; WCAG 2.5.5): every card of the hand,
// in the back row of the two as in the front, can be hit over a square of at least
// 44×44 px, where a tap lands on it and on nothing else (the card in front of it
// included), so taking a back card never hides the row in front of it.

import { expect, test, type Page } from '@playwright/test';
import { handCards, newGame, shot, waitToAct } from './helpers';

const TARGET = 44;

/**
 * The side of the largest square of the card where every point sampled (every 2 px) is
 * the card itself as the browser hits it (elementFromPoint), for each card of the hand.
 */
async function targets(page: Page): Promise<Record<string, { side: number; x: number; y: number }>> {
  return page.getByTestId('hand').evaluate((hand) => {
    const out: Record<string, { side: number; x: number; y: number }> = {};
    const step = 2;
    for (const el of hand.querySelectorAll<HTMLElement>('button[data-card]')) {
      const r = el.getBoundingClientRect();
      const cols = Math.floor(r.width / step);
      const rows = Math.floor(r.height / step);
      // best[y][x]: the side, in samples, of the largest all-hit square ending at (x, y).
      let best = 0;
      let centre = { x: 0, y: 0 };
      let above: number[] = new Array<number>(cols).fill(0);
      for (let y = 0; y < rows; y++) {
        const row: number[] = new Array<number>(cols).fill(0);
        for (let x = 0; x < cols; x++) {
          const at = document.elementFromPoint(r.left + x * step + 1, r.top + y * step + 1);
          if (at === null || !el.contains(at)) continue;
          row[x] = 1 + Math.min(above[x] ?? 0, row[x - 1] ?? 0, above[x - 1] ?? 0);
          const side = row[x] ?? 0;
          if (side > best) {
            best = side;
            centre = { x: r.left + (x - (side - 1) / 2) * step + 1, y: r.top + (y - (side - 1) / 2) * step + 1 };
          }
        }
        above = row;
      }
      out[el.dataset['card'] ?? ''] = { side: best * step, ...centre };
    }
    return out;
  });
}

test('on a phone every card of the two-row hand is a target of at least 44×44 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame(page, { level: 'random', speed: 'off' });
  await expect(handCards(page)).toHaveCount(13);
  // Two rows: the back row's cards are partly under the front row's.
  const tops = await handCards(page).evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().top)))]);
  expect(tops).toHaveLength(2);
  const sides = await targets(page);
  expect(Object.keys(sides)).toHaveLength(13);
  const small = Object.entries(sides)
    .filter(([, t]) => t.side < TARGET)
    .map(([card, t]) => `${card}: ${t.side} px`);
  expect(small, 'cards whose target is smaller than 44×44 px').toEqual([]);
  // The whole hand is in the window.
  const box = (await page.getByTestId('hand').boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await shot(page, 'phone-targets.png');
  // A card of the back row, tapped in its target, is the one chosen, not the one in front.
  expect(await waitToAct(page)).toBe('pass');
  const back = (await handCards(page).first().getAttribute('data-card')) ?? '';
  const t = sides[back]!;
  await page.mouse.click(t.x, t.y);
  await expect(page.getByTestId(`card-${back}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(handCards(page).and(page.locator('[aria-pressed="true"]'))).toHaveCount(1);
});

// The menu on a phone (Lighthouse's target-size, WCAG 2.5.8): each button at least 24 px
// high, at 412 px (the width Lighthouse's phone has) and 360 px. And the start screen that
// follows the loading one moves nothing already drawn (Lighthouse's layout shift: the
// menu took a second line when Daily came back and pushed the table down, 0.087).
for (const width of [412, 360]) {
  test(`the menu's buttons are 24 px high at ${width} px, and the first screen moves nothing`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('app')).toHaveAttribute('data-ui', 'start');
    // A shift is reported after the frame that drew it: two frames on, every one is in.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts).toBeLessThan(0.01);
    const heights = await page.locator('header.topbar nav button').evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => [e.getAttribute('data-testid'), e.getBoundingClientRect().height] as const),
    );
    expect(heights.length).toBeGreaterThanOrEqual(6);
    for (const [id, h] of heights) expect(h, `${id}`).toBeGreaterThanOrEqual(24);
    await context.close();
  });
}
