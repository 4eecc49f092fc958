// Draws the app's icons (web/public/icons/) from the SVG below with Debian's Chromium, the
// browser the tests use: icon.svg, icon-192.png and icon-512.png (a card with a heart on the
// felt, rounded), and icon-maskable-512.png (the felt to every edge, the card inside the
// middle 60%, so that any mask a launcher applies keeps it whole). Run by hand when the
// design changes; the files it writes are committed, and the build copies them.
//
//   node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

// A playing card tilted on green felt, a red heart in its middle and small ones in two corners.
const HEART = 'M50 92C22 70 4 52 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 52 78 70 50 92Z';
function card(scale) {
  const s = scale;
  return `<g transform="translate(256 262) rotate(-8) scale(${s}) translate(-130 -182)">
    <rect x="6" y="10" width="260" height="364" rx="26" fill="#00000040"/>
    <rect width="260" height="364" rx="26" fill="#fffdf8" stroke="#d9cfb8" stroke-width="4"/>
    <path d="${HEART}" fill="#d32f2f" transform="translate(55 112) scale(1.5)"/>
    <path d="${HEART}" fill="#d32f2f" transform="translate(22 24) scale(0.42)"/>
    <path d="${HEART}" fill="#d32f2f" transform="translate(238 340) rotate(180) scale(0.42)"/>
  </g>`;
}
const felt = `<defs><radialGradient id="f" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#188a52"/><stop offset="0.55" stop-color="#0f6b3f"/><stop offset="1" stop-color="#0a4f2e"/></radialGradient></defs>`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${felt}<rect width="512" height="512" rx="112" fill="url(#f)"/>${card(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${felt}<rect width="512" height="512" fill="url(#f)"/>${card(0.74)}</svg>`;

writeFileSync(join(out, 'icon.svg'), `${icon}\n`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', icon, 192],
  ['icon-512.png', icon, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img width="${size}" height="${size}" src="data:image/svg+xml,${encodeURIComponent(svg)}">`);
  await page.locator('img').evaluate((img) => img.decode());
  await page.screenshot({ path: join(out, name), omitBackground: true });
}
await browser.close();
console.log(`icons written to ${out}`);
