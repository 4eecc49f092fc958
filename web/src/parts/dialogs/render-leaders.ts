// The Statistics dialog's leaderboard: a page of a board's leaders (50 a page, the top
// 100), who is listed and why I may not be, and the buttons to the other page
// (docs/protocol.md and docs/ratings.md, "Leaderboards").
import type { Leaderboard } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import { h } from '../../ui/dom';

/** Who a board lists. */
export const LISTED_TEXT = 'The top 100 of players with 10 or more rated games here, who played one in the last 30 days.';
/** Why I am not listed, though my rating there is no longer provisional. */
export const INACTIVE_TEXT = 'Play a rated game to appear here again: the board lists players of the last 30 days.';

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
    { testid: 'leaders-prev', text: 'Previous 50', to: b.page - 1, shown: b.page > 0 },
    { testid: 'leaders-next', text: 'Next 50', to: b.page + 1, shown: b.more },
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
  const ranks = first && last && (b.page > 0 || b.more) ? `, ranks ${first.rank}–${last.rank}` : '';
  out.push(
    b.leaders.length === 0
      ? h('p', { 'data-testid': 'leaderboard' }, `${caption}. Nobody is listed.`)
      : h(
          'div',
          { class: 'sheet-wrap' },
          h(
            'table',
            { class: 'sheet leaderboard', 'data-testid': 'leaderboard' },
            h('caption', {}, caption + ranks),
            h('thead', {}, h('tr', {}, ...['Rank', 'Player', 'Rating', 'Games'].map((t) => h('th', { scope: 'col' }, t)))),
            h(
              'tbody',
              {},
              ...b.leaders.map((r) =>
                h(
                  'tr',
                  r.rank === b.rank ? { class: 'me', 'aria-current': 'true' } : {},
                  h('td', {}, String(r.rank)),
                  h('th', { scope: 'row' }, r.name || 'A player with no name'),
                  h('td', {}, r.rating.toLocaleString('en')),
                  h('td', {}, String(r.games)),
                ),
              ),
            ),
          ),
        ),
  );
  const buttons = pageButtons(b, asking, handlers);
  if (buttons !== null) out.push(buttons);
  out.push(h('p', { class: 'hint', 'data-testid': 'leaders-who' }, LISTED_TEXT));
  if (inactive(b)) out.push(h('p', { class: 'hint', 'data-testid': 'leaders-inactive' }, INACTIVE_TEXT));
  return out;
}
