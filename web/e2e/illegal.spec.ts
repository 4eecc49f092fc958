import { expect, test } from '@playwright/test';
import { actUntil, cardsOf, clickCard, handCards, newGame } from './helpers';

test('clicking a card that is not allowed explains why and plays nothing', async ({ page }) => {
  await newGame(page, { level: 'random', speed: 'off' });
  const illegal = page.locator('[data-testid="hand"] button[data-legal="false"]');
  await actUntil(page, async (mode) => mode === 'my-turn' && (await illegal.count()) > 0);

  const before = await cardsOf(handCards(page));
  const card = (await cardsOf(illegal))[0] as string;
  await expect(page.getByTestId(`card-${card}`)).toHaveAttribute('aria-disabled', 'true');
  await clickCard(page, card, true);
  await expect(page.getByTestId('notice')).toHaveText(
    /You must follow suit|Hearts are not broken yet|No hearts or queen of spades on the first trick|The two of clubs leads the first trick/,
  );
  await expect(page.getByTestId('app')).toHaveAttribute('data-ui', 'my-turn');
  expect(await cardsOf(handCards(page))).toEqual(before);
  await expect(page.getByTestId(`trick-card-${card}`)).toHaveCount(0);
});
