import { expect, test, type Page } from '@playwright/test';
import { handCards, hitPoint, shot, ui } from './helpers';
import { createPrivate, enterName, openLobby, person } from './people';

/** Whether every card of the hand shows a part of it a finger can hit (helpers.ts, hitPoint). */
async function handUncovered(page: Page): Promise<boolean> {
  const cards = await handCards(page).all();
  for (const card of cards) if ((await hitPoint(card)) === null) return false;
  return cards.length > 0;
}

test('on a phone the table with people fits, and the chat opens as a drawer that leaves the hand free', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada = await person(browser, 'Ada', { turnTimer: 0, speed: 'off' });
  const bob = await person(browser, 'Bob', { speed: 'off' });
  await bob.page.setViewportSize({ width: 375, height: 667 });
  await openLobby(ada);
  const { link } = await createPrivate(ada);
  await bob.page.goto(link);
  await enterName(bob.page, 'Bob');
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'room');
  await expect(bob.page.getByTestId('room')).toBeInViewport();
  await shot(bob.page, 'people-phone-1-room.png');

  await ada.page.getByTestId('chat-input').fill('Welcome, Bob!');
  await ada.page.getByTestId('chat-send').click();
  // On a phone the chat is closed; its button counts what is new.
  await expect(bob.page.getByTestId('chat')).toBeHidden();
  await expect(bob.page.getByTestId('chat-toggle')).toHaveText('Chat (1)');

  await ada.page.getByTestId('start-game').click();
  await expect(ui(bob.page)).toHaveAttribute('data-ui', 'pass');
  for (const id of ['hand', 'trick', 'seat-S', 'seat-N', 'seat-E', 'status', 'table-bar']) {
    await expect(bob.page.getByTestId(id)).toBeInViewport();
  }
  expect(await handUncovered(bob.page)).toBe(true);
  await shot(bob.page, 'people-phone-2-table.png');

  await bob.page.getByTestId('chat-toggle').click();
  await expect(bob.page.getByTestId('chat')).toBeVisible();
  await expect(bob.page.getByTestId('chat-text')).toHaveText(['Welcome, Bob!']);
  await expect(bob.page.getByTestId('chat-input')).toBeFocused();
  await expect(bob.page.getByTestId('chat-toggle')).toHaveText('Chat');
  // The drawer covers the top of the table, never the hand.
  expect(await handUncovered(bob.page)).toBe(true);
  await bob.page.getByTestId('chat-input').fill('Thanks!');
  await bob.page.keyboard.press('Enter');
  await expect(ada.page.getByTestId('chat-text')).toHaveText(['Welcome, Bob!', 'Thanks!']);
  await shot(bob.page, 'people-phone-3-chat.png');
  await bob.page.getByTestId('chat-close').click();
  await expect(bob.page.getByTestId('chat')).toBeHidden();
  await ada.context.close();
  await bob.context.close();
});
