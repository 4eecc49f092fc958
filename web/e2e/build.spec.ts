// The web build as it is served: every text file has a brotli and a gzip copy beside it
// (scripts/compress.mjs), which the server sends to a browser that takes it, and no
// source map is built or served. That the page works so is what every other spec shows.

import { expect, test, type Response } from '@playwright/test';
import { ui } from './helpers';

test('the page and its script come brotli-compressed to Chromium, gzip or plain to others; no source maps', async ({ page }) => {
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (/^\/assets\/index-[\w-]+\.js$/.test(new URL(r.url()).pathname)) scripts.push(r);
  });
  const doc = await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  expect(doc && (await doc.allHeaders())['content-encoding']).toBe('br');

  expect(scripts).toHaveLength(1);
  const script = scripts[0] as Response;
  const headers = await script.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['vary']).toMatch(/accept-encoding/i);
  expect(headers['content-type']).toMatch(/javascript/);
  const source = await script.text();
  expect(source).toContain('hearts');
  expect(source).not.toContain('sourceMappingURL');

  // The same file to a client that takes only gzip, and to one that takes neither.
  const path = new URL(script.url()).pathname;
  const gzip = await page.request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(await gzip.text()).toBe(source);
  const plain = await page.request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(source);

  // No map beside the script.
  const map = await page.request.get(`${path}.map`);
  expect(map.status()).toBe(404);
});
