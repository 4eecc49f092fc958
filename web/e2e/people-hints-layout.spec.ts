// Hints at a table with people, on a laptop and on a phone: the status, the Pass and Hint
// buttons, the hint's words, the trick and my own seat each keep a place of their own
// (issue 43, item 3: on a phone the status's words ran under the Pass button, and the
// hint down to my seat). The least room the centre gets: a turn timer makes the bar over
// the table two rows on a phone, and a long name (20 characters, the most there is) makes
// the status and the hint longer.

import { expect, test, type Page } from '@playwright/test';
import { shot, ui } from './helpers';
import { createPrivate, enterName, openLobby, person, playUntil } from './people';

interface Box {
  readonly name: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Where each part is drawn: its box, grown by its words where they run out of it (a
 * squeezed status's second line is drawn under the button below it).
 */
async function drawnParts(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const parts: [string, Element | null][] = [
      ['status', document.querySelector('[data-testid="status"]')],
      ['pass button', document.querySelector('[data-testid="pass-button"]')],
      ['hint button', document.querySelector('[data-testid="hint-button"]')],
      ['hint', document.querySelector('[data-testid="hint-text"]')],
      ['trick', document.querySelector('[data-testid="trick"]')],
      ['my seat', document.querySelector('.seat.pos-bottom .info')],
      ['seat across', document.querySelector('.seat.pos-top .info')],
    ];
    const boxes = [];
    for (const [name, el] of parts) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const r = el.getBoundingClientRect();
      const words = document.createRange();
      words.selectNodeContents(el);
      const w = words.getBoundingClientRect();
      const text = w.width > 0 && w.height > 0;
      boxes.push({
        name,
        left: text ? Math.min(r.left, w.left) : r.left,
        top: text ? Math.min(r.top, w.top) : r.top,
        right: text ? Math.max(r.right, w.right) : r.right,
        bottom: text ? Math.max(r.bottom, w.bottom) : r.bottom,
      });
    }
    return boxes;
  });
}

/** Every two parts that are drawn over each other (by more than half a pixel), and every part not in the window. */
async function expectApart(page: Page, moment: string, want: readonly string[]): Promise<void> {
  const boxes = await drawnParts(page);
  expect(boxes.map((b) => b.name), moment).toEqual(expect.arrayContaining([...want]));
  const size = page.viewportSize()!;
  const wrong: string[] = [];
  for (const b of boxes) {
    if (b.left < 0 || b.top < 0 || b.right > size.width || b.bottom > size.height) wrong.push(`${b.name} is out of the window`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const over = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
      if (over) wrong.push(`${a.name} over ${b.name} (${Math.round(a.top)}–${Math.round(a.bottom)} and ${Math.round(b.top)}–${Math.round(b.bottom)})`);
    }
  }
  expect(wrong, moment).toEqual([]);
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a hint at a table with people leaves the status, the buttons and my seat apart (${size.name})`, async ({ browser }) => {
    const ada = await person(browser, 'Ada', { turnTimer: 120, speed: 'off', viewport: size });
    const bob = await person(browser, 'Maximilian Barrowman', { speed: 'off' });
    await openLobby(ada);
    const { link } = await createPrivate(ada);
    await bob.page.goto(link);
    await enterName(bob.page, bob.name);
    await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
    await ada.page.getByTestId('start-game').click();
    await expect(ui(ada.page)).toHaveAttribute('data-ui', 'pass');
    // Hints work once both people allow them.
    await ada.page.getByTestId('allow-hints').click();
    await bob.page.getByTestId('allow-hints').click();
    await expect(ada.page.getByTestId('allow-hints')).toHaveText('Hints on');

    await ada.page.getByTestId('hint-button').click();
    await expect(ada.page.getByTestId('hint-text')).toHaveText(/^Pass the .+ to (Maximilian Barrowman|Mike|Bill|Lisa)\. /);
    await expectApart(ada.page, 'the pass', ['status', 'pass button', 'hint button', 'hint', 'my seat']);

    // My turn to play, with a hint again (the other person plays meanwhile).
    const bobPlays = playUntil(bob.page, async () => (await ui(ada.page).getAttribute('data-ui')) === 'my-turn');
    await playUntil(ada.page, (mode) => mode === 'my-turn');
    await bobPlays;
    await ada.page.getByTestId('hint-button').click();
    await expect(ada.page.getByTestId('hint-text')).toHaveText(/^Play the /);
    await expectApart(ada.page, 'a turn to play', ['status', 'hint button', 'hint', 'trick', 'my seat']);
    await shot(ada.page, `people-hint-${size.name}.png`);
    await ada.context.close();
    await bob.context.close();
  });
}
