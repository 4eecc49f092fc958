// Each language's page before its script runs (scripts/document-html.ts): `<html lang dir>`,
// the title, the description and the notices in the language, nothing else changed, and
// index.html in agreement with the English catalogue, so that no build sends a page half
// in English.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentFile, documentLanguages, escapeHtml, localise } from '../scripts/document-html';
import en from '../src/i18n/en/document';
import es from '../src/i18n/es/document';
import { dirOf } from '../src/i18n/langs';

const INDEX = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'index.html'), 'utf8');

describe('the page in each language', () => {
  it('index.html is the English page, in the English catalogue’s words', () => {
    expect(localise(INDEX, 'en', en)).toBe(INDEX);
    expect(INDEX).toContain('<html lang="en" dir="ltr">');
  });

  it('every language with a document catalogue has its page, with nothing in English left', () => {
    const langs = documentLanguages();
    expect([...langs.keys()][0]).toBe('en');
    expect(langs.get('es')).toBe(es);
    for (const [lang, texts] of langs) {
      if (lang === 'en') continue;
      const page = localise(INDEX, lang, texts);
      expect(page, lang).toContain(`<html lang="${lang}" dir="${dirOf(lang)}">`);
      expect(page, lang).toContain(`<title>${escapeHtml(texts.title)}</title>`);
      expect(page, lang).toContain(`<meta name="description" content="${escapeHtml(texts.description)}" />`);
      expect(page, lang).toContain(`<noscript>${escapeHtml(texts.noScript)}</noscript>`);
      for (const key of ['oldBrowser', 'anyVersion', 'noScript', 'description'] as const) {
        if (texts[key] !== en[key]) expect(page, `${lang}: ${key}`).not.toContain(en[key]);
      }
      // The script, the notice's place and the rest are the English page's.
      expect(page.replace(/>[^<]*</g, '><').replace(/"[^"]*"/g, '""')).toBe(INDEX.replace(/>[^<]*</g, '><').replace(/"[^"]*"/g, '""'));
    }
  });

  it('the Spanish page', () => {
    const page = localise(INDEX, 'es', es);
    expect(page).toContain('<html lang="es" dir="ltr">');
    expect(page).toContain('<title>Corazones</title>');
    expect(page).toContain('<li>Chrome o Chromium</li>');
    expect(page).toContain('<li>Firefox</li>');
    expect(page).toContain('<noscript>Corazones necesita JavaScript para funcionar: actívalo en este sitio.</noscript>');
  });

  it('Arabic reads right to left, and any text is written as text', () => {
    const page = localise(INDEX, 'ar', { ...en, title: 'قلوب <ثلاثة> & "أربعة"', description: 'a "quoted" <b>' });
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<title>قلوب &lt;ثلاثة&gt; &amp; &quot;أربعة&quot;</title>');
    expect(page).toContain('content="a &quot;quoted&quot; &lt;b&gt;"');
  });

  it('a page that no longer holds the English texts is refused, not half translated', () => {
    expect(() => localise(INDEX.replace('<title>Hearts</title>', '<title>Hearts!</title>'), 'es', es)).toThrow(/<title>Hearts<\/title>/);
    expect(() => localise(INDEX.replace('<html lang="en" dir="ltr">', '<html lang="en">'), 'es', es)).toThrow(/nowhere/);
    expect(() => localise(INDEX.replace('</noscript>', `</noscript><noscript>${en.noScript}</noscript>`), 'es', es)).toThrow(/more than once/);
  });

  it('is written beside index.html under the language’s name', () => {
    expect(documentFile('en')).toBe('index.html');
    expect(documentFile('pt-BR')).toBe('index.pt-BR.html');
  });
});
