// Each language's page, written from the English one (index.html, as `vite build` wrote it)
// and that language's `document` catalogue (src/i18n/<lang>/document.ts): `<html lang dir>`,
// the title, the description, and the old-browser and no-JavaScript notices, which show
// before the script runs or without it. scripts/documents.ts writes them after the build;
// the server sends the player's (docs/protocol.md, "The player's language").
import en from '../src/i18n/en/document';
import { dirOf, languageOf, type Lang } from '../src/i18n/langs';
import type { Catalog } from '../src/i18n/words';

export type DocumentTexts = Catalog<typeof en>;

const catalogues = import.meta.glob<{ default: DocumentTexts }>('../src/i18n/*/document.ts', { eager: true });

/** The languages that have a document catalogue, English first, with their texts. */
export function documentLanguages(): Map<Lang, DocumentTexts> {
  const out = new Map<Lang, DocumentTexts>([['en', en]]);
  for (const [path, m] of Object.entries(catalogues)) {
    const lang = languageOf(/\/i18n\/([^/]+)\/document\.ts$/.exec(path)?.[1]);
    if (lang !== null && lang !== 'en') out.set(lang, m.default);
  }
  return out;
}

/** `text` as HTML text or an attribute's value in double quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** Where each text is in index.html, as it is written there (a key without a place is an error in tsc). */
const PLACES: { readonly [K in keyof DocumentTexts]: (text: string) => string } = {
  title: (t) => `<title>${t}</title>`,
  description: (t) => `<meta name="description" content="${t}" />`,
  oldBrowser: (t) => `<p>${t}</p>`,
  chromeOrChromium: (t) => `<li>${t}</li>`,
  anyVersion: (t) => `<p>${t}</p>`,
  noScript: (t) => `<noscript>${t}</noscript>`,
};

const HTML = (lang: Lang): string => `<html lang="${lang}" dir="${dirOf(lang)}">`;

function replaceOnce(page: string, from: string, to: string): string {
  const at = page.indexOf(from);
  if (at < 0 || page.includes(from, at + 1)) {
    throw new Error(`index.html should hold ${JSON.stringify(from)} once (src/i18n/en/document.ts has its text): found it ${at < 0 ? 'nowhere' : 'more than once'}`);
  }
  return page.slice(0, at) + to + page.slice(at + from.length);
}

/**
 * The English page `page` in `lang`, with `texts`. Throws when one of the English texts is not
 * in the page exactly once (index.html and en/document.ts no longer agree), so that a build
 * never sends a page half in English.
 */
export function localise(page: string, lang: Lang, texts: DocumentTexts): string {
  let out = replaceOnce(page, HTML('en'), HTML(lang));
  out = replaceOnce(out, `href="./${manifestFile('en')}"`, `href="./${manifestFile(lang)}"`);
  for (const key of Object.keys(PLACES) as (keyof DocumentTexts)[]) {
    const place = PLACES[key];
    out = replaceOnce(out, place(escapeHtml(en[key])), place(escapeHtml(texts[key])));
  }
  return out;
}

/** The app's manifest in `lang` (docs/offline.md): its name and description are the page's title and description. */
export function manifestFile(lang: Lang): string {
  return lang === 'en' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`;
}

/** The web app manifest in `lang`: what a browser installs, named in the player's language. */
export function manifest(lang: Lang, texts: DocumentTexts): string {
  const icon = (name: string, sizes: string, type: string, purpose?: string): Record<string, string> => ({
    src: `icons/${name}`,
    sizes,
    type,
    ...(purpose === undefined ? {} : { purpose }),
  });
  return `${JSON.stringify(
    {
      name: texts.title,
      short_name: texts.title,
      description: texts.description,
      lang,
      dir: dirOf(lang),
      id: './',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#0a4f2e',
      theme_color: '#0d5c36',
      icons: [
        icon('icon-192.png', '192x192', 'image/png'),
        icon('icon-512.png', '512x512', 'image/png'),
        icon('icon-maskable-512.png', '512x512', 'image/png', 'maskable'),
        icon('icon.svg', 'any', 'image/svg+xml'),
      ],
    },
    null,
    2,
  )}
`;
}

/** The file of the page in `lang` beside index.html: what the server looks for. */
export function documentFile(lang: Lang): string {
  return lang === 'en' ? 'index.html' : `index.${lang}.html`;
}
