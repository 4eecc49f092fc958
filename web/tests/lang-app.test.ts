// The language kept with the player, as the page does it (docs/i18n.md, "Choosing the
// language"): the picker's choice is spoken at once, told to the server and kept in the
// cookie the server sends the document by; a choice the server kept (from another device)
// is taken at welcome, and one made on another page of mine with `lang`; a choice made
// here before the server kept any is told at welcome.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { language, setLanguage } from '../src/i18n/words';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { bootPage, flush, tid } from './boot';

const WELCOME = '{"t":"welcome","player":"p_1","token":"sec","tables":[]';
/** Waits until the page speaks `lang` (its catalogues' chunks come first). */
const speaking = (lang: string): Promise<void> => vi.waitFor(() => expect(language()).toBe(lang), { timeout: 5000 });

afterEach(async () => {
  document.cookie = 'hearts_lang=; path=/; max-age=0';
  await setLanguage('en');
});

describe('the player’s language', () => {
  it('takes the language the server kept, and speaks it at once', async () => {
    const [socket] = bootPage();
    socket?.open();
    socket?.receive(`${WELCOME},"lang":"de"}`);
    await speaking('de');
    expect(document.documentElement.lang).toBe('de');
    expect(tid('new-game').textContent).toBe('Gegen den Computer spielen');
    expect(document.cookie).toContain('hearts_lang=de');
    // Taken from the server: not sent back.
    expect(socket?.messages().filter((m) => m['t'] === 'set_lang')).toEqual([]);
  });

  it('takes one chosen on another page of mine, and "" gives the choice back to the browser', async () => {
    const [socket] = bootPage();
    socket?.open();
    socket?.receive(`${WELCOME}}`);
    socket?.receive('{"t":"lang","lang":"ar"}');
    await speaking('ar');
    expect([language(), document.documentElement.dir]).toEqual(['ar', 'rtl']);
    socket?.receive('{"t":"lang","lang":""}');
    await speaking('en');
    expect([language(), document.documentElement.dir]).toEqual(['en', 'ltr']);
    expect(document.cookie).not.toContain('hearts_lang');
  });

  it('tells the server a choice made here that it did not keep yet', async () => {
    const [socket] = bootPage({ ...DEFAULT_SETTINGS, lang: 'pl' });
    socket?.open();
    socket?.receive(`${WELCOME}}`);
    await flush();
    expect(socket?.messages()).toContainEqual({ t: 'set_lang', lang: 'pl' });
  });
});
