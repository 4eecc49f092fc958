// The server sends a strict Content-Security-Policy (no inline script, no inline style:
// `style-src 'self'` also refuses style="" attributes). The page must work under it
// without a single violation, so this spec listens for them in two ways while it plays
// a few tricks and opens every screen with its own markup: the browser's console
// message ("Refused to apply inline style because it violates the following Content
// Security Policy directive…") and the `securitypolicyviolation` event, recorded on the
// window by an init script that runs before the page's own code.

import { expect, test, type Page } from '@playwright/test';
import { actUntil, handCards, newGame, ui } from './helpers';
import { enterName } from './people';

export const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly sample: string;
}

/** Records every CSP violation of the page, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<{ console: string[]; events: () => Promise<Violation[]> }> {
  const console: string[] = [];
  page.on('console', (m) => {
    // Each distinct message once: a refused style repeats for every card.
    if (/Content Security Policy/i.test(m.text()) && !console.includes(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; sample: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  return {
    console,
    events: () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations),
  };
}

// With motion, as most players have it: the flights and the glow under the policy too.
test.use({ reducedMotion: 'no-preference' });

test('the page sends the policy and breaks none of it: a game, rules, settings, the lobby, a waiting room', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toBe(POLICY);

  // A few tricks: hand cards (positioned by a CSS variable per card), cards flying to
  // the trick and swept away (animations on), the SVG faces.
  await newGame(page, { level: 'random', speed: 'fast' });
  await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) <= 10);
  await expect(handCards(page)).not.toHaveCount(0);

  await page.getByTestId('open-rules').click();
  await expect(page.getByTestId('dialog-rules')).toContainText('Hearts rules');
  await page.getByTestId('close-dialog').click();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-form')).toBeVisible();
  await page.getByTestId('cancel-settings').click();
  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('score-sheet')).toBeVisible();
  await page.getByTestId('close-dialog').click();

  // The lobby, and a waiting room of a public table (left again at the end).
  await page.getByTestId('open-lobby').click();
  await enterName(page, 'Csp');
  await expect(ui(page)).toHaveAttribute('data-ui', 'lobby');
  await page.getByTestId('create-public').click();
  await expect(ui(page)).toHaveAttribute('data-ui', 'room');
  await expect(page.getByTestId('room-seats')).toContainText('Csp');
  await page.getByTestId('leave-table').click();
  await expect(ui(page)).toHaveAttribute('data-ui', 'lobby');

  expect(violations.console).toEqual([]);
  expect(await violations.events()).toEqual([]);
});
