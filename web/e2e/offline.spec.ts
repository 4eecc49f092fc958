import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ui } from './helpers';

// The installable page (docs/offline.md): its manifest and icons, the service worker that
// keeps the page for when the network is gone, and a new version offered to an open page.
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

/** Waits until a service worker controls the page (after a reload, as the first version takes no page over). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the page installs: a manifest in the player’s language, its icons, and a copy that opens offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(ui(page)).toHaveAttribute('data-ui', 'start');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('./manifest.webmanifest');
  const res = await page.request.get(`/${href?.slice(2)}`);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const m = (await res.json()) as { name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(m).toMatchObject({ name: 'Hearts', display: 'standalone', start_url: './' });
  for (const icon of m.icons.filter((i) => i.src.endsWith('.png'))) {
    const got = await page.request.get(`/${icon.src}`);
    expect(got.headers()['content-type']).toBe('image/png');
    expect(pngSize(await got.body()).join('x')).toBe(icon.sizes);
  }
  expect(m.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  expect(m.icons.some((i) => i.sizes === '192x192')).toBe(true);

  // Seen once online, the page opens with no network at all: every request refused, not
  // only the browser told it is offline.
  await controlled(page);
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page).toHaveTitle('Hearts');
  await expect(page.getByRole('navigation')).toBeVisible();
  // With no server the page says so, and offers to play offline (e2e/offline-play.spec.ts).
  await expect(page.getByTestId('connection-problem')).toBeVisible();
  await expect(page.getByTestId('play-offline')).toBeVisible();
  // Every part of the page is in the worker's copy, and comes from it with no network: the
  // chunks of the dialogs, the lobby and each language's words.
  const parts = await page.evaluate(async () => {
    const names: string[] = [];
    for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) names.push(new URL(r.url).pathname);
    const chunk = names.find((n) => /\/assets\/player-dialogs-.*\.js$/.test(n)) ?? '';
    return { names, chunk: chunk === '' ? 0 : (await fetch(chunk)).status };
  });
  for (const part of ['player-dialogs', 'render-social', 'core', 'replay-part', 'sound-part']) {
    expect(parts.names.some((n) => n.startsWith(`/assets/${part}-`)), part).toBe(true);
  }
  expect(parts.chunk).toBe(200);
});

test.describe('in another language', () => {
  test.use({ locale: 'es-ES' });
  test('the app is named in the player’s language', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('./manifest.es.webmanifest');
    const m = (await (await page.request.get(`/${href?.slice(2)}`)).json()) as { name: string; lang: string };
    expect(m).toMatchObject({ name: 'Corazones', lang: 'es' });
  });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

test('a new version is offered to an open page, and Reload takes it', async ({ page }) => {
  // A server of its own, on a copy of the client, so that the copy can change under it.
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'hearts-update-'));
  const web = join(dir, 'web');
  cpSync(join(root, 'web', 'dist'), web, { recursive: true });
  const port = await freePort();
  const bin = resolve(root, process.env['HEARTS_BIN'] ?? './build/release/hearts');
  const server: ChildProcess = spawn(bin, ['serve', '--port', String(port), '--data-dir', join(dir, 'data'), '--web-dir', web], { stdio: 'ignore' });
  try {
    const url = `http://127.0.0.1:${port}/`;
    await expect.poll(async () => (await page.request.get(url).catch(() => null))?.status() ?? 0).toBe(200);
    await page.goto(url);
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
    await controlled(page);
    await expect(page.getByTestId('update-ready')).toHaveCount(0);

    // The next version: its worker differs (the server sends the file as it is now).
    const sw = join(web, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// the next version\n`);
    for (const packed of ['sw.js.br', 'sw.js.gz']) rmSync(join(web, packed), { force: true });
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const offer = page.getByTestId('update-ready');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('A new version of Hearts is ready.');
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('update-reload').click();
    await reloaded;
    // The page reloaded under the new worker: what this page set is gone, and no offer is left.
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
    await expect(ui(page)).toHaveAttribute('data-ui', 'start');
    await expect(page.getByTestId('update-ready')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${url}sw.js`);
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
