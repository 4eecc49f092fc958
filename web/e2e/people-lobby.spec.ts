import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS, ui } from './helpers';
import { enterName, openLobby, person } from './people';

test('the lobby lists public tables live; blocking someone asks before joining their table', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada = await person(browser, 'Ada', { turnTimer: 60 });
  const bob = await person(browser, 'Bob');
  await openLobby(bob);

  // A wrong code: "Game table not found".
  await bob.page.getByTestId('join-private').click();
  await bob.page.getByTestId('code-input').fill('zzzzzzzz');
  await bob.page.getByTestId('code-ok').click();
  const prompt = bob.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'not-found');
  await expect(prompt).toContainText('Game table not found');
  await expect(prompt).toContainText('Sorry, we couldn’t find your game table on our servers! 🙁');
  await bob.page.getByTestId('prompt-ok').click();
  await expect(prompt).toBeHidden();

  // Ada opens a public table: it appears in Bob's lobby without a reload.
  await openLobby(ada);
  await ada.page.getByTestId('create-public').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'room');
  await expect(ada.page.getByTestId('room-title')).toHaveText('Public table');
  const entry = bob.page.getByTestId('lobby-table').filter({ hasText: 'Ada' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Waiting for players · 3 free seats');
  await expect(entry).toContainText('60 s per turn');
  await bob.page.screenshot({ path: join(SCREENSHOTS, 'people-lobby.png') });

  // Bob joins by clicking it, and sees Ada in the waiting room; he favorites her.
  await entry.click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await expect(ada.page.getByTestId('room-seat-W')).toContainText('Bob');
  await bob.page.getByTestId('room-name-S').click();
  await expect(prompt).toHaveAttribute('data-prompt', 'player');
  await expect(prompt).toContainText('Block, mute, favorite');
  await expect(prompt).toContainText('If you mute a player you won’t see any messages they send during a game.');
  await bob.page.getByTestId('relation-favorite').check();
  await bob.page.getByTestId('prompt-ok').click();
  await expect(bob.page.getByTestId('room-seat-S').locator('.fav')).toHaveText('♥');

  // Bob mutes Ada: her chat messages are hidden from him (not from others).
  await bob.page.getByTestId('room-name-S').click();
  await bob.page.getByTestId('relation-mute').check();
  await bob.page.getByTestId('prompt-ok').click();
  await ada.page.getByTestId('chat-input').fill('can you hear me?');
  await ada.page.getByTestId('chat-send').click();
  await expect(ada.page.getByTestId('chat-text')).toHaveText(['can you hear me?']);
  await bob.page.getByTestId('chat-input').fill('hello?');
  await bob.page.getByTestId('chat-send').click();
  await expect(ada.page.getByTestId('chat-text')).toHaveText(['can you hear me?', 'hello?']);
  await expect(bob.page.getByTestId('chat-text')).toHaveText(['hello?']);

  // Then he blocks her, and leaves the table.
  await bob.page.getByTestId('room-name-S').click();
  await bob.page.getByTestId('relation-block').check();
  await expect(bob.page.getByTestId('relation-block')).toBeChecked();
  await bob.page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await bob.page.getByTestId('leave-table').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(ada.page.getByTestId('room-seat-W')).toContainText('empty');

  // Back in the lobby, her table is marked, and joining it asks first.
  await expect(entry).toContainText('You blocked Ada here');
  // By its code the server asks the same (confirm_blocked, naming her).
  const id = (await entry.getAttribute('data-table')) ?? '';
  await bob.page.getByTestId('join-private').click();
  await bob.page.getByTestId('code-input').fill(id);
  await bob.page.getByTestId('code-ok').click();
  await expect(prompt).toHaveAttribute('data-prompt', 'confirm-blocked');
  await expect(bob.page.getByTestId('blocked-text')).toContainText('This table has a player (Ada) that you have blocked previously');
  await bob.page.getByTestId('blocked-no').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  await entry.click();
  await expect(prompt).toHaveAttribute('data-prompt', 'confirm-blocked');
  await expect(prompt).toContainText('Join table with blocked user?');
  await expect(prompt).toContainText(
    'This table has a player (Ada) that you have blocked previously (perhaps under another name). Are you sure you want to join it?',
  );
  await bob.page.getByTestId('blocked-no').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'lobby');
  await entry.click();
  await bob.page.getByTestId('blocked-yes').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await expect(ada.page.getByTestId('room-seat-W')).toContainText('Bob');

  // A third person sees the table fill up in the lobby.
  const cy = await person(browser, 'Cy');
  await openLobby(cy);
  await expect(cy.page.getByTestId('lobby-table').filter({ hasText: 'Ada' })).toContainText('2 free seats');
  await ada.page.getByTestId('start-game').click();
  await expect(cy.page.getByTestId('lobby-table').filter({ hasText: 'Ada' })).toContainText('Playing');
  for (const p of [ada, bob, cy]) await p.context.close();
});

test('names are checked before they are sent, and can be changed later', async ({ browser }) => {
  const ada = await person(browser, 'Ada');
  await ada.page.goto('/');
  await ada.page.getByTestId('multiplayer').click();
  const prompt = ada.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'name');
  await ada.page.getByTestId('name-input').fill('   ');
  await ada.page.getByTestId('name-ok').click();
  await expect(ada.page.getByTestId('prompt-error')).toHaveText('Please enter a name');
  // A right-to-left override is refused here already.
  await ada.page.getByTestId('name-input').fill('Ada\u202e');
  await ada.page.getByTestId('name-ok').click();
  await expect(ada.page.getByTestId('prompt-error')).toContainText('control or text-direction');
  await enterName(ada.page, 'Ada');
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(ada.page.getByTestId('my-name')).toHaveText('Ada');
  // Changing it later from the lobby.
  await ada.page.getByTestId('change-name').click();
  await enterName(ada.page, 'Ada L.');
  await expect(ada.page.getByTestId('my-name')).toHaveText('Ada L.');
  await ada.context.close();
});
