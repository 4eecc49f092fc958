// The Achievements dialog (my look: a face to pick and an earned item to wear; then every
// achievement, earned or not) and the "ACHIEVEMENT UNLOCKED" pop-up, in the seed's words.
// The server awards achievements and checks what is worn; this only shows them.
import * as items from '../../ui/avatar-items';
import { avatarSvg, FACE_COUNT, faceFor, isItemId, ITEMS_PART } from '../../ui/avatars';
import { h } from '../../ui/dom';
import { achievementText } from '../../i18n/achievements';
import type en from '../../i18n/en/dialogs';
import { dialogWords as w } from '../../i18n/dialogs';
import { formatDate } from '../../i18n/words';
import type { AchievementEntry, Look } from '../../net/types';
import type { AchievementsState } from '../../state/state';

// The items' chunk comes with this one: the faces drawn here wear theirs at once.
ITEMS_PART.provide(items);

/** Short words for a face in a picker, e.g. "Face 3: curly red hair, freckles" (numbered from 1). */
export function faceLabel(index: number): string {
  const look = index >= 0 && index < FACE_COUNT ? w(`f${index}` as Extract<keyof typeof en, `f${number}`>) : null;
  return look === null ? w('face', { n: index + 1 }) : w('faceX', { n: index + 1, look });
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** "Earned 3 Dec 2026", in the reader's language. */
export function earnedText(ms: number): string {
  return w('earned', { date: formatDate(ms, DAY) });
}

/** An avatar as an element: the SVG markup comes from avatars.ts (no user text inside). */
export function avatarEl(svgMarkup: string, cls: string): HTMLElement {
  const el = h('span', { class: cls, 'aria-hidden': 'true' });
  el.innerHTML = svgMarkup;
  return el;
}

function itemEl(item: string, cls: string): HTMLElement {
  return avatarEl(isItemId(item) ? items.itemSvg(item) : '', cls);
}

export interface LookHandlers {
  setLook(look: Look): void;
}

/** My look: the twelve faces (wearing what I wear), then the items I have earned. */
function lookPicker(look: Look, me: string, list: readonly AchievementEntry[], handlers: LookHandlers): HTMLElement {
  const current = faceFor({ human: true, name: '', player: me, face: look.face });
  const currentIndex = current.kind === 'person' ? current.index : -1;
  const wearing = isItemId(look.wearing) ? look.wearing : null;
  const faces = h('div', { class: 'face-grid', role: 'group', 'aria-label': w('yourFace') });
  for (let i = 0; i < FACE_COUNT; i++) {
    const b = h(
      'button',
      { type: 'button', class: 'face-choice', 'data-testid': `face-${i}`, 'aria-pressed': String(i === currentIndex), 'aria-label': faceLabel(i) },
      avatarEl(avatarSvg({ kind: 'person', index: i }, wearing), 'face-pic'),
    );
    b.addEventListener('click', () => handlers.setLook({ face: i, wearing: look.wearing }));
    faces.append(b);
  }
  const earned = list.filter((a) => a.earned !== null);
  const items = h('div', { class: 'item-grid', role: 'group', 'aria-label': w('whatYouWear') });
  const none = h('button', { type: 'button', class: 'item-choice', 'data-testid': 'wear-none', 'aria-pressed': String(wearing === null) }, w('wearNothing'));
  none.addEventListener('click', () => handlers.setLook({ face: look.face, wearing: '' }));
  items.append(none);
  for (const a of earned) {
    const b = h(
      'button',
      { type: 'button', class: 'item-choice', 'data-testid': `wear-${a.item}`, 'aria-pressed': String(a.item === look.wearing) },
      itemEl(a.item, 'item-pic'),
      a.itemName,
    );
    b.addEventListener('click', () => handlers.setLook({ face: look.face, wearing: a.item }));
    items.append(b);
  }
  return h(
    'section',
    { class: 'look', 'data-testid': 'look' },
    h('h3', {}, w('yourLook')),
    h(
      'div',
      { class: 'look-now' },
      avatarEl(avatarSvg(current, wearing), 'look-pic'),
      h('p', {}, w('lookText')),
    ),
    faces,
    h('h4', {}, w('wear')),
    items,
  );
}

/** The dialog's content. `me` is my player id (for the face drawn before I pick one). */
export function achievementsContent(s: AchievementsState, look: Look, me: string, handlers: LookHandlers): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (s.error !== null) out.push(h('p', { class: 'error', role: 'alert', 'data-testid': 'achievements-error' }, s.error));
  if (s.list === null) {
    if (s.loading) out.push(h('p', {}, w('loading')));
    return out;
  }
  const list = s.list.map(achievementText);
  const earned = list.filter((a) => a.earned !== null).length;
  out.push(lookPicker(look, me, list, handlers));
  out.push(h('h3', { 'data-testid': 'achievements-count' }, w('achievementsCount', { earned, total: list.length })));
  out.push(
    h(
      'ul',
      { class: 'achievement-list' },
      ...list.map((a) =>
        h(
          'li',
          { class: a.earned === null ? 'achievement locked' : 'achievement earned', 'data-testid': `achievement-${a.id}` },
          itemEl(a.item, 'item-pic'),
          h(
            'div',
            {},
            h('strong', {}, a.name),
            h('span', { class: 'how' }, a.how),
            h('span', { class: 'when' }, a.earned === null ? w('notYet', { item: a.itemName }) : w('earnedItem', { date: formatDate(a.earned, DAY), item: a.itemName })),
          ),
        ),
      ),
    ),
  );
  return out;
}
