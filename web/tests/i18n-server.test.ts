// The server's codes (docs/protocol.md, "Codes"): en/server.ts is the server's own table
// (server/protocol/texts.h), code for code and word for word; the page words a code in
// the language in use and shows the English `reason` otherwise; and the protocol's reader
// takes `msg` and `args` when they are well formed and ignores them when not.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../src/i18n/en/server';
import { serverText } from '../src/i18n/server';
import { type Message, provideCatalog, setLanguage } from '../src/i18n/words';
import { parseServerMessage } from '../src/net/read';

const TEXTS_H = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'protocol', 'texts.h');

/** The server's table: each `{"code", "English" "more English"},` of kTexts, in order. */
function serverTable(): [string, string][] {
  const source = readFileSync(TEXTS_H, 'utf8');
  const start = source.indexOf('kTexts[] = {');
  const end = source.indexOf('\n};', start);
  expect(start).toBeGreaterThan(0);
  const body = source.slice(start, end);
  const out: [string, string][] = [];
  for (const m of body.matchAll(/\{\s*"(\w+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\}/g)) {
    const parts = (m[2] ?? '').match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    out.push([m[1] ?? '', parts.map((p) => JSON.parse(p) as string).join('')]);
  }
  return out;
}

const english = en as Readonly<Record<string, Message>>;

describe('the server’s codes', () => {
  const table = serverTable();

  it('en/server.ts has exactly the server’s codes, in its order, with its English', () => {
    expect(table.length).toBeGreaterThan(100);
    expect(Object.keys(english)).toEqual(table.map(([code]) => code));
    for (const [code, text] of table) {
      const m = english[code];
      expect(typeof m === 'string' ? m : m?.other, code).toBe(text);
    }
  });

  it('a text with a count is a plural, so that each language can give its forms', () => {
    for (const [code, text] of table) {
      const m = english[code];
      if (text.includes('{n}')) expect(m, code).toEqual({ other: text });
      else expect(typeof m, code).toBe('string');
    }
  });
});

describe('serverText', () => {
  afterEach(async () => {
    await setLanguage('en');
  });
  const refusal = { reason: 'it is Ada’s turn', msg: 'not_your_turn', args: { name: 'Ada' } };

  it('shows the English reason in English, and for a message without a code', async () => {
    await setLanguage('en');
    expect(serverText(refusal)).toBe('it is Ada’s turn');
    expect(serverText({ reason: 'Game table not found' })).toBe('Game table not found');
  });

  it('words a code in the language in use, seats by their names', async () => {
    provideCatalog('server', 'de', {
      not_your_turn: '{name} ist am Zug',
      already_passed: '{seat} hat schon geschoben',
      seat_west: 'West (de)',
      chat_too_fast: { one: 'höchstens {n} Nachricht', other: 'höchstens {n} Nachrichten' },
      item_not_earned: 'Die {item} gehört zu „{achievement}“',
    });
    await setLanguage('de');
    expect(serverText(refusal)).toBe('Ada ist am Zug');
    expect(serverText({ reason: 'West has already passed', msg: 'already_passed', args: { seat: 'W' } })).toBe('West (de) hat schon geschoben');
    expect(serverText({ reason: 'at most 5 in 10 seconds', msg: 'chat_too_fast', args: { n: 5 } })).toBe('höchstens 5 Nachrichten');
    expect(serverText({ reason: 'at most 1 in 10 seconds', msg: 'chat_too_fast', args: { n: 1 } })).toBe('höchstens 1 Nachricht');
    const names: Record<string, string> = { flat_cap: 'Schiebermütze', first_game: 'Erstes Spiel' };
    const wear = { reason: 'wearing: …', msg: 'item_not_earned', args: { item: 'flat_cap', achievement: 'first_game' } };
    expect(serverText(wear, (_, id) => names[id])).toBe('Die Schiebermütze gehört zu „Erstes Spiel“');
    expect(serverText(wear)).toBe('Die flat_cap gehört zu „first_game“');
    // A code it does not know (a newer server's), or one whose values did not come: English.
    expect(serverText({ reason: 'Something new', msg: 'something_new', args: {} })).toBe('Something new');
    expect(serverText({ reason: 'it is Ada’s turn', msg: 'not_your_turn' })).toBe('it is Ada’s turn');
  });
});

describe('reading a code over the wire', () => {
  const read = (m: object): unknown => {
    const r = parseServerMessage(JSON.stringify(m));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r.ok ? r.message : null;
  };
  const error = { t: 'error', code: 'full', reason: 'This table is full', id: 3 };

  it('takes msg and args with an error and a notice', () => {
    expect(read({ ...error, msg: 'table_full', args: {} })).toEqual({ ...error, msg: 'table_full', args: {} });
    const full = { ...error, reason: 'at most 8', msg: 'watchers_full', args: { n: 8 } };
    expect(read(full)).toEqual(full);
    const gone = { t: 'unwatched', table: 'k3v9q2mx', reason: 'Nobody is playing', msg: 'nobody_playing', args: {} };
    expect(read(gone)).toEqual(gone);
    expect(read({ ...error, msg: 'table_full' })).toEqual({ ...error, msg: 'table_full', args: {} });
  });

  it('leaves them out when absent or malformed, and keeps the message', () => {
    expect(read(error)).toEqual(error);
    for (const bad of [
      { msg: 7, args: {} },
      { msg: 'table_full', args: [] },
      { msg: 'table_full', args: 'n=8' },
      { msg: 'table_full', args: null },
      { msg: 'table_full', args: { n: { deep: 1 } } },
      { msg: 'table_full', args: { ok: true } },
      { args: { n: 8 } },
    ]) {
      expect(read({ ...error, ...bad }), JSON.stringify(bad)).toEqual(error);
    }
  });
});
