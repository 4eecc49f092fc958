import { expect, test } from '@playwright/test';
import { shot, ui } from './helpers';
import { createPrivate, joinByCode, openLobby, person } from './people';

// A person waits at one table at a time (docs/protocol.md): whoever goes from a waiting
// room to another table leaves the first, and the page follows them to the new one.
test('moving from one waiting room to another leaves the first, and a challenge accepted from a room leads to its table', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await person(browser, 'Ada', { speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  const cy = await person(browser, 'Cy', { speed: 'off' });
  await openLobby(ada);
  const a = await createPrivate(ada);
  await joinByCode(bob, a.code);
  await expect(ada.page.getByTestId('room-name-W')).toHaveText('Bob');

  // Bob wanders off to the lobby and opens a table of his own: Ada sees his seat free.
  await bob.page.getByTestId('open-lobby').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  const b = await createPrivate(bob);
  expect(b.code).not.toBe(a.code);
  await expect(ada.page.getByTestId('room-name-W')).toHaveText('empty');
  await expect(ada.page.getByTestId('room-seat-W')).toHaveAttribute('data-status', 'empty');

  // Cy joins Bob's table, then challenges him from his name: Cy moves to a new table.
  await joinByCode(cy, b.code);
  await cy.page.locator('[data-testid^="room-name-"]', { hasText: 'Bob' }).click();
  await cy.page.getByTestId('challenge-player').click();
  await expect(ui(cy.page)).toHaveAttribute('data-ui', 'room');
  await expect(cy.page.getByTestId('room-challenge')).toHaveText('Waiting for Bob to answer your challenge…');
  const c = ((await cy.page.getByTestId('room-code-value').textContent()) ?? '').trim();
  expect(c).not.toBe(b.code);

  // Bob is asked in his own room; a hurried double click on Accept takes him to Cy's
  // table (his own closes: nobody is left at it), not back to the lobby.
  await expect(bob.page.getByTestId('challenge')).toBeVisible();
  await expect(bob.page.getByTestId('room-name-W')).toHaveText('empty');
  await bob.page.getByTestId('challenge-accept').dblclick();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await expect(bob.page.getByTestId('room-code-value')).toHaveText(c);
  await expect(bob.page.getByTestId('room-name-S')).toHaveText('Cy');
  await expect(cy.page.getByTestId('room-challenge')).toBeHidden();
  await shot(bob.page, 'people-one-table-accepted.png');

  // Cy starts: both are dealt.
  await cy.page.getByTestId('start-game').click();
  await expect(bob.page.getByTestId('hand').locator('[data-card]')).toHaveCount(13);
  await expect(cy.page.getByTestId('hand').locator('[data-card]')).toHaveCount(13);
  // Close the pages: left open, their game (and its clocks) would go on running in this
  // browser during the specs that follow.
  for (const p of [ada, bob, cy]) await p.context.close();
});
