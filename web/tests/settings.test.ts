// The Settings dialog's language picker: each language named in itself, the choice spoken
// at once (no Save), and the dialog drawn again in it, keeping what was typed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../src/i18n/language-names';
import { LANGS } from '../src/i18n/langs';
import { language, setLanguage } from '../src/i18n/words';
import { readSettingsForm } from '../src/parts/dialogs/settings-form';
import { DEFAULT_SETTINGS, type Settings } from '../src/state/settings';
import { initialState } from '../src/state/state';
import { TableView } from '../src/table/table-view';
import { spyHandlers, type Spied } from './handlers';

const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};

let hs: Spied;
let table: TableView;

function open(settings: Settings = DEFAULT_SETTINGS): void {
  table.render({ ...initialState(settings), screen: 'start', dialog: 'settings' });
}

function picker(): HTMLSelectElement {
  return tid('setting-lang') as HTMLSelectElement;
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  hs = spyHandlers();
  table = new TableView(document.querySelector<HTMLElement>('#root') as HTMLElement, hs);
});

afterEach(async () => {
  if (language() !== 'en') await setLanguage('en');
});

describe('the language picker', () => {
  it('offers the browser’s choice, then each language named in itself', () => {
    open();
    const sel = picker();
    expect(sel.closest('label')?.textContent).toMatch(/^Language/);
    const options = [...sel.options];
    expect(options.map((o) => o.value)).toEqual(['', ...LANGS]);
    expect(options.map((o) => o.textContent)).toEqual([
      'Automatic (browser)',
      'English',
      'Español',
      'Deutsch',
      'Français',
      'Português (Brasil)',
      'Русский',
      'Polski',
      'العربية',
    ]);
    // Each name is marked as in its own language, for a screen reader to say it right.
    expect(options[0]?.hasAttribute('lang')).toBe(false);
    expect(options.slice(1).map((o) => o.getAttribute('lang'))).toEqual(LANGS);
    expect(options.slice(1).map((o) => o.textContent)).toEqual(LANGS.map((l) => LANGUAGE_NAMES[l]));
  });

  it('shows the current choice: none is Automatic', () => {
    open();
    expect(picker().value).toBe('');
    document.body.innerHTML = '<div id="root"></div>';
    table = new TableView(document.querySelector<HTMLElement>('#root') as HTMLElement, hs);
    open({ ...DEFAULT_SETTINGS, lang: 'de' });
    expect(picker().value).toBe('de');
  });

  it('speaks the chosen language at once, with no Save; Automatic is null', () => {
    open();
    const sel = picker();
    sel.value = 'pt-BR';
    sel.dispatchEvent(new Event('change'));
    expect(hs.language).toHaveBeenLastCalledWith('pt-BR');
    sel.value = '';
    sel.dispatchEvent(new Event('change'));
    expect(hs.language).toHaveBeenLastCalledWith(null);
    expect(hs.language).toHaveBeenCalledTimes(2);
    expect(hs.saveSettings).not.toHaveBeenCalled();
  });

  it('keeps the choice when the form is saved', () => {
    open({ ...DEFAULT_SETTINGS, lang: 'fr' });
    expect(readSettingsForm(tid('settings-form') as HTMLFormElement).lang).toBe('fr');
    tid('save-settings').click();
    expect(hs.saveSettings).toHaveBeenCalledWith(expect.objectContaining({ lang: 'fr' }));
  });

  it('is drawn again in the new language, keeping what was typed and the focus', async () => {
    open();
    const before = tid('settings-form');
    (tid('setting-nameW') as HTMLInputElement).value = 'Ada';
    picker().focus();
    // The page's handler: the settings keep the choice, then the page speaks it and draws itself again.
    const settings = { ...DEFAULT_SETTINGS, lang: 'es' as const };
    table.render({ ...initialState(settings), screen: 'start', dialog: 'settings' });
    expect(tid('settings-form')).toBe(before); // not yet in Spanish: nothing to draw again
    await setLanguage('es');
    table.render({ ...initialState(settings), screen: 'start', dialog: 'settings' });
    expect(tid('settings-form')).not.toBe(before);
    expect((tid('setting-nameW') as HTMLInputElement).value).toBe('Ada');
    expect(picker().value).toBe('es');
    expect(document.activeElement).toBe(picker());
  });
});
