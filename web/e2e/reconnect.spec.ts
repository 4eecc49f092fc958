import { expect, test, type WebSocketRoute } from '@playwright/test';
import { actUntil, cardsOf, handCards, newGame, playLegal, ui } from './helpers';

test('a lost connection shows a countdown, reconnects and resumes the game', async ({ page }) => {
  // Every socket goes through this route, so the test can cut it and refuse new ones.
  let allow = true;
  let current: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (!allow) {
      void ws.close({ code: 4000, reason: 'test: network down' });
      return;
    }
    current = ws;
    ws.connectToServer();
  });

  await newGame(page, { level: 'random', speed: 'off' });
  await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) <= 11);
  const hand = await cardsOf(handCards(page));

  allow = false;
  await (current as WebSocketRoute | null)?.close({ code: 4000, reason: 'test: network down' });
  const problem = page.getByTestId('connection-problem');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('Connection problem');
  await expect(page.getByTestId('connection-countdown')).toHaveText(/^Giving up in \d+\.$/);
  const first = Number((await page.getByTestId('connection-countdown').textContent())?.match(/\d+/)?.[0]);
  await expect(page.getByTestId('connection-countdown')).not.toHaveText(`Giving up in ${first}.`);

  allow = true;
  await expect(problem).toBeHidden({ timeout: 15_000 });
  await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
  expect(await cardsOf(handCards(page))).toEqual(hand);
  await playLegal(page);
  await expect(handCards(page)).toHaveCount(hand.length - 1);
});
