// Every language at a laptop's size and a phone's (issue 39): the browser's language
// picks it, a whole hand is played in it, and on each screen met on the way, at both sizes, the document
// says its language and direction, no visible text runs out of its box or is cut, the
// seats' names do not overlap, no English word shows (nor is read out) where the language
// has its own, and axe finds nothing; the rules are read on the way. One screenshot per
// language and size is kept in test-results/screenshots/ for a person to look at.

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_NAMES } from '../src/i18n/language-names';
import { LANGS, dirOf, type Lang } from '../src/i18n/langs';
import { ACTIONABLE, cardsOf, clickCard, handCards, SCREENSHOTS, ui, waitToAct } from './helpers';

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Words of the page's English that no other language shares. A language that writes one
 * of them the same way has it allowed (German "Hand", French "points").
 */
const ENGLISH = [
  'the', 'your', 'you', 'turn', 'pass', 'passing', 'points', 'point', 'score', 'scores', 'hand', 'game', 'play', 'settings',
  'rules', 'new', 'next', 'cards', 'card', 'trick', 'tricks', 'won', 'lost', 'took', 'left', 'right', 'across', 'keep',
  'statistics', 'achievements', 'about', 'hint', 'close', 'back', 'player', 'players', 'waiting', 'total', 'broken', 'queen',
  'spades', 'clubs', 'diamonds', 'moon', 'shoot', 'shot', 'multiplayer', 'daily', 'deal', 'review', 'replay', 'verify',
];
const SHARED: Partial<Record<Lang, readonly string[]>> = {
  de: ['hand', 'total'],
  fr: ['points', 'point', 'score', 'scores', 'total'],
  es: ['total'],
  'pt-BR': ['total'],
  pl: ['total'],
};

/** What a reader meets on the page now: visible text, the live region's, and the labels of visible elements. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[role="log"], [aria-live]')) parts.push(el.textContent ?? '');
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], [alt]')) {
      if (el.getClientRects().length === 0) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) parts.push(el.getAttribute(a) ?? '');
    }
    return parts.join('\n');
  });
}

async function englishWords(page: Page, lang: Lang): Promise<string[]> {
  if (lang === 'en') return [];
  const allowed = new Set(SHARED[lang] ?? []);
  const words = (await readable(page)).toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...new Set(words.filter((w) => ENGLISH.includes(w) && !allowed.has(w)))];
}

/** Visible elements whose own text runs out of their box, or is cut by it, and the seats' names that overlap. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const where = (el: Element): string => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
      if (text === '' || el.closest('[hidden], .sr-only, svg') !== null) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      const box = el.getBoundingClientRect();
      // Visually hidden on purpose (a 1 px clipped box, for screen readers only).
      if (box.width <= 1 || box.height <= 1) continue;
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
        bad.push(`cut: ${where(el)} "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
        continue;
      }
      // Its own text, not the elements in it (an icon beside a number is drawn as it is drawn).
      for (const n of el.childNodes) {
        if (n.nodeType !== Node.TEXT_NODE || (n.textContent ?? '').trim() === '') continue;
        const range = document.createRange();
        range.selectNode(n);
        const t = range.getBoundingClientRect();
        if (t.width > 0 && (t.left < box.left - 1 || t.right > box.right + 1)) bad.push(`runs out: ${where(el)} "${text}"`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) bad.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    const names = ['S', 'W', 'N', 'E']
      .map((s) => document.querySelector(`[data-testid="name-${s}"]`))
      .filter((e): e is Element => e !== null && e.getClientRects().length > 0)
      .map((e) => ({ e, r: e.getBoundingClientRect() }));
    for (const [i, a] of names.entries()) {
      for (const b of names.slice(i + 1)) {
        if (a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom) {
          bad.push(`names overlap: ${a.e.textContent ?? ''} and ${b.e.textContent ?? ''}`);
        }
      }
    }
    return bad;
  });
}

async function axe(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every check of a screen, with what it found by screen. */
async function check(page: Page, lang: Lang, screen: string, found: string[], withAxe = false): Promise<void> {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dirOf(lang)]);
  for (const f of await layoutFaults(page)) found.push(`${screen}: ${f}`);
  const english = await englishWords(page, lang);
  if (english.length > 0) found.push(`${screen}: English words: ${english.join(', ')}`);
  if (withAxe) for (const f of await axe(page)) found.push(`${screen}: axe: ${f}`);
}

/** `check` at each size in turn (the page laid out anew at each), ending at the last (the phone's). */
async function checkAtSizes(page: Page, lang: Lang, screen: string, found: string[], withAxe = false): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await check(page, lang, `${screen} (${size.name})`, found, withAxe);
  }
}

// One test a language, each screen checked at both sizes: a hand at each size took twice
// the time for what a resize of the same page shows (the layout is CSS's, by the width).
for (const lang of LANGS) {
  test.describe(LANGUAGE_NAMES[lang], () => {
    test.use({ locale: lang });

    test(`a hand is played in ${lang}, and at a laptop's size and a phone's it reads and fits`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript(() => {
        if (!window.localStorage.getItem('hearts.settings')) {
          window.localStorage.setItem('hearts.settings', JSON.stringify({ level: 'random', speed: 'off', endScore: 100 }));
        }
      });
      await page.goto('/');
      await expect(ui(page)).toHaveAttribute('data-ui', 'start');
      const found: string[] = [];
      await checkAtSizes(page, lang, 'start', found, true);
      // The rules, read before playing.
      await page.getByTestId('start-rules').click();
      await expect(page.getByTestId('dialog-rules').locator('.dialog-body > *').first()).toBeVisible();
      await checkAtSizes(page, lang, 'rules', found);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('dialog-rules')).toBeHidden();

      await page.getByTestId('new-game').click();
      let mode = await waitToAct(page);
      if (mode === 'pass') {
        await checkAtSizes(page, lang, 'pass', found, true);
        for (const c of (await cardsOf(handCards(page))).slice(0, 3)) await clickCard(page, c);
        await page.getByTestId('pass-button').click();
        mode = await waitToAct(page);
      }
      let plays = 0;
      while (mode !== 'hand-over' && mode !== 'game-over') {
        if (mode === 'my-turn') {
          const legal = await cardsOf(page.getByTestId('hand').locator('button[data-legal="true"]'));
          await clickCard(page, legal[0] ?? '');
          plays += 1;
          if (plays === 6) await checkAtSizes(page, lang, 'play', found);
        } else if (mode === 'moon-news') {
          await page.getByTestId('moon-ok').click();
        } else if (mode === 'moon-choice') {
          await page.getByTestId('moon-others').click();
        }
        mode = await waitToAct(page);
      }
      // All 13 of my cards, or fewer when the rest of the hand was claimed, which the result says.
      if (plays < 13) await expect(page.getByTestId('claim-line')).toBeVisible();
      await expect(ui(page)).toHaveAttribute('data-ui', ACTIONABLE);
      await checkAtSizes(page, lang, 'hand over', found, true);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.screenshot({ path: `${SCREENSHOTS}/lang-${lang}-${size.name}.png` });
      }
      expect(found).toEqual([]);
    });
  });
}
