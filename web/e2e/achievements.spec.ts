// Achievements and faces, as a player meets them: every seat has a face (the computer's
// Mike, Bill and Lisa their own), a first game ends with "ACHIEVEMENT UNLOCKED" in the
// seed's words while the result stays usable, the item goes on my face, the list shows
// it earned, and a face picked stays mine after a reload (the server keeps it).

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { actUntil, expectStyledButton, newGame, shot } from './helpers';

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
    await expect(page.getByTestId('unlocked-title')).toHaveText('ACHIEVEMENT UNLOCKED');
    await expect(page.getByTestId('unlocked-text')).toHaveText('It looks like you might be a card player. You can now wear a flat cap while playing.');
    await expect(page.getByTestId('unlocked-question')).toHaveText('Do you want to put on the flat cap?');
    // The card sits inside the window and leaves the result's buttons free.
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    await expect(page.getByTestId('game-over').getByTestId('result-achievements')).toBeVisible();
    await shot(page, `${size.name}-achievement-unlocked.png`);

    await expectStyledButton(page.getByTestId('unlocked-later'));
    await page.getByTestId('unlocked-wear').click();
    await expect(face('S')).toHaveAttribute('data-wearing', 'flat_cap');
    // The game may have earned more (no Q♠ taken, a hand without a trick…): one at a time.
    for (let more = 0; more < 8 && (await card.isVisible()); more++) {
      await expect(page.getByTestId('unlocked-text')).not.toContainText('flat cap');
      await page.getByTestId('unlocked-later').click();
    }
    await expect(card).toBeHidden();
    await expect(face('S')).toHaveAttribute('data-wearing', 'flat_cap');

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
