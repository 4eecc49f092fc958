import { expect, test, type WebSocketRoute } from '@playwright/test';
import { handCards, shot, ui } from './helpers';
import { createPrivate, joinByCode, mySeat, openLobby, person, playUntil } from './people';

test('a player who drops is shown disconnected, then replaced by a computer player, and gets the seat back', async ({ browser }) => {
  test.setTimeout(180_000);
  // No turn timer: only the grace period (3 s on this server) moves things on.
  const ada = await person(browser, 'Ada', { turnTimer: 0, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  await openLobby(ada);
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);
  await expect(ada.page.getByTestId('room-seat-W')).toContainText('Bob');
  await ada.page.getByTestId('start-game').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');
  const bobSeat = await mySeat(bob.page);
  expect(bobSeat).toBe('W');
  const status = ada.page.getByTestId(`status-${bobSeat}`);
  await expect(ada.page.getByTestId(`seat-${bobSeat}`)).toHaveAttribute('data-status', 'connected');
  await expect(status).toBeHidden();

  // Bob's page goes away (the tab is closed).
  await bob.page.close();
  await expect(status).toHaveText('disconnected');
  await expect(ada.page.getByTestId(`seat-${bobSeat}`)).toHaveAttribute('data-status', 'disconnected');
  // After the grace period a computer player takes the seat so Ada can go on.
  await expect(status).toHaveText('computer player (away)', { timeout: 15_000 });
  await expect(ada.page.getByTestId(`seat-${bobSeat}`)).toHaveAttribute('data-status', 'away');
  await shot(ada.page, 'people-away.png');
  // Ada plays on meanwhile: she passes, and the computer player passed for Bob.
  await playUntil(ada.page, (mode) => mode !== 'pass');

  // Bob comes back (same browser, same storage): the page resumes the table and says
  // what happened, and the seat is his again.
  bob.page = await bob.context.newPage();
  await bob.page.goto('/');
  const prompt = bob.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'removed');
  await expect(prompt).toContainText('Disconnected');
  await expect(prompt).toContainText(
    'Sorry, you were disconnected from the game for too long, we had to remove you from the game so the others could keep playing. 🙁',
  );
  await expect(prompt).toContainText('Your seat is yours again');
  await shot(bob.page, 'people-removed.png');
  await bob.page.getByTestId('prompt-ok').click();
  await expect(bob.page.locator('.seat.pos-bottom')).toHaveAttribute('data-seat', bobSeat);
  await expect(ui(bob.page)).not.toHaveAttribute('data-ui', 'away');
  await expect(ada.page.getByTestId(`seat-${bobSeat}`)).toHaveAttribute('data-status', 'connected');
  await expect(status).toBeHidden();

  // And he plays his own cards again: both play until Bob has played one.
  const before = await handCards(bob.page).count();
  let bobPlayed = false;
  await Promise.all([
    playUntil(bob.page, async (mode) => {
      bobPlayed = (await handCards(bob.page).count()) < before;
      return bobPlayed || mode === 'hand-over';
    }),
    playUntil(ada.page, (mode) => bobPlayed || mode === 'hand-over'),
  ]);
  expect(bobPlayed).toBe(true);
  await ada.context.close();
  await bob.context.close();
});

test('a network drop: the page counts down, comes back by itself after the grace period, and has the seat again', async ({ browser }) => {
  test.setTimeout(180_000);
  const ada = await person(browser, 'Ada', { turnTimer: 0, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  // Bob's sockets go through this route, so the test can cut them and refuse new ones.
  let allow = true;
  let sockets: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  await bob.page.routeWebSocket(/\/ws$/, (ws) => {
    if (!allow) {
      void ws.close({ code: 4000, reason: 'test: network down' });
      return;
    }
    sockets = { page: ws, server: ws.connectToServer() };
  });
  await openLobby(ada);
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);
  await ada.page.getByTestId('start-game').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');
  const bobSeat = await mySeat(bob.page);
  const hand = await handCards(bob.page).count();

  allow = false;
  const cut = sockets as { page: WebSocketRoute; server: WebSocketRoute } | null;
  await cut?.server.close({ code: 4000, reason: 'test: network down' });
  await cut?.page.close({ code: 4000, reason: 'test: network down' });
  await expect(bob.page.getByTestId('connection-problem')).toBeVisible();
  await expect(bob.page.getByTestId('connection-countdown')).toHaveText(/^Giving up in \d+\.$/);
  await expect(ada.page.getByTestId(`status-${bobSeat}`)).toHaveText('disconnected');
  await expect(ada.page.getByTestId(`status-${bobSeat}`)).toHaveText('computer player (away)', { timeout: 15_000 });

  allow = true;
  await expect(bob.page.getByTestId('connection-problem')).toBeHidden({ timeout: 20_000 });
  await expect(bob.page.getByTestId('prompt')).toHaveAttribute('data-prompt', 'removed');
  await bob.page.getByTestId('prompt-ok').click();
  await expect(ada.page.getByTestId(`seat-${bobSeat}`)).toHaveAttribute('data-status', 'connected');
  await expect(bob.page.locator('.seat.pos-bottom')).toHaveAttribute('data-seat', bobSeat);
  await expect(ui(bob.page)).not.toHaveAttribute('data-ui', 'away');
  // While he was away the computer player chose his pass: 3 of his 13 cards are on their way.
  expect(hand).toBe(13);
  await expect(handCards(bob.page)).toHaveCount(10);
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass-waiting');
  await ada.context.close();
  await bob.context.close();
});
