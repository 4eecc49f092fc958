// The Settings dialog's form: in the dialogs' chunk (player-dialogs.ts), downloaded the
// first time a dialog opens. Names are checked as the server would before saving.

import { h, setText, show } from '../../ui/dom';
import { MAX_NAME_CHARS, cleanName, nameProblem } from '../../game/names';
import { dialogWords as w } from '../../i18n/dialogs';
import { LANGUAGE_NAMES } from '../../i18n/language-names';
import { LANGS, dirOf, languageOf, type Lang } from '../../i18n/langs';
import { DEFAULT_SETTINGS, TURN_TIMERS, normaliseSettings, shownName, type Settings } from '../../state/settings';

/** What the form needs from the page. */
export interface SettingsHandlers {
  saveSettings(settings: Settings): void;
  closeDialog(): void;
  /** Speaks `lang` at once (null: the browser's languages choose), with no Save. */
  language(lang: Lang | null): void;
}

const LEVEL_KEYS = { random: 'aboutRandom', easy: 'aboutEasy', medium: 'aboutMedium', hard: 'aboutHard', expert: 'aboutExpert' } as const;

/** The five computer levels, as a player would want them told (docs/bots.md has the measurements). */
export function levelWords(level: string): string {
  return Object.hasOwn(LEVEL_KEYS, level) ? w(LEVEL_KEYS[level as keyof typeof LEVEL_KEYS]) : '';
}

/**
 * The language picker: "Automatic (browser)", then each language named in itself (and
 * marked as in its language, for a screen reader to say it right). A change speaks it at
 * once, with no Save: the page, this dialog too, is drawn again in it.
 */
function languagePicker(lang: Lang | null, handlers: SettingsHandlers): HTMLElement {
  const sel = h(
    'select',
    { name: 'lang', 'data-testid': 'setting-lang' },
    h('option', { value: '' }, w('langAuto')),
    ...LANGS.map((code) => h('option', { value: code, lang: code, dir: dirOf(code) }, LANGUAGE_NAMES[code])),
  );
  sel.value = lang ?? '';
  sel.addEventListener('change', () => handlers.language(languageOf(sel.value)));
  return h('label', { class: 'field' }, h('span', {}, w('language')), sel);
}

/**
 * The form, filled with `st`: Save checks the names, then saves; Cancel closes. `keep`:
 * the form drawn before in another language, whose unsaved entries this one takes over.
 */
export function settingsForm(st: Settings, handlers: SettingsHandlers, keep: HTMLFormElement | null = null): HTMLFormElement {
  // A name field with its own error line, filled when Save finds the name refused.
  const text = (id: string, label: string, value: string): HTMLElement =>
    h(
      'div',
      { class: 'field-wrap' },
      h(
        'label',
        { class: 'field' },
        h('span', {}, label),
        h('input', {
          type: 'text',
          name: id,
          value,
          maxlength: 2 * MAX_NAME_CHARS, // UTF-16 units: an emoji is two
          'data-testid': `setting-${id}`,
          autocomplete: 'off',
          'aria-describedby': `error-${id}`,
        }),
      ),
      h('p', { class: 'form-error', id: `error-${id}`, 'data-testid': `error-${id}`, role: 'alert', hidden: true }),
    );
  const select = (id: string, label: string, value: string, options: readonly (readonly [string, string])[]): HTMLElement => {
    const sel = h('select', { name: id, 'data-testid': `setting-${id}` }, ...options.map(([v, t]) => h('option', { value: v }, t)));
    sel.value = value;
    return h('label', { class: 'field' }, h('span', {}, label), sel);
  };
  const check = (id: string, label: string, value: boolean): HTMLElement =>
    h(
      'label',
      { class: 'field check' },
      h('input', { type: 'checkbox', name: id, checked: value, 'data-testid': `setting-${id}` }),
      h('span', {}, label),
    );
  // What the chosen level plays like, said under it and changed with it.
  const levelNote = h('p', { class: 'hint', id: 'level-note', 'data-testid': 'level-note', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'settings', 'data-testid': 'settings-form' },
    languagePicker(st.lang, handlers),
    h('p', { class: 'hint' }, w('settingsHint')),
    h(
      'fieldset',
      {},
      h('legend', {}, w('players')),
      text('yourName', w('yourName'), shownName(st)),
      text('nameW', w('nameW'), st.names[0]),
      text('nameN', w('nameN'), st.names[1]),
      text('nameE', w('nameE'), st.names[2]),
      select('level', w('level'), st.level, [
        ['random', w('levelRandom')],
        ['easy', w('levelEasy')],
        ['medium', w('levelMedium')],
        ['hard', w('levelHard')],
        ['expert', w('levelExpert')],
      ]),
      levelNote,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, w('rules')),
      select('passCycle', w('passCycle'), st.passCycle, [
        ['LRAN', w('passLRAN')],
        ['LARN', w('passLARN')],
      ]),
      check('queenBreaks', w('queenBreaks'), st.queenBreaks),
      select('moon', w('moon'), st.moon, [
        ['others', w('moonOthers')],
        ['shooter', w('moonShooter')],
        ['choice', w('moonChoice')],
      ]),
      check('jack', w('jack'), st.jack),
      h(
        'label',
        { class: 'field' },
        h('span', {}, w('endScore')),
        h('input', { type: 'number', name: 'endScore', min: 1, max: 10000, value: st.endScore, 'data-testid': 'setting-endScore' }),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, w('display')),
      select('speed', w('speed'), st.speed, [
        ['normal', w('speedNormal')],
        ['fast', w('speedFast')],
        ['off', w('speedOff')],
      ]),
      check('fourColour', w('fourColour'), st.fourColour),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, w('soundLegend')),
      check('sound', w('sound'), st.sound),
      h(
        'label',
        { class: 'field' },
        h('span', {}, w('volume')),
        h('input', { type: 'range', name: 'volume', min: 0, max: 100, step: 5, value: st.volume, 'data-testid': 'setting-volume' }),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, w('multiplayer')),
      select(
        'turnTimer',
        w('turnTimer'),
        String(st.turnTimer),
        TURN_TIMERS.map((t) => [String(t), t === 0 ? w('timerOff') : w('timerSeconds', { n: t })] as const),
      ),
    ),
    h(
      'div',
      { class: 'buttons' },
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'save-settings' }, w('save')),
      h('button', { type: 'button', 'data-testid': 'cancel-settings', class: 'cancel' }, w('cancel')),
    ),
  );
  if (keep !== null) keepEntries(keep, form);
  const levelSelect = form.querySelector<HTMLSelectElement>('select[name="level"]');
  levelNote.textContent = levelWords(levelSelect?.value ?? st.level);
  if (levelSelect) {
    levelSelect.setAttribute('aria-describedby', 'level-note');
    levelSelect.addEventListener('change', () => {
      levelNote.textContent = levelWords(levelSelect.value);
    });
  }
  form.querySelector('.cancel')?.addEventListener('click', () => handlers.closeDialog());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (markNameProblems(form)) handlers.saveSettings(readSettingsForm(form));
  });
  return form;
}

/** What was typed or chosen in `from` and not saved, into `to` (the same form in another language); not the language. */
function keepEntries(from: HTMLFormElement, to: HTMLFormElement): void {
  for (const el of Array.from(to.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el.name === '' || el.name === 'lang') continue;
    const was = from.elements.namedItem(el.name);
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (was instanceof HTMLInputElement) el.checked = was.checked;
    } else if (was instanceof HTMLInputElement || was instanceof HTMLSelectElement) {
      el.value = was.value;
    }
  }
}

const NAME_FIELDS = ['yourName', 'nameW', 'nameN', 'nameE'] as const;

/**
 * Shows under each name field why the server would refuse it (an empty field means the
 * default name) and moves focus to the first such field. True when every name is fine.
 */
export function markNameProblems(form: HTMLFormElement): boolean {
  let first: HTMLInputElement | null = null;
  for (const id of NAME_FIELDS) {
    const input = form.elements.namedItem(id);
    const error = form.querySelector<HTMLElement>(`#error-${id}`);
    if (!(input instanceof HTMLInputElement) || error === null) continue;
    const problem = cleanName(input.value) === '' ? null : nameProblem(input.value);
    setText(error, problem ?? '');
    show(error, problem !== null);
    if (problem !== null) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (problem !== null && first === null) first = input;
  }
  first?.focus();
  return first === null;
}

/** Reads the settings form; anything invalid falls back to the default. */
export function readSettingsForm(form: HTMLFormElement): Settings {
  const value = (name: string): string => {
    const el = form.elements.namedItem(name);
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : '';
  };
  const checked = (name: string): boolean => {
    const el = form.elements.namedItem(name);
    return el instanceof HTMLInputElement && el.checked;
  };
  return normaliseSettings({
    // The default name in the language in use stays the default: another language shows its own.
    yourName: value('yourName').trim() === shownName(DEFAULT_SETTINGS) ? DEFAULT_SETTINGS.yourName : value('yourName'),
    names: [value('nameW'), value('nameN'), value('nameE')],
    passCycle: value('passCycle'),
    queenBreaks: checked('queenBreaks'),
    moon: value('moon'),
    jack: checked('jack'),
    endScore: Number(value('endScore')),
    level: value('level'),
    speed: value('speed'),
    fourColour: checked('fourColour'),
    turnTimer: Number(value('turnTimer')),
    // The picker's choice, as it was spoken at once (no Save needed).
    lang: value('lang'),
    sound: checked('sound'),
    volume: Number(value('volume')),
  });
}
