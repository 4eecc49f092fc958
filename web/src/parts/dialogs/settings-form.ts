// The Settings dialog's form: in the dialogs' chunk (player-dialogs.ts), downloaded the
// first time a dialog opens. Names are checked as the server would before saving.

import { h, setText, show } from '../../ui/dom';
import { MAX_NAME_CHARS, cleanName, nameProblem } from '../../game/names';
import { TURN_TIMERS, normaliseSettings, type Settings } from '../../state/settings';

/** What the form needs from the page. */
export interface SettingsHandlers {
  saveSettings(settings: Settings): void;
  closeDialog(): void;
}

/** The form, filled with `st`: Save checks the names, then saves; Cancel closes. */
/** The five computer levels, as a player would want them told (docs/bots.md has the measurements). */
export const LEVEL_WORDS: Readonly<Record<string, string>> = {
  random: 'Random: any card it may play, chosen at random. For a first look at the rules.',
  easy: 'Easy: a casual player. It keeps the queen of spades, passes its highest cards, and forgets which cards have gone.',
  medium: 'Medium: a decent club player. It counts every card, ducks tricks with points, gets rid of the queen on someone else, and stops a moon.',
  hard: 'Hard: before each card it plays out thousands of possible deals of the cards it cannot see, and picks what costs least.',
  expert: 'Expert: the same search as Hard, fifty times deeper. The strongest: it beats the best-known public Hearts program.',
};

export function settingsForm(st: Settings, handlers: SettingsHandlers): HTMLFormElement {
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
  const levelNote = h('p', { class: 'hint', id: 'level-note', 'data-testid': 'level-note', 'aria-live': 'polite' }, LEVEL_WORDS[st.level] ?? '');
  const form = h(
    'form',
    { class: 'settings', 'data-testid': 'settings-form' },
    h('p', { class: 'hint' }, 'Names, rules and the computer level apply to the next new game.'),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Players'),
      text('yourName', 'Your name', st.yourName),
      text('nameW', 'West (left)', st.names[0]),
      text('nameN', 'North (across)', st.names[1]),
      text('nameE', 'East (right)', st.names[2]),
      select('level', 'Computer level', st.level, [
        ['random', 'Random'],
        ['easy', 'Easy'],
        ['medium', 'Medium'],
        ['hard', 'Hard'],
        ['expert', 'Expert'],
      ]),
      levelNote,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Rules'),
      select('passCycle', 'Passing order', st.passCycle, [
        ['LRAN', 'Left, right, across, none'],
        ['LARN', 'Left, across, right, none'],
      ]),
      check('queenBreaks', 'The queen of spades breaks hearts', st.queenBreaks),
      select('moon', 'Shooting the moon', st.moon, [
        ['others', 'Everyone else gets 26'],
        ['shooter', 'The shooter gets −26'],
        ['choice', 'The shooter chooses'],
      ]),
      check('jack', 'Jack of diamonds counts −10', st.jack),
      h(
        'label',
        { class: 'field' },
        h('span', {}, 'Game ends at'),
        h('input', { type: 'number', name: 'endScore', min: 1, max: 10000, value: st.endScore, 'data-testid': 'setting-endScore' }),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Display'),
      select('speed', 'Animations', st.speed, [
        ['normal', 'Normal'],
        ['fast', 'Fast'],
        ['off', 'Off'],
      ]),
      check('fourColour', 'Four-colour deck (green clubs, blue diamonds)', st.fourColour),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Multiplayer'),
      select(
        'turnTimer',
        'Turn timer for tables you create',
        String(st.turnTimer),
        TURN_TIMERS.map((t) => [String(t), t === 0 ? 'Off' : `${t} seconds`] as const),
      ),
    ),
    h(
      'div',
      { class: 'buttons' },
      h('button', { type: 'submit', class: 'primary', 'data-testid': 'save-settings' }, 'Save'),
      h('button', { type: 'button', 'data-testid': 'cancel-settings', class: 'cancel' }, 'Cancel'),
    ),
  );
  const levelSelect = form.querySelector<HTMLSelectElement>('select[name="level"]');
  if (levelSelect) {
    levelSelect.setAttribute('aria-describedby', 'level-note');
    levelSelect.addEventListener('change', () => {
      levelNote.textContent = LEVEL_WORDS[levelSelect.value] ?? '';
    });
  }
  form.querySelector('.cancel')?.addEventListener('click', () => handlers.closeDialog());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (markNameProblems(form)) handlers.saveSettings(readSettingsForm(form));
  });
  return form;
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
    yourName: value('yourName'),
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
  });
}
