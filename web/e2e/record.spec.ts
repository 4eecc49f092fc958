// The finished game's record: downloaded with the player's token in the Authorization
// header (the server refuses it in the address), saved as hearts-<table>.json, and the
// token is nowhere in the page: no attribute, no address, no request URL.

import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { actUntil, newGame } from './helpers';

test('Download saves the whole game record; the token appears in no attribute or address', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  // A game to 1 point ends after its first hand.
  await newGame(page, { level: 'random', endScore: 1, speed: 'off' });
  await actUntil(page, (mode) => mode === 'game-over');
  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible();

  const token = await page.evaluate(() => window.localStorage.getItem('hearts.token'));
  const player = await page.evaluate(() => window.localStorage.getItem('hearts.player'));
  expect(token).toMatch(/.{8,}/);
  expect(player).toMatch(/^p_/);

  const downloading = page.waitForEvent('download');
  await over.getByTestId('download-record').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hearts-[0-9a-z]{8}\.json$/);
  const path = await download.path();
  const record = JSON.parse(await readFile(path, 'utf8')) as {
    format: string;
    result: { finished: boolean };
  };
  expect(record.format).toBe('hearts-game-record');
  expect(record.result.finished).toBe(true);
  // The file is named after the table this page played.
  const table = download.suggestedFilename().slice('hearts-'.length, -'.json'.length);
  expect(urls).toContain(new URL(`/api/games/${table}/record.json`, page.url()).href);

  // The token is in no attribute of any element, nor in the address or any request's URL.
  const inAttributes = await page.evaluate(
    (secret) =>
      [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => a.value.includes(secret)).map((a) => `${el.tagName.toLowerCase()}[${a.name}]`),
      ),
    token ?? '',
  );
  expect(inAttributes).toEqual([]);
  expect(page.url()).not.toContain(token ?? '');
  expect(urls.filter((u) => u.includes(token ?? '') || decodeURIComponent(u).includes(token ?? ''))).toEqual([]);
  await expect(page.getByTestId('notice')).toBeHidden();

  // A refusal shows the server's reason: here a token this player does not have.
  await page.evaluate(() => window.localStorage.setItem('hearts.token', 'not-the-token'));
  await over.getByTestId('download-record').click();
  await expect(page.getByTestId('notice')).toHaveText('Could not download the game record: Unknown player or wrong token');
});
