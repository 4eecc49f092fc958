import { expect, test } from '@playwright/test';
import { shot, ui } from './helpers';
import { createPrivate, joinByCode, mySeat, openLobby, person, playUntil } from './people';

test('the turn timer runs out: the server acts, then a computer player holds the seat until I take it back', async ({ browser }) => {
  test.setTimeout(120_000);
  // 15 s per turn at --timer-scale 0.1: 1.5 s (3 s to pass).
  const ada = await person(browser, 'Ada', { turnTimer: 15, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  await openLobby(ada);
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);
  await ada.page.getByTestId('start-game').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');
  const seat = await mySeat(bob.page);
  await expect(bob.page.getByTestId('turn-timer')).toHaveText(/^\d+ s · /);
  await expect(bob.page.getByTestId(`clock-${seat}`)).toHaveText(/^\d+ s$/);

  // Ada plays her turns all along. (Were she idle too, computer players would soon hold
  // both seats, and with nobody to wait for, the game could end before Bob is back.)
  // Her loop ends when the test stops her (`playing = false`) or the game is over; any
  // failure in it fails the test.
  let playing = true;
  const adaPlays = playUntil(ada.page, (mode) => !playing || mode === 'game-over');

  const bobSteps = async (): Promise<void> => {
    // Bob does nothing: the server passes for him, then plays for him, and after two
    // timeouts in a row a computer player takes his seat.
    const banner = bob.page.getByTestId('away-banner');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText('A computer player is playing for you');
    await expect(ui(bob.page)).toHaveAttribute('data-ui', 'away');
    await expect(ada.page.getByTestId(`status-${seat}`)).toHaveText('computer player (away)');
    await shot(bob.page, 'people-timer-away.png');

    await bob.page.getByTestId('reclaim').click();
    await Promise.all([
      expect(banner).toBeHidden(),
      expect(ui(bob.page)).not.toHaveAttribute('data-ui', 'away'),
      expect(ada.page.getByTestId(`seat-${seat}`)).not.toHaveAttribute('data-status', 'away'),
    ]);
  };
  // Bob's steps; a failure in Ada's loop fails the test at once (her loop ending
  // normally waits for his steps).
  const steps = bobSteps();
  try {
    await Promise.race([steps, adaPlays.then(() => steps)]);
  } finally {
    playing = false; // she stops after her current action
  }
  await adaPlays;
  await ada.context.close();
  await bob.context.close();
});
