import { expect, test } from '@playwright/test';
import { ui } from './helpers';
import { IDLE_URL, enterName, person } from './people';

test('without storage, Multiplayer says it cannot work instead of failing oddly', async ({ browser }) => {
  const ada = await person(browser, 'Ada');
  await ada.page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await ada.page.goto('/');
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'start');
  await ada.page.getByTestId('multiplayer').click();
  const prompt = ada.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'no-storage');
  await expect(prompt).toContainText('Can’t use multiplayer');
  await expect(prompt).toContainText('Sorry, it looks like you have cookies disabled for our site.');
  await expect(prompt).toContainText('local storage');
  await ada.page.getByTestId('prompt-ok').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'start');
  // A join link says the same.
  await ada.page.goto('/?join=abcdefgh');
  await expect(prompt).toHaveAttribute('data-prompt', 'no-storage');
  await ada.context.close();
});

test('an idle connection closed for inactivity says so; Multiplayer reconnects', async ({ browser }) => {
  // This server closes connections without an action for 4 s (`--inactivity 4`).
  const ada = await person(browser, 'Ada', {}, IDLE_URL);
  await ada.page.goto('/');
  await ada.page.getByTestId('multiplayer').click();
  await enterName(ada.page, 'Ada');
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'lobby');
  const prompt = ada.page.getByTestId('prompt');
  await expect(prompt).toHaveAttribute('data-prompt', 'inactivity', { timeout: 20_000 });
  await expect(prompt).toContainText('Disconnected');
  await expect(prompt).toContainText(
    'You’ve been disconnected due to inactivity. You can always reconnect by pressing the "Multiplayer" button',
  );
  // Not the reconnect countdown: the page does not come back by itself.
  await expect(ada.page.getByTestId('connection-problem')).toBeHidden();
  await ada.page.getByTestId('prompt-ok').click();
  // The lobby nobody updates any more is gone; the start screen's Multiplayer reconnects.
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'start');
  await ada.page.getByTestId('multiplayer').click();
  await expect(prompt).toBeHidden();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'lobby');
  await expect(ada.page.getByTestId('lobby')).toContainText('Hearts Multiplayer Lobby');
  await ada.page.getByTestId('create-public').click();
  await expect(ui(ada.page)).toHaveAttribute('data-ui', 'room');
  await ada.context.close();
});
