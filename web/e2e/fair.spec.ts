// Provably fair deals, end to end against a real server: the page keeps the commitment
// it received with the deal, the game's end reveals the seed and secret, and "Verify the
// deals" recomputes the commitment (SHA-256) and the deal in the browser. The page mixes
// a number of its own into the seed (new_game's nonce, after next_deal's commitment to the
// server's salt), and the dialog checks the mix too. A commitment or number changed in the
// browser's storage is caught, and the form checks a deal typed by hand.

import { expect, test } from '@playwright/test';
import { actUntil, newGame, shot } from './helpers';

type Kept = {
  table: string;
  hands: Record<string, { commit: string; dealt: string[] | null }>;
  seed: string | null;
  salt: string | null;
  mix?: { commit: string; nonce: string } | null;
  nonce?: string | null;
};
type Frame = Record<string, unknown>;

test('Verify the deals checks the commitment sent with the deal against the secret revealed at the end', async ({ page }) => {
  // What the page and the server say to each other, in order (a frame may hold several
  // messages, one a line).
  const frames: { dir: 'in' | 'out'; m: Frame }[] = [];
  const note = (dir: 'in' | 'out', payload: string | Buffer): void => {
    for (const line of String(payload).split('\n')) if (line !== '') frames.push({ dir, m: JSON.parse(line) as Frame });
  };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => note('in', f.payload));
    ws.on('framesent', (f) => note('out', f.payload));
  });
  // A game to 1 point ends after its first hand.
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  // The page sent its own number with new_game, after the server's commitment to the salt.
  const sentAt = frames.findIndex((f) => f.dir === 'out' && f.m['t'] === 'new_game');
  const sent = frames[sentAt]?.m ?? {};
  expect(sent['nonce']).toMatch(/^[0-9a-f]{32}$/);
  const offered = frames.slice(0, sentAt).filter((f) => f.dir === 'in' && f.m['t'] === 'next_deal');
  expect(offered).toHaveLength(1);
  const offer = String(offered[0]?.m['commit']);
  expect(offer).toMatch(/^[0-9a-f]{64}$/);
  const kept = (): Promise<Kept[]> => page.evaluate(() => JSON.parse(window.localStorage.getItem('hearts.fair') ?? '[]') as Kept[]);
  // Before a card is played, the page holds the hand's commitment and its 13 cards, and no secret.
  await expect.poll(async () => (await kept()).length).toBe(1);
  const before = (await kept())[0] as Kept;
  expect(before.hands['1']?.commit).toMatch(/^[0-9a-f]{64}$/);
  expect(before.hands['1']?.dealt).toHaveLength(13);
  expect(before.seed).toBeNull();
  expect(before.salt).toBeNull();
  expect(before.mix).toEqual({ commit: offer, nonce: sent['nonce'] });
  // During play the score sheet shows that commitment, which Verify checks at the end.
  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('fair-commit')).toHaveText(
    `Fair deal: the server committed to hand 1’s cards before anyone played, SHA-256 ${before.hands['1']?.commit ?? ''}. When the game is over, “Verify the deals” checks your cards against it.`,
  );
  await page.getByTestId('close-dialog').click();

  await actUntil(page, (mode) => mode === 'game-over');
  const over = page.getByTestId('game-over');
  await over.getByTestId('result-verify').click();
  const dialog = page.getByTestId('dialog-verify');
  await expect(dialog).toBeVisible();
  // (A tie for the lowest score plays on, so the game may have more than one hand.)
  await expect(dialog.getByTestId('verify-summary')).toContainText(/The deal checks out|All \d+ deals check out/);
  await expect(dialog.getByTestId('verify-hand-1')).toHaveAttribute('data-ok', 'true');
  await expect(dialog.getByTestId('verify-hand-1')).toContainText('Your 13 cards are the ones the seed deals.');
  const after = (await kept())[0] as Kept;
  expect(after.seed).toMatch(/^\d+$/);
  expect(after.salt).toMatch(/^[0-9a-f]{32}$/);
  expect(after.nonce).toBe(sent['nonce']);
  await expect(dialog.getByTestId('verify-seed')).toHaveText(after.seed ?? '');
  // The seed is the mix of the salt committed to before the number was chosen, and the number.
  const mix = dialog.getByTestId('verify-mix');
  await expect(mix).toHaveAttribute('data-ok', 'true');
  await expect(mix).toContainText(`Your number ${String(sent['nonce']).slice(0, 8)}…: mixed into the seed with the server’s secret, which was committed to before you chose it: the seed could not be picked.`);
  await expect(mix).toContainText(`The server used your number, ${String(sent['nonce'])}.`);
  await expect(dialog.getByTestId('verify-nonce')).toHaveText(String(sent['nonce']));
  await expect(dialog).toContainText('neither side could pick it');

  // The form checks a deal typed by hand: the same values match; another hand does not.
  await dialog.getByText('Check a deal yourself').click();
  await dialog.getByTestId('verify-check').click();
  await expect(dialog.getByTestId('verify-by-hand')).toHaveAttribute('data-ok', 'true');
  await dialog.getByLabel('Hand').fill('2');
  await dialog.getByTestId('verify-check').click();
  await expect(dialog.getByTestId('verify-by-hand')).toHaveAttribute('data-ok', 'false');
  await dialog.getByLabel('Game seed').fill('12x');
  await dialog.getByTestId('verify-check').click();
  await expect(dialog.getByTestId('verify-out')).toContainText('The seed is a whole number');
  await shot(page, 'test-results/verify-deals.png');
  await dialog.locator('.close').click();

  // A commitment that is not the one the seed and secret give is caught.
  await page.evaluate(() => {
    const all = JSON.parse(window.localStorage.getItem('hearts.fair') ?? '[]') as Kept[];
    const hand = (all[0] as Kept).hands['1'];
    if (hand) hand.commit = (hand.commit[0] === '0' ? '1' : '0') + hand.commit.slice(1);
    window.localStorage.setItem('hearts.fair', JSON.stringify(all));
  });
  await over.getByTestId('result-verify').click();
  await expect(dialog.getByTestId('verify-summary')).toContainText('Hand 1 does not check out');
  await expect(dialog.getByTestId('verify-hand-1')).toContainText('does not match the revealed seed and secret');
  await dialog.locator('.close').click();

  // So is a number that is not the one this page sent.
  await page.evaluate(() => {
    const all = JSON.parse(window.localStorage.getItem('hearts.fair') ?? '[]') as Kept[];
    const e = all[0] as Kept;
    if (e.mix) e.mix.nonce = (e.mix.nonce[0] === '0' ? '1' : '0') + e.mix.nonce.slice(1);
    window.localStorage.setItem('hearts.fair', JSON.stringify(all));
  });
  await over.getByTestId('result-verify').click();
  await expect(dialog.getByTestId('verify-summary')).toContainText('The game seed is not the mix of the committed secret and your number');
  await expect(mix).toHaveAttribute('data-ok', 'false');
  await expect(mix).toContainText('but this page sent');
});
