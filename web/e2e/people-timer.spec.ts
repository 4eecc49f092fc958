import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS, actOnce, ui } from './helpers';
import { createPrivate, joinByCode, mySeat, openLobby, person, skipOnMock } from './people';

skipOnMock();

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
  let playing = true;
  const adaPlays = (async () => {
    while (playing) {
      try {
        if ((await actOnce(ada.page)) === 'game-over') return;
      } catch {
        return; // her page closed at the end, or nothing to do for a long while
      }
    }
  })();

  // Bob does nothing: the server passes for him, then plays for him, and after two
  // timeouts in a row a computer player takes his seat.
  const banner = bob.page.getByTestId('away-banner');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('A computer player is playing for you');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'away');
  await expect(ada.page.getByTestId(`status-${seat}`)).toHaveText('computer player (away)');
  await bob.page.screenshot({ path: join(SCREENSHOTS, 'people-timer-away.png') });

  await bob.page.getByTestId('reclaim').click();
  await Promise.all([
    expect(banner).toBeHidden(),
    expect(ui(bob.page)).not.toHaveAttribute('data-ui', 'away'),
    expect(ada.page.getByTestId(`seat-${seat}`)).not.toHaveAttribute('data-status', 'away'),
  ]);
  playing = false;
  await ada.context.close();
  await bob.context.close();
  await adaPlays;
});
