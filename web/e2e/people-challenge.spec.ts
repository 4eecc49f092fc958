import { expect, test, type Page } from '@playwright/test';
import { handCards, shot, ui } from './helpers';
import { createPrivate, joinByCode, openLobby, person } from './people';

/** Opens the panel of the person called `name` in the waiting room ("Block, mute, favorite"). */
async function openPanel(page: Page, name: string): Promise<void> {
  await page.locator('[data-testid^="room-name-"]', { hasText: name }).click();
  await expect(page.getByTestId('prompt')).toHaveAttribute('data-prompt', 'player');
  await expect(page.getByTestId('player-name')).toHaveText(name);
}

/**
 * Ada challenges her favorite Bob from the lobby; returns the new table's code once her
 * waiting room shows it (the room of an earlier table stays in the page, hidden).
 */
async function challengeFavorite(page: Page, previous: string | null): Promise<string> {
  await page.getByTestId('favorites').getByTestId('favorite-challenge').click();
  await expect(ui(page)).toHaveAttribute('data-ui', 'room');
  await expect(page.getByTestId('room-challenge')).toBeVisible();
  await expect(page.getByTestId('room-challenge')).toHaveText('Waiting for Bob to answer your challenge…');
  const code = page.getByTestId('room-code-value');
  if (previous !== null) await expect(code).not.toHaveText(previous);
  const text = (await code.textContent()) ?? '';
  expect(text).toMatch(/^[0-9a-z]{8}$/);
  return text;
}

test('challenges: a favorite is challenged, declines, is challenged again and accepts; a block refuses', async ({ browser }) => {
  test.setTimeout(180_000);
  const ada = await person(browser, 'Ada', { turnTimer: 0, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  const cy = await person(browser, 'Cy');

  // They meet at Ada's private table. Ada makes Bob a favorite; Cy blocks Ada.
  await openLobby(ada);
  await expect(ada.page.getByTestId('favorites')).toBeHidden();
  const { code } = await createPrivate(ada);
  await joinByCode(bob, code);
  await joinByCode(cy, code);
  await openPanel(ada.page, 'Bob');
  await ada.page.getByTestId('relation-favorite').check();
  await ada.page.getByTestId('prompt-ok').click();
  await openPanel(cy.page, 'Ada');
  await cy.page.getByTestId('relation-block').check();
  await expect(cy.page.getByTestId('relation-block')).toBeChecked();

  // A block stops a challenge both ways, with a clear reason in the panel.
  await cy.page.getByTestId('challenge-player').click();
  await expect(cy.page.getByTestId('prompt-error')).toHaveText('You have blocked Ada: unblock them to challenge them');
  await cy.page.getByTestId('prompt-ok').click();
  await openPanel(ada.page, 'Cy');
  await ada.page.getByTestId('challenge-player').click();
  await expect(ada.page.getByTestId('prompt-error')).toHaveText("You can't challenge this player");
  await expect(ada.page.getByTestId('prompt')).toHaveAttribute('data-prompt', 'player');
  await shot(ada.page, 'people-challenge-1-refused.png');
  await ada.page.getByTestId('prompt-ok').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'room');
  await expect(ada.page.getByTestId('room-code-value')).toHaveText(code);
  await cy.context.close();

  // Everyone leaves; in the lobby Ada finds Bob among her favorites.
  await bob.page.getByTestId('leave-table').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  await ada.page.getByTestId('leave-table').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'lobby');
  const favorites = ada.page.getByTestId('favorites');
  await expect(favorites).toBeVisible();
  await expect(favorites.getByTestId('favorite-name')).toHaveText(['Bob']);
  await shot(ada.page, 'people-challenge-2-favorites.png');
  await ada.page.setViewportSize({ width: 375, height: 667 });
  await expect(favorites.getByTestId('favorite-challenge')).toBeInViewport();
  await shot(ada.page, 'people-challenge-2-favorites-phone.png');
  await ada.page.setViewportSize({ width: 1280, height: 800 });

  // Ada challenges Bob, who is in the lobby; he declines.
  const first = await challengeFavorite(ada.page, code);
  await expect(ada.page.getByTestId('room-title')).toHaveText('Private table');
  await expect(ada.page.getByTestId('prompt')).toBeHidden();
  const question = bob.page.getByTestId('challenge');
  await expect(question).toBeVisible();
  await expect(bob.page.getByTestId('challenge-text')).toHaveText('Ada challenges you to a game of Hearts.');
  await expect(bob.page.getByTestId('challenge-terms')).toHaveText(
    'The game ends at 30 points. Pass order: left, right, across, no pass. No turn timer.',
  );
  await expect(bob.page.getByTestId('challenge-accept')).toBeFocused();
  await shot(bob.page, 'people-challenge-3-question.png');
  await bob.page.getByTestId('challenge-decline').click();
  await expect(question).toBeHidden();
  await expect(ada.page.getByTestId('room-challenge')).toHaveText('Bob declined your challenge.');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  await shot(ada.page, 'people-challenge-4-declined.png');

  // Bob goes back to the start screen, on a phone. Ada challenges again, then leaves:
  // the question goes away, saying she withdrew it.
  await bob.page.getByTestId('close-lobby').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'start');
  await bob.page.setViewportSize({ width: 375, height: 667 });
  await ada.page.getByTestId('leave-table').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'lobby');
  const second = await challengeFavorite(ada.page, first);
  await expect(question).toBeVisible();
  await expect(bob.page.getByTestId('challenge-from')).toHaveText('Ada');
  for (const id of ['challenge-text', 'challenge-accept', 'challenge-decline']) await expect(bob.page.getByTestId(id)).toBeInViewport();
  await shot(bob.page, 'people-challenge-5-question-phone.png');
  await ada.page.getByTestId('leave-table').click();
  await expect(question).toBeHidden();
  await expect(bob.page.getByTestId('notice')).toHaveText('Ada withdrew the challenge.');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'start');

  // A third time Bob accepts: both sit at Ada's new table.
  const table = await challengeFavorite(ada.page, second);
  await expect(question).toBeVisible();
  // A reload on the way: the server asks again after hello.
  await bob.page.reload();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'start');
  await expect(question).toBeVisible();
  await expect(bob.page.getByTestId('challenge-from')).toHaveText('Ada');
  await expect(bob.page.getByTestId('challenge-more')).toHaveCount(0);
  await bob.page.getByTestId('challenge-accept').click();
  await expect(question).toBeHidden();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await expect(bob.page.getByTestId('room-code-value')).toHaveText(table);
  await expect(bob.page.getByTestId('room-hint')).toHaveText('Waiting for Ada (the host) to start the game…');
  await expect(ada.page.getByTestId('room-challenge')).toBeHidden();
  await expect(ada.page.locator('[data-testid^="room-name-"]', { hasText: 'Bob' })).toHaveCount(1);
  await expect(ada.page.locator('[data-testid^="room-seat-"]', { hasText: 'Bob' }).locator('.fav')).toHaveText('♥');

  // Ada starts: both are dealt their hand.
  await ada.page.getByTestId('start-game').click();
  for (const p of [ada, bob]) {
    await expect(ui(p.page)).toHaveAttribute('data-ui', 'pass');
    await expect(handCards(p.page)).toHaveCount(13);
    await expect(p.page.getByTestId('table-code')).toHaveText(`Code ${table}`);
  }
  await shot(bob.page, 'people-challenge-6-dealt-phone.png');
  await ada.context.close();
  await bob.context.close();
});
