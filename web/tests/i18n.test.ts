// The catalogues (src/i18n/): each language has every section, every key of the English
// one and no other (tsc checks that too, by type), the same placeholders in every
// message, and each plural the forms its language's rules need; plurals and numbers read
// right; the choice of language from the browser's.
import { describe, expect, it } from 'vitest';
import { CORE_SECTIONS } from '../src/i18n/core';
import { LANGS, dirOf, pickLanguage } from '../src/i18n/langs';
import { format, formatNumber, type Message, type Plural } from '../src/i18n/words';

type Catalogue = Record<string, Message>;
const files = import.meta.glob<{ default: Catalogue }>(['../src/i18n/*/*.ts', '!../src/i18n/*/core.ts'], { eager: true });
const cores = import.meta.glob<Record<string, Catalogue>>('../src/i18n/*/core.ts', { eager: true });

/** By language, by section. */
const catalogues = new Map<string, Map<string, Catalogue>>();
for (const [path, m] of Object.entries(files)) {
  const [, lang, name] = /\/i18n\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? [];
  if (lang === undefined || name === undefined) continue;
  if (!catalogues.has(lang)) catalogues.set(lang, new Map());
  catalogues.get(lang)?.set(name, m.default);
}
const english = catalogues.get('en') ?? new Map<string, Catalogue>();

function placeholders(m: Message): string[] {
  const texts = typeof m === 'string' ? [m] : Object.values(m);
  const names = new Set<string>();
  for (const t of texts) for (const x of t.matchAll(/\{(\w+)\}/g)) if (x[1] !== undefined) names.add(x[1]);
  if (typeof m !== 'string') names.delete('n');
  return [...names].sort();
}

describe('catalogues', () => {
  it('there is a folder for each language, and no other', () => {
    expect([...catalogues.keys()].sort()).toEqual([...LANGS].sort());
  });

  for (const lang of LANGS.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const mine = catalogues.get(lang) ?? new Map<string, Catalogue>();
      it('has every section, every key and no other', () => {
        expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [name, en] of english) expect(Object.keys(mine.get(name) ?? {}).sort(), name).toEqual(Object.keys(en).sort());
      });
      it('has the first load’s sections in its core.ts, as their own catalogues', () => {
        const core = Object.entries(cores).find(([path]) => path.includes(`/i18n/${lang}/core.ts`))?.[1] ?? {};
        expect(Object.keys(core).sort()).toEqual([...CORE_SECTIONS].sort());
        for (const name of CORE_SECTIONS) expect(core[name], name).toBe(mine.get(name));
      });
      it('keeps every placeholder, adds none, and has the plural forms its language needs', () => {
        const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        for (const [name, en] of english) {
          for (const [key, m] of Object.entries(en)) {
            const t = mine.get(name)?.[key];
            expect(t, `${name}.${key}`).toBeDefined();
            if (t === undefined) continue;
            expect(typeof t, `${name}.${key}: a plural in English is one here`).toBe(typeof m);
            expect(placeholders(t), `${name}.${key}`).toEqual(placeholders(m));
            if (typeof t !== 'string') for (const c of needed) expect((t as Plural)[c as keyof Plural], `${name}.${key}: ${c}`).toBeDefined();
            if (typeof t === 'string') expect(t.trim(), `${name}.${key} is empty`).not.toBe('');
          }
        }
      });
    });
  }
});

describe('format', () => {
  it('fills placeholders and writes numbers the language’s way', () => {
    expect(format('{name} took {points}', { name: 'Ada', points: 1412 }, 'en')).toBe('Ada took 1,412');
    expect(format('{name} nahm {points}', { name: 'Ada', points: 1412 }, 'de')).toBe('Ada nahm 1.412');
    expect(formatNumber(1412, 'ar')).toMatch(/^(1,412|١٬٤١٢)$/);
    expect(format('code {code}', { code: '1234' }, 'de')).toBe('code 1234');
  });

  it('picks the plural form by the language’s rules', () => {
    const ru: Plural = { one: '{n} очко', few: '{n} очка', many: '{n} очков', other: '{n} очка' };
    const got = [0, 1, 2, 5, 11, 21, 101].map((n) => format(ru, { n }, 'ru'));
    expect(got).toEqual(['0 очков', '1 очко', '2 очка', '5 очков', '11 очков', '21 очко', '101 очко']);
    const pl: Plural = { one: '{n} punkt', few: '{n} punkty', many: '{n} punktów', other: '{n} punktu' };
    expect([0, 1, 2, 5, 11, 21, 22, 101].map((n) => format(pl, { n }, 'pl'))).toEqual([
      '0 punktów', '1 punkt', '2 punkty', '5 punktów', '11 punktów', '21 punktów', '22 punkty', '101 punktów',
    ]);
  });
});

describe('pickLanguage', () => {
  it('takes the first of the browser’s languages that the page speaks', () => {
    expect(pickLanguage(['de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['pt-PT'])).toBe('pt-BR');
    expect(pickLanguage(['ja', 'fr-CA', 'es'])).toBe('fr');
    expect(pickLanguage(['ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
    expect(dirOf(pickLanguage(['ar-EG']))).toBe('rtl');
  });
});

describe('the server’s words the page words itself', () => {
  it('en/achievements.ts is the server’s table of achievements (server/model/achievements.cpp)', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    // vitest runs in web/ (jsdom's import.meta.url is not a file's).
    const source = readFileSync(resolve(process.cwd(), '../server/model/achievements.cpp'), 'utf8');
    const table = source.slice(source.indexOf('kCatalogue{{'), source.indexOf('}};'));
    const server: Record<string, string> = {};
    for (const m of table.matchAll(/\{\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*"([^"]*)",\s*"[^"]*",\s*"([^"]*)"\s*\}/g)) {
      const [, id, name, how, title, item] = m;
      Object.assign(server, { [`${id}.name`]: name, [`${id}.how`]: how, [`${id}.title`]: title, [`${id}.item`]: item });
    }
    expect(Object.keys(server)).toHaveLength(84);
    expect(english.get('achievements')).toEqual(server);
  });
});
