// A change of language while the page is open (Settings' picker): what the table wrote once
// (the menu, the dialog's title) is written again, and what it draws (the status line, the
// cards' names) is drawn in the new language; the document's title and description too.
// The catalogues here are made up for the test (provideCatalog): the real ones are the
// translators'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, provideCatalog } from '../src/i18n/words';
import { bootPage, tid } from './boot';
import type { FakeSocket } from './fake-socket';
import { playRaw, snapshotText } from './fixtures';

provideCatalog('table', 'es', { rules: 'Reglas', menu: 'Menú del juego', set: 'Ajustes', turn: 'Tu turno', tH: '{n} en esta mano' });
provideCatalog('game', 'es', { Q: 'reina', S: 'picas', card: '{rank} de {suit}' });
provideCatalog('page', 'es', { title: 'Corazones', description: 'Corazones contra tres rivales' });

let socket: FakeSocket;

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Hearts against three computer opponents" />';
  socket = bootPage()[0] as FakeSocket;
  socket.open();
  socket.receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
  socket.receive(snapshotText(playRaw(), 'tab1', 20));
});

afterEach(async () => {
  await setLanguage('en');
});

/** Chooses `lang` in the Settings dialog's picker ('' for the browser's choice). */
async function choose(lang: string): Promise<void> {
  const picker = await vi.waitFor(() => tid('setting-lang') as HTMLSelectElement);
  picker.focus();
  picker.value = lang;
  picker.dispatchEvent(new Event('change', { bubbles: true }));
  await vi.waitFor(() => expect(document.documentElement.lang).toBe(lang === '' ? 'en' : lang));
}

describe('a change of language', () => {
  it('writes the table again in the new language, and back', async () => {
    await vi.waitFor(() => expect(tid('status').textContent).toBe('Your turn'));
    expect(tid('open-rules').textContent).toBe('Rules');
    expect(tid('card-QS').getAttribute('aria-label')).toBe('Queen of spades');
    tid('open-settings').click();

    await choose('es');
    // Written once, in the constructor: written again (relabel).
    expect(tid('open-rules').textContent).toBe('Reglas');
    expect(tid('start-rules').textContent).toBe('Reglas');
    expect(document.querySelector('nav')?.getAttribute('aria-label')).toBe('Menú del juego');
    expect(tid('dialog-settings').querySelector('h2')?.textContent).toBe('Ajustes');
    // Drawn by render().
    expect(tid('status').textContent).toBe('Tu turno');
    expect(tid('card-QS').getAttribute('aria-label')).toBe('Reina de picas');
    expect(tid('points-S').textContent).toBe('0 en esta mano');
    // A message the made-up catalogue does not have stays English.
    expect(tid('open-stats').textContent).toBe('Stats');
    expect(document.title).toBe('Corazones');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Corazones contra tres rivales');
    // The picker, drawn anew in the new language, keeps the focus.
    expect(document.activeElement).toBe(tid('setting-lang'));

    await choose('');
    expect(tid('open-rules').textContent).toBe('Rules');
    expect(tid('status').textContent).toBe('Your turn');
    expect(tid('card-QS').getAttribute('aria-label')).toBe('Queen of spades');
    expect(document.title).toBe('Hearts');
  });
});
