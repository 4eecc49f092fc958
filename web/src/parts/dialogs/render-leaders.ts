// The Statistics dialog's leaderboard: a page of a board's leaders (50 a page, the top
// 100), who is listed and why I may not be, and the buttons to the other page
// (docs/protocol.md and docs/ratings.md, "Leaderboards").
import type { Leaderboard } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import { h } from '../../ui/dom';
import { dialogWords as w } from '../../i18n/dialogs';
import { formatNumber } from '../../i18n/words';

/** Whether I have a rating on the board that is no longer provisional, and yet no rank there: I have not played there for 30 days. */
export function inactive(b: Leaderboard): boolean {
  return b.rank === 0 && b.boards.some((r) => r.board === b.board && !r.provisional);
}

/**
 * "Previous 50" and "Next 50", each only when there is such a page, asking for it on the
 * same board. While a page is on its way (`asking`) they say they are disabled
 * (aria-disabled, so that the one pressed keeps the focus) and do nothing. The one that
 * has the focus before this drawing is marked `data-focus` (the other one, when it is gone:
 * "Next 50" is, on the last page), for the dialog to focus it again once drawn.
 */
export function pageButtons(b: Leaderboard, asking: boolean, handlers: Pick<Handlers, 'askLeaders'>): HTMLElement | null {
  const steps = [
    { testid: 'leaders-prev', text: w('prev50'), to: b.page - 1, shown: b.page > 0 },
    { testid: 'leaders-next', text: w('next50'), to: b.page + 1, shown: b.more },
  ].filter((s) => s.shown);
  if (steps.length === 0) return null;
  const focused = document.activeElement?.getAttribute('data-testid');
  const hadFocus = focused === 'leaders-prev' || focused === 'leaders-next';
  const buttons = steps.map((s) => {
    const el = h(
      'button',
      { type: 'button', 'data-testid': s.testid, 'aria-disabled': asking ? 'true' : null, 'data-focus': hadFocus && s.testid === focused ? '' : null },
      s.text,
    );
    el.addEventListener('click', () => {
      if (el.getAttribute('aria-disabled') === 'true') return;
      // The same board: by its rules, which the default rules' board is asked without.
      handlers.askLeaders({ t: 'leaderboard', ...(b.board === 'standard' ? {} : { rules: b.board }), page: s.to });
    });
    return el;
  });
  if (hadFocus && !buttons.some((el) => el.hasAttribute('data-focus'))) buttons[0]?.setAttribute('data-focus', '');
  return h('div', { class: 'buttons leaders-pages', 'data-testid': 'leaders-pages' }, ...buttons);
}

/** The board's leaders on show, with my row marked; `caption` names the board. */
export function leadersContent(b: Leaderboard, caption: string, asking: boolean, handlers: Pick<Handlers, 'askLeaders'>): Node[] {
  const out: Node[] = [];
  const first = b.leaders[0];
  const last = b.leaders[b.leaders.length - 1];
  const full = first && last && (b.page > 0 || b.more) ? w('leadersRanks', { caption, first: first.rank, last: last.rank }) : caption;
  out.push(
    b.leaders.length === 0
      ? h('p', { 'data-testid': 'leaderboard' }, w('nobodyListed', { caption }))
      : h(
          'div',
          { class: 'sheet-wrap' },
          h(
            'table',
            { class: 'sheet leaderboard', 'data-testid': 'leaderboard' },
            h('caption', {}, full),
            h('thead', {}, h('tr', {}, ...[w('colRank'), w('colPlayer'), w('colRating'), w('colGames')].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...b.leaders.map((r) =>
                h(
                  'tr',
                  r.rank === b.rank ? { class: 'me', 'aria-current': 'true' } : {},
                  h('td', {}, formatNumber(r.rank)),
                  h('th', { scope: 'row' }, r.name || w('noName')),
                  h('td', {}, formatNumber(r.rating)),
                  h('td', {}, formatNumber(r.games)),
                ),
              ),
            ),
          ),
        ),
  );
  const buttons = pageButtons(b, asking, handlers);
  if (buttons !== null) out.push(buttons);
  out.push(h('p', { class: 'hint', 'data-testid': 'leaders-who' }, w('listed')));
  if (inactive(b)) out.push(h('p', { class: 'hint', 'data-testid': 'leaders-inactive' }, w('inactive')));
  return out;
}
