// A solo game left alone: the server closes an idle connection (here the third server
// of playwright.config.ts, `--inactivity 4`, after 4 s without an action) and the page
// does not come back by itself. The player's next click brings it back: it reconnects,
// the table is resumed as it was, and the player plays on. (With people, the inactivity
// close says so in a dialog and Multiplayer reconnects: e2e/people-connection.spec.ts.)

import { expect, test } from '@playwright/test';
import { actUntil, cardsOf, clickCard, handCards, playLegal, ui } from './helpers';
import { IDLE_URL, person } from './people';

test('a solo game closed for inactivity comes back on the next click, at the same cards', async ({ browser }) => {
  const solo = await person(browser, 'Solo', { level: 'random', speed: 'off' }, IDLE_URL);
  try {
    const page = solo.page;
    await page.goto('/');
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
    await page.getByTestId('new-game').click();
    await actUntil(page, (mode) => mode === 'my-turn');
    const hand = await cardsOf(handCards(page));
    const legal = await cardsOf(page.getByTestId('hand').locator('button[data-legal="true"]'));
    expect(legal.length).toBeGreaterThan(0);

    // Idle: the server closes the connection, and the page says so without a dialog.
    const app = page.getByTestId('app');
    await expect(app).toHaveAttribute('data-conn', 'stopped', { timeout: 20_000 });
    await expect(page.getByTestId('prompt')).toBeHidden();
    await expect(page.getByTestId('connection-problem')).toBeHidden();
    await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');

    // A click on a card: the page reconnects and resumes; the card is not played by it.
    await clickCard(page, legal[0] as string);
    await expect(page.getByTestId('notice')).toHaveText(/^(Reconnecting…|Reconnected\.)$/);
    await expect(page.getByTestId('notice')).not.toContainText('Not connected');
    await expect(app).toHaveAttribute('data-conn', 'open');
    await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
    expect(await cardsOf(handCards(page))).toEqual(hand);

    // The player plays on (before this server's 4 s are up again).
    await playLegal(page);
    await expect(handCards(page)).toHaveCount(hand.length - 1);
    await expect(app).toHaveAttribute('data-conn', 'open');
  } finally {
    await solo.context.close();
  }
});
