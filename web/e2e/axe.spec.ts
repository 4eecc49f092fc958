// axe (WCAG 2.1 A and AA) over every screen a player meets, at a laptop's size and a
// phone's: the start screen and the dialogs it opens, a game, the result, Review,
// Replay, Verify, the daily deal's board and a game of it, achievements, statistics, the
// lobby and watching a game. A critical, serious or moderate finding fails (issue 43).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { actUntil, presetSettings, ui, waitToAct } from './helpers';
import { enterName, openLobby, person, startPublicGame } from './people';

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * axe's findings on the page as it is now, "screen: rule (impact): where", for each that
 * counts: the WCAG 2.1 A and AA rules, and "region" (every part of the page in a landmark,
 * axe's best practice, which the issue named for the start screen's dialogs).
 */
async function findings(page: Page, screen: string): Promise<string[]> {
  // One pass of axe for both: a rule enabled by name runs beside the tags' (axe's
  // ruleShouldRun), where two passes walked the page twice.
  const result = await new AxeBuilder({ page })
    .options({ rules: { region: { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const ran = [...result.passes, ...result.violations, ...result.incomplete, ...result.inapplicable].map((r) => r.id);
  expect(ran, 'axe ran "region" beside the WCAG rules').toContain('region');
  expect(ran, 'and the WCAG rules').toContain('color-contrast');
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${screen}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a dialog with `open`, checks it once `ready` (a CSS selector in it) shows, and closes it with Escape. */
async function inDialog(page: Page, id: string, open: () => Promise<void>, ready: string, found: string[]): Promise<void> {
  await open();
  const dialog = page.getByTestId(`dialog-${id}`);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(ready).first()).toBeVisible({ timeout: 30_000 });
  found.push(...(await findings(page, id)));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const size of SIZES) {
  test(`axe finds nothing on the start screen, its dialogs, a game, its result, Review, Replay and Verify (${size.name})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const found: string[] = [];
    await presetSettings(page, { level: 'random', endScore: 1, speed: 'off' });
    await page.goto('/');
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
    found.push(...(await findings(page, 'start')));
    await inDialog(page, 'rules', () => page.getByTestId('start-rules').click(), '.dialog-body > *', found);
    await inDialog(page, 'about', () => page.getByTestId('start-about').click(), '.dialog-body > *', found);
    await inDialog(page, 'settings', () => page.getByTestId('start-settings').click(), '.dialog-body > *', found);
    await inDialog(page, 'stats', () => page.getByTestId('start-stats').click(), '[data-testid="stats-empty"]', found);
    await inDialog(page, 'achievements', () => page.getByTestId('start-achievements').click(), '[data-testid="achievements-count"]', found);
    await inDialog(page, 'daily', () => page.getByTestId('open-daily').click(), '[data-testid="daily-me"]', found);

    await page.getByTestId('new-game').click();
    expect(await waitToAct(page)).toBe('pass');
    found.push(...(await findings(page, 'game (pass)')));
    await inDialog(page, 'sheet', () => page.getByTestId('open-sheet').click(), '[data-testid="score-sheet"]', found);
    await actUntil(page, (mode) => mode === 'my-turn' || mode === 'game-over');
    found.push(...(await findings(page, 'game (my turn)')));
    await actUntil(page, (mode) => mode === 'game-over');
    await expect(page.getByTestId('game-over')).toBeVisible();
    found.push(...(await findings(page, 'result')));
    const over = page.getByTestId('game-over');
    await inDialog(page, 'review', () => over.getByTestId('result-review').click(), '[data-testid="review-summary"]', found);
    await inDialog(page, 'replay', () => over.getByTestId('result-replay').click(), '[data-testid="replay-where"]', found);
    await inDialog(page, 'verify', () => over.getByTestId('result-verify').click(), '[data-testid="verify-summary"]', found);
    await inDialog(page, 'stats', () => over.getByTestId('result-stats').click(), '[data-testid="stats-groups"]', found);
    expect(found).toEqual([]);
  });

  test(`axe finds nothing in a game of the daily deal (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    await presetSettings(page, { speed: 'off' });
    await page.goto('/');
    await page.getByTestId('daily-start').click();
    await enterName(page, 'Dee');
    await expect(ui(page)).toHaveAttribute('data-ui', 'pass');
    await expect(page.getByTestId('daily-title')).toBeVisible();
    expect(await findings(page, 'daily game')).toEqual([]);
  });

  test(`axe finds nothing in the lobby or watching a game (${size.name})`, async ({ browser }) => {
    const found: string[] = [];
    const ada = await person(browser, 'Ada', { speed: 'off', turnTimer: 0 });
    const eve = await person(browser, 'Eve', { speed: 'off', viewport: size });
    await openLobby(ada);
    const table = await startPublicGame(ada);

    await eve.page.goto('/');
    await eve.page.getByTestId('multiplayer').click();
    await expect(eve.page.getByTestId('prompt')).toHaveAttribute('data-prompt', 'name');
    found.push(...(await findings(eve.page, 'name')));
    await enterName(eve.page, 'Eve');
    const watch = eve.page.locator(`[data-testid="lobby-watch"][data-watch="${table}"]`);
    await expect(watch).toBeVisible();
    found.push(...(await findings(eve.page, 'lobby')));
    await watch.click();
    await expect(ui(eve.page)).toHaveAttribute('data-ui', 'watching');
    await expect(eve.page.getByTestId('hand').locator('.card-back')).toHaveCount(13);
    found.push(...(await findings(eve.page, 'watching')));
    // And the table with people as Ada sees it.
    if (size.name === 'laptop') found.push(...(await findings(ada.page, 'a table with people')));
    expect(found).toEqual([]);
    await ada.context.close();
    await eve.context.close();
  });
}
