// The languages the page speaks, and the choice of one from the browser's languages
// (docs/i18n.md says how to add one).

/** The languages the page speaks, by BCP 47 tag (their names: language-names.ts). */
export const LANGS = ['en', 'es', 'de', 'fr', 'pt-BR', 'ru', 'pl', 'ar'] as const;

export type Lang = (typeof LANGS)[number];

/** The direction `lang` is written in. */
export function dirOf(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** `code` when it is one of ours, exactly (as stored or sent), else null. */
export function languageOf(code: unknown): Lang | null {
  return (LANGS as readonly unknown[]).includes(code) ? (code as Lang) : null;
}

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that we
 * speak: an exact tag ("pt-BR"), else its language ("es-MX" → es, "pt-PT" → pt-BR, the
 * Portuguese we have); English when none is ours.
 */
export function pickLanguage(wanted: readonly string[]): Lang {
  for (const tag of wanted) {
    const exact = LANGS.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact !== undefined) return exact;
    const base = tag.split('-')[0]?.toLowerCase() ?? '';
    const same = LANGS.find((l) => l.split('-')[0]?.toLowerCase() === base);
    if (same !== undefined) return same;
  }
  return 'en';
}
