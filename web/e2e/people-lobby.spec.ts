import { expect, test, type Page } from '@playwright/test';
import { shot, ui } from './helpers';
import { enterName, openLobby, person } from './people';

/** The id of the table whose waiting room `page` shows. */
async function roomTable(page: Page): Promise<string> {
  const id = await page.getByTestId('room').getAttribute('data-table');
  expect(id).toMatch(/^[0-9a-z]{8}$/);
  return id ?? '';
}

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
  // By its id: tables of earlier runs of this spec (same names) may still be listed.
  const entry = bob.page.locator(`[data-testid="lobby-table"][data-table="${await roomTable(ada.page)}"]`);
  await expect(entry).toContainText('Ada');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Waiting for players · 3 free seats');
  await expect(entry).toContainText('60 s per turn');
  await shot(bob.page, 'people-lobby.png');

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
  const cyEntry = cy.page.locator(`[data-testid="lobby-table"][data-table="${id}"]`);
  await expect(cyEntry).toContainText('2 free seats');
  await ada.page.getByTestId('start-game').click();
  await expect(cyEntry).toContainText('Playing');
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

test('the lobby follows tables as they open, start and close, waiting and newest first', async ({ browser }) => {
  // The lobby is shared by every spec on this server (and earlier runs of this one):
  // the tables are found by their ids.
  const ole = await person(browser, 'Ole');
  const lia = await person(browser, 'Lia');
  const max = await person(browser, 'Max');
  await openLobby(ole);
  const row = (page: Page, id: string) => page.locator(`[data-testid="lobby-table"][data-table="${id}"]`);

  await openLobby(lia);
  await lia.page.getByTestId('create-public').click();
  await expect(ui(lia.page)).toHaveAttribute('data-ui', 'room');
  const liaId = await roomTable(lia.page);
  const liaTable = row(ole.page, liaId);
  await expect(liaTable).toContainText('Lia');
  await openLobby(max);
  await max.page.getByTestId('create-public').click();
  await expect(ui(max.page)).toHaveAttribute('data-ui', 'room');
  const maxId = await roomTable(max.page);
  const maxTable = row(ole.page, maxId);
  await expect(maxTable).toContainText('Max');
  /** Where Lia's and Max's tables are in Ole's lobby (-1: not listed). */
  const order = async (): Promise<{ lia: number; max: number }> => {
    const ids = await ole.page.getByTestId('lobby-table').evaluateAll((els) => els.map((e) => e.getAttribute('data-table')));
    return { lia: ids.indexOf(liaId), max: ids.indexOf(maxId) };
  };
  // Both waiting: the newer (Max's) first.
  let at = await order();
  expect(at.max).toBeGreaterThanOrEqual(0);
  expect(at.max).toBeLessThan(at.lia);

  // Lia starts her game: a playing table comes after every waiting one.
  await lia.page.getByTestId('start-game').click();
  await expect(liaTable).toContainText('Playing');
  at = await order();
  expect(at.lia).toBeGreaterThan(at.max);
  await expect(maxTable).toContainText('Waiting for players · 3 free seats');

  // Max leaves: his table closes and leaves the lobby; Lia's stays.
  await max.page.getByTestId('leave-table').click();
  await expect(ui(max.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(maxTable).toHaveCount(0);
  await expect(liaTable).toHaveCount(1);
  // Max's own lobby (a fresh listing) agrees.
  await expect(row(max.page, maxId)).toHaveCount(0);
  await expect(row(max.page, liaId)).toHaveCount(1);
  for (const p of [ole, lia, max]) await p.context.close();
});
