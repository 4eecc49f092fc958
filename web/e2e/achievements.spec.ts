// Achievements and faces, as a player meets them: every seat has a face (the computer's
// Mike, Bill and Lisa their own), a first game ends with "ACHIEVEMENT UNLOCKED" in the
// seed's words while the result stays usable, the item goes on my face, the list shows
// it earned, and a face picked stays mine after a reload (the server keeps it).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { actUntil, cardsOf, clickCard, expectStyledButton, handCards, newGame, shot } from './helpers';

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a first game earns an achievement, its item is worn, and the look stays (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    // A game to 1 point ends after its first hand. A computer named like a person.
    await newGame(page, { level: 'random', endScore: 1, speed: 'off', names: ['Mike', 'Bob', 'Lisa'] });

    // Faces, not initials: the computer's Mike and Lisa have their own; "Bob" is drawn
    // as a face of the person set, and never as Bill's.
    const face = (seat: string) => page.getByTestId(`seat-${seat}`).locator('.avatar');
    await expect(face('W')).toHaveAttribute('data-face', 'mike');
    await expect(face('E')).toHaveAttribute('data-face', 'lisa');
    await expect(face('N')).toHaveAttribute('data-face', /^\d+$/);
    await expect(face('S')).toHaveAttribute('data-face', /^\d+$/);
    await expect(face('S').locator('svg')).toHaveCount(1);
    await expect(face('S')).toHaveAttribute('data-wearing', '');

    await actUntil(page, (mode) => mode === 'game-over');
    const card = page.getByTestId('unlocked');
    await expect(card).toBeVisible();
    // The seed's words for the first game alone; a game that earned more with it (no Q♠
    // taken, a hand without a trick, a win) says them all on this one card, which the
    // test below looks at.
    const several = /^[2-9] ACHIEVEMENTS UNLOCKED$/.test((await page.getByTestId('unlocked-title').textContent()) ?? '');
    if (several) {
      await expect(page.getByTestId('unlocked-text')).toContainText('It looks like you might be a card player: you can now wear a flat cap.');
      await expect(page.getByTestId('unlocked-question')).toHaveText('Do you want to put one on?');
    } else {
      await expect(page.getByTestId('unlocked-title')).toHaveText('ACHIEVEMENT UNLOCKED');
      await expect(page.getByTestId('unlocked-text')).toHaveText('It looks like you might be a card player. You can now wear a flat cap while playing.');
      await expect(page.getByTestId('unlocked-question')).toHaveText('Do you want to put on the flat cap?');
    }
    // The card sits inside the window and leaves the result's buttons free.
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    await expect(page.getByTestId('game-over').getByTestId('result-achievements')).toBeVisible();
    await shot(page, `${size.name}-achievement-unlocked.png`);

    await expectStyledButton(page.getByTestId('unlocked-later'));
    await page.getByTestId(several ? 'unlocked-wear-flat_cap' : 'unlocked-wear').click();
    await expect(face('S')).toHaveAttribute('data-wearing', 'flat_cap');
    // One answer for all of them.
    await expect(card).toBeHidden();

    await page.getByTestId('game-over').getByTestId('result-achievements').click();
    const dialog = page.getByTestId('dialog-achievements');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('achievements-count')).toHaveText(/^Achievements: [1-9]\d* of 21$/);
    await expect(page.getByTestId('achievement-first_game')).toHaveClass(/earned/);
    await expect(page.getByTestId('achievement-beat_expert')).toHaveClass(/locked/);
    await expect(page.getByTestId('wear-flat_cap')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('face-3').click();
    await expect(page.getByTestId('face-3')).toHaveAttribute('aria-pressed', 'true');
    await expect(face('S')).toHaveAttribute('data-face', '3');
    // Every face can be reached by a finger, and nothing sticks out of the dialog.
    const faceBox = await page.getByTestId('face-11').boundingBox();
    expect(faceBox!.width).toBeGreaterThanOrEqual(40);
    const overflow = await dialog.locator('.panel').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `${size.name}-achievements.png`);

    // The server keeps it: after a reload (which brings the finished game back) the same
    // face and cap, at the next game too.
    await page.reload();
    await expect(page.getByTestId('game-over')).toBeVisible();
    await expect(face('S')).toHaveAttribute('data-face', '3');
    await page.getByTestId('game-over').getByTestId('result-achievements').click();
    await expect(page.getByTestId('face-3')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('wear-flat_cap')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('close-dialog').click();
    await page.getByTestId('new-game-end').click();
    await expect(face('S')).toHaveAttribute('data-face', '3');
    await expect(face('S')).toHaveAttribute('data-wearing', 'flat_cap');
  });
}

test('the unlocked card and the Achievements dialog pass axe (no serious or moderate finding)', async ({ page }) => {
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  await expect(page.getByTestId('unlocked')).toBeVisible();
  const findings = async (): Promise<string[]> => {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'moderate' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await findings()).toEqual([]);
  await page.getByTestId('game-over').getByTestId('result-achievements').click();
  await expect(page.getByTestId('achievements-count')).toBeVisible();
  expect(await findings()).toEqual([]);
});

const RANKS = '23456789TJQKA';
const rankOf = (card: string): number => RANKS.indexOf(card.slice(0, -1));

/**
 * Plays a game to 1 point as a careful player would: passes the three highest cards and
 * plays the lowest card it may, so that a game often earns more than its first
 * achievement (no Q♠ taken, a hand without a trick, a win).
 */
async function playCarefully(page: Page): Promise<void> {
  await actUntil(page, async (mode) => {
    if (mode === 'pass') {
      const high = (await cardsOf(handCards(page))).sort((a, b) => rankOf(b) - rankOf(a)).slice(0, 3);
      for (const c of high) await clickCard(page, c);
      await page.getByTestId('pass-button').click();
      return false;
    }
    if (mode === 'my-turn') {
      const legal = await cardsOf(page.getByTestId('hand').locator('button[data-legal="true"]'));
      const low = legal.sort((a, b) => rankOf(a) - rankOf(b))[0];
      if (low === undefined) throw new Error('my turn but no legal card shown');
      await clickCard(page, low);
      return false;
    }
    return mode === 'game-over';
  });
}

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a game that earns several achievements says them on one card, and every button of the result stays free (${size.name})`, async ({ browser }) => {
    // Which achievements a game earns is the deal's and the computer players': a new
    // player (a new browser) plays again until a game earns two or more.
    let page: Page | null = null;
    for (let attempt = 0; attempt < 8 && page === null; attempt++) {
      const context = await browser.newContext({ viewport: size });
      const tried = await context.newPage();
      await newGame(tried, { level: 'random', endScore: 1, speed: 'off' });
      await playCarefully(tried);
      await expect(tried.getByTestId('unlocked')).toBeVisible();
      if (/^[2-9] ACHIEVEMENTS/.test((await tried.getByTestId('unlocked-title').textContent()) ?? '')) page = tried;
      else await context.close();
    }
    if (page === null) throw new Error('no game of 8 earned more than one achievement');
    const result = page.getByTestId('game-over');
    const card = page.getByTestId('unlocked');
    await expect(page.getByTestId('unlocked-text').locator('li').first()).toHaveText('It looks like you might be a card player: you can now wear a flat cap.');
    await shot(page, `${size.name}-achievements-several.png`);

    // The card is under the result's buttons, inside the result, and within the window's width.
    const newGameButton = result.getByTestId('new-game-end');
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y).toBeGreaterThanOrEqual((await newGameButton.boundingBox())!.y + (await newGameButton.boundingBox())!.height);
    expect(cardBox.x).toBeGreaterThanOrEqual(0);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(size.width);
    // The result's title and every button of it (not the card's own) are the element at
    // their own centre, scrolled into the window: nothing lies over them, the menu
    // included.
    const ids = await result.locator('button:visible').evaluateAll((els) => els.filter((el) => el.closest('.unlocked-card') === null).map((el) => el.getAttribute('data-testid') ?? ''));
    expect(ids).toEqual(expect.arrayContaining(['result-replay', 'result-review', 'result-verify', 'result-achievements', 'new-game-end']));
    for (const id of ['result-title', ...ids]) {
      const button = result.getByTestId(id);
      await button.scrollIntoViewIfNeeded();
      const free = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.bottom <= window.innerHeight && r.right <= window.innerWidth && at !== null && el.contains(at);
      });
      expect(free, `${id} is not covered`).toBe(true);
    }
    // The result's buttons work with the card there: Review opens, and closes back to it.
    await result.getByTestId('result-review').click({ timeout: 5000 });
    await expect(page.getByTestId('dialog-review')).toBeVisible();
    await page.getByTestId('close-dialog').click();
    await expect(card).toBeVisible();
    // Any one item goes on; one answer for all.
    await card.getByTestId('unlocked-wear-flat_cap').click();
    await expect(page.getByTestId('seat-S').locator('.avatar')).toHaveAttribute('data-wearing', 'flat_cap');
    await expect(card).toBeHidden();
    await page.context().close();
  });
}
