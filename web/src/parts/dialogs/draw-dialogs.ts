// What the Rules, About, Settings, Statistics and Achievements dialogs show, drawn into the
// dialog's body. The dialog itself (its frame, title, focus, and when to draw again) is the
// first load's (table/dialog-view.ts); this is the dialogs' chunk, so that a solo game
// that opens none of them never downloads it.

import { versionText } from '../../game/rules';
import { tableWords as w } from '../../i18n/table';
import type { Handlers } from '../../state/handlers';
import { humanSeats, isPeopleTable } from '../../state/social';
import { atPeopleTable, type AppState } from '../../state/state';
import { h } from '../../ui/dom';
import { VERSION } from '../../ui/version';
import { achievementsContent } from './render-achievements';
import { statsContent } from './render-stats';
import { aboutSections, rulesSections } from './rules-text';
import { settingsForm } from './settings-form';

/** `message`, its placeholder written as '\u0000', as text around the element `el` in the placeholder's place. */
function around(message: string, el: HTMLElement): (string | HTMLElement)[] {
  const [before = '', after = ''] = message.split('\u0000');
  return [before, el, after];
}

/** A dialog's text: a heading and its paragraphs per section. */
function sectionsEls(sections: readonly { readonly heading: string; readonly paragraphs: readonly string[] }[]): HTMLElement[] {
  return sections.flatMap((sec) => [h('h3', {}, sec.heading), ...sec.paragraphs.map((p) => h('p', {}, p))]);
}

/** The element inside `body` with the focus, by its test id, to focus again once `body` is drawn anew. */
function focusedIn(body: HTMLElement, inside: Element | null = body): string | undefined {
  const el = document.activeElement;
  return el instanceof HTMLElement && inside?.contains(el) && body.contains(el) ? el.dataset['testid'] : undefined;
}

function refocus(body: HTMLElement, testid: string | undefined): void {
  if (testid) body.querySelector<HTMLElement>(`[data-testid="${testid}"]`)?.focus();
}

/** The Rules, About or Settings dialog (`s.dialog`), in the language in use. */
export function drawWords(body: HTMLElement, s: AppState, handlers: Handlers): void {
  if (s.dialog === 'settings') {
    // The form drawn before, in the language before: what was typed in it stays, and so does the focus.
    const before = body.querySelector<HTMLFormElement>('form.settings');
    const focused = focusedIn(body, before);
    body.replaceChildren(settingsForm(s.settings, handlers, before));
    refocus(body, focused);
    return;
  }
  if (s.dialog === 'rules') {
    const about = h('button', { type: 'button', class: 'link', 'data-testid': 'rules-about' }, w('abG'));
    about.addEventListener('click', () => handlers.openDialog('about'));
    // Naming the players of the game in view, not the settings' (which may have changed since).
    const g = s.game;
    const t = s.social.table;
    const players = g && { view: g.view, people: atPeopleTable(s) && isPeopleTable(t) ? humanSeats(t.info) : null };
    body.replaceChildren(...sectionsEls(rulesSections(s.settings, g?.view.rules ?? null, players)), h('p', {}, about));
    return;
  }
  const typed = h('button', { type: 'button', class: 'link', 'data-testid': 'about-console' }, w('con'));
  typed.addEventListener('click', () => handlers.openConsole());
  body.replaceChildren(
    ...sectionsEls(aboutSections()),
    h('h3', {}, w('typ')),
    h('p', {}, ...around(w('typX', { link: '\u0000' }), typed)),
    h('h3', {}, w('ver')),
    h('p', { 'data-testid': 'about-version' }, versionText(VERSION)),
  );
}

/** The Achievements dialog; the face or item just picked keeps the focus. */
export function drawAchievements(body: HTMLElement, s: AppState, handlers: Handlers): void {
  const focused = focusedIn(body);
  body.replaceChildren(...achievementsContent(s.achievements, s.look, s.social.player ?? '', handlers));
  refocus(body, focused);
}

/** The Statistics dialog; the leaderboard's page buttons keep the focus from drawing to drawing. */
export function drawStats(body: HTMLElement, s: AppState, handlers: Handlers): void {
  const me = s.social.player !== null && s.social.name !== null ? { player: s.social.player, name: s.social.name } : null;
  body.replaceChildren(...statsContent(s.stats, handlers, me));
  body.querySelector<HTMLElement>('[data-focus]')?.focus();
}
