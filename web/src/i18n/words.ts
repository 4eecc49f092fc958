// The words a player reads, in their language: catalogues by section, the language in
// use, and the formatting of messages, plurals, numbers and dates (docs/i18n.md).
//
// Each section of the page (the table, the people chunk, each lazily loaded part) has an
// English catalogue, `en/<section>.ts` (`as const`), and one per other language,
// `<lang>/<section>.ts`, typed `Catalog<typeof en>`: a missing or extra key is an error
// in tsc. `section()` makes the section's `Words`: `w('key', { name: 'Ada' })`, whose
// keys and placeholders are checked against the English text. English comes with the
// section's code; another language's catalogue is its own chunk, downloaded when the
// language is chosen (or when the section's part is first loaded in it).

import { dirOf, type Lang, languageOf } from './langs';

/** A message that depends on a count: a form per plural category (`Intl.PluralRules`); `other` is always there. */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Message = string | Plural;

/** Another language's catalogue of a section: the English one's keys, each with any text (or plural forms). */
export type Catalog<T> = { readonly [K in keyof T]: T[K] extends string ? string : Plural };

type Names<S> = S extends `${string}{${infer P}}${infer R}` ? P | Names<R> : never;
type NamesOf<M> = M extends string ? Names<M> : M extends Plural ? 'n' | Names<M[keyof M] & string> : never;
/** A message's parameters, by its English text: none, or an object with each `{name}` it holds (and `n` for a plural). */
export type Params<M> = [NamesOf<M>] extends [never] ? [] : [params: { readonly [P in NamesOf<M>]: P extends 'n' ? number : string | number }];

/** A section's words in the language in use: `w('key', params?)`. */
export interface Words<T> {
  <K extends keyof T & string>(key: K, ...params: Params<T[K]>): string;
  /** Resolves once this section's catalogue of the language in use is here. */
  ready(): Promise<void>;
  /** Whether the catalogue in use has `key` (a server's code the page may not know: server.ts). */
  has(key: string): boolean;
}

type Loaders = Record<string, () => Promise<unknown>>;

interface Section {
  readonly name: string;
  /** By language: the catalogue, once downloaded. */
  readonly catalogs: Map<Lang, Record<string, Message>>;
  readonly loaders: Map<Lang, () => Promise<unknown>>;
  /** Whether its catalogues come in the first load's bundle of each language (core.ts): the module's export `name`, not `default`. */
  readonly bundled: boolean;
  loading: Map<Lang, Promise<void>>;
}

const sections: Section[] = [];
let current: Lang = 'en';
const listeners = new Set<(lang: Lang) => void>();

/** The language in use. */
export function language(): Lang {
  return current;
}

/** The language folder of a glob key: './es/table.ts' → 'es', './pt-BR/table.ts' → 'pt-BR'. */
function langOfPath(path: string): Lang | null {
  const m = /^\.\/([^/]+)\//.exec(path);
  return m?.[1] === undefined ? null : languageOf(m[1]);
}

function load(s: Section, lang: Lang): Promise<void> {
  if (s.catalogs.has(lang)) return Promise.resolve();
  const loader = s.loaders.get(lang);
  if (loader === undefined) return Promise.resolve();
  let p = s.loading.get(lang);
  if (p === undefined) {
    p = loader().then(
      (m) => {
        const all = m as Record<string, Record<string, Message> | undefined>;
        const catalog = all[s.bundled ? s.name : 'default'];
        if (catalog !== undefined) s.catalogs.set(lang, catalog);
      },
      (e: unknown) => {
        s.loading.delete(lang);
        throw e;
      },
    );
    s.loading.set(lang, p);
  }
  return p;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
const numberFormats = new Map<Lang, Intl.NumberFormat>();

function pluralRule(lang: Lang): Intl.PluralRules {
  let r = pluralRules.get(lang);
  if (r === undefined) pluralRules.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/** `n` written the language's way: "1,412" in English, "1.412" in German, "١٬٤١٢" in Arabic. */
export function formatNumber(n: number, lang: Lang = current): string {
  let f = numberFormats.get(lang);
  if (f === undefined) numberFormats.set(lang, (f = new Intl.NumberFormat(lang)));
  return f.format(n);
}

/** A date (and time, if asked) written the language's way. */
export function formatDate(at: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, lang: Lang = current): string {
  return new Intl.DateTimeFormat(lang, options).format(at);
}

/** The form of `m` for the count `n` in `lang`. */
export function pluralForm(m: Plural, n: number, lang: Lang): string {
  const category = pluralRule(lang).select(n) as keyof Plural;
  return m[category] ?? m.other;
}

/**
 * `m` with each `{name}` replaced by `params[name]`; a number is written the language's
 * way (pass a string for digits that must stay as they are, such as a table code). A
 * plural message takes its form by `params.n`.
 */
export function format(m: Message, params: Readonly<Record<string, string | number>> | undefined, lang: Lang = current): string {
  const text = typeof m === 'string' ? m : pluralForm(m, Number(params?.['n'] ?? 0), lang);
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(v, lang) : v;
  });
}

/**
 * A section's words. `en` is its English catalogue (`as const`); `others` is
 * `import.meta.glob(['./*\/<name>.ts', '!./en/<name>.ts'])` from src/i18n/, the other
 * languages' catalogues as chunks, or, for a section of the first load (`bundled`),
 * core.ts's `CORE`: one chunk per language holds them all, as `<lang>/core.ts` exports
 * them by name (a loader per section and language cost the first load 80 bytes each).
 */
export function section<T extends Record<string, Message>>(name: string, en: T, others: Loaders, bundled = false): Words<T> {
  const s: Section = { name, catalogs: new Map([['en', en]]), loaders: new Map(), bundled, loading: new Map() };
  for (const [path, loader] of Object.entries(others)) {
    const lang = langOfPath(path);
    if (lang !== null && lang !== 'en') s.loaders.set(lang, loader);
  }
  sections.push(s);
  // A section first met after the language was chosen (a part's chunk) fetches its catalogue now.
  if (current !== 'en') load(s, current).catch(() => undefined);
  const words = ((key: string, params?: Record<string, string | number>): string => {
    const m = s.catalogs.get(current)?.[key] ?? (en as Record<string, Message>)[key];
    return m === undefined ? key : format(m, params);
  }) as unknown as Words<T>;
  words.ready = () => load(s, current);
  words.has = (key) => Object.hasOwn(s.catalogs.get(current) ?? {}, key);
  return words;
}

/** Resolves once every section met so far has its catalogue of the language in use. */
export function wordsReady(): Promise<void> {
  return Promise.all(sections.map((s) => load(s, current))).then(() => undefined);
}

/**
 * Uses `lang` from now on: downloads the catalogues of the sections met so far, then sets
 * `<html lang dir>` and tells each listener (the page draws itself again). A download that
 * fails leaves the language as it was and rejects.
 */
export async function setLanguage(lang: Lang): Promise<void> {
  await Promise.all(sections.map((s) => load(s, lang)));
  current = lang;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = dirOf(lang);
  }
  for (const f of listeners) f(lang);
}

/** Calls `f` after each change of language; returns the function that stops it. */
export function onLanguage(f: (lang: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/**
 * Tests: `catalog` as the catalogue of `lang` for the section `name` (met so far), as if it
 * had been downloaded, so that a test can speak a language without its files.
 */
export function provideCatalog(name: string, lang: Lang, catalog: Readonly<Record<string, Message>>): void {
  for (const s of sections) if (s.name === name) s.catalogs.set(lang, catalog);
}

/** Tests: every section met so far (their names), and back to English. */
export function sectionNames(): string[] {
  return sections.map((s) => s.name);
}
