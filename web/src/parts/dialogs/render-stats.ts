// The Statistics dialog's content: the numbers, a chart of the recent final scores, the
// games by opponents, what happened in the hands (words from stats.ts), and the ratings:
// mine on each board and the default rules' leaderboard (render-leaders.ts; docs/ratings.md).
import { rulesSummary } from '../../game/rules-words';
import { dialogWords as w } from '../../i18n/dialogs';
import { formatNumber } from '../../i18n/words';
import type { Leaderboard, PlayerRef } from '../../net/types';
import type { Handlers } from '../../state/handlers';
import { button, h } from '../../ui/dom';
import { lineChart, svg } from '../../ui/line-chart';
import type { StatsState } from '../../state/state';
import { leadersContent } from './render-leaders';
import { details, groupRows, headline, scoreChart, type StatLine } from './stats';

function lines(items: readonly StatLine[], cls: string): HTMLElement {
  return h(
    'dl',
    { class: cls },
    ...items.map((l) => h('div', { 'data-testid': `stat-${l.key}` }, h('dt', {}, l.label), h('dd', {}, l.value))),
  );
}

function chart(recent: Parameters<typeof scoreChart>[0]): SVGSVGElement {
  const c = scoreChart(recent);
  const left = 28; // room for the score labels
  const el = svg(
    'svg',
    {
      class: 'score-chart',
      viewBox: `0 0 ${c.width + left} ${c.height + 8}`,
      role: 'img',
      'aria-label': c.summary,
      'data-testid': 'stats-chart',
    },
    svg('title', {}, c.summary),
  );
  const plot = svg('g', { transform: `translate(${left} 4)` });
  for (const line of c.lines) {
    plot.append(
      svg('line', { class: line.score === 100 ? 'grid end' : 'grid', x1: 0, x2: c.width, y1: line.y, y2: line.y }),
      svg('text', { class: 'axis', x: -4, y: line.y + 3, 'text-anchor': 'end' }, formatNumber(line.score)),
    );
  }
  for (const bar of c.bars) {
    plot.append(
      svg(
        'rect',
        { class: bar.won ? 'bar won' : 'bar', x: bar.x, y: bar.y, width: bar.width, height: bar.height, rx: 1 },
        svg('title', {}, bar.title),
      ),
    );
  }
  el.append(plot);
  return el;
}

/** A board in words: the default rules', or a summary of its rules. */
function boardName(board: string): string {
  return board === 'standard' ? w('boardStandard') : rulesSummary(board);
}

/** The leaderboard's caption: "Leaderboard: standard rules", or its rules in a few words. */
function leadersCaption(board: string): string {
  if (board === 'standard') return w('leadersStandard');
  const rules = rulesSummary(board);
  return w('leadersOf', { rules: rules.charAt(0).toLocaleLowerCase() + rules.slice(1) });
}

/** `text` with the place of `token` in it taken by `node`. */
function withNode(text: string, token: string, node: Node): (string | Node)[] {
  const at = text.indexOf(token);
  return at < 0 ? [text, node] : [text.slice(0, at), node, text.slice(at + token.length)];
}

/** What the dialog asks of the page: another page of the leaderboard, my profile. */
export type StatsHandlers = Pick<Handlers, 'askLeaders' | 'openPlayer'>;

/** My rating on the board after each of my last rated games there, as a line, oldest on the left (from 2 games). */
export function ratingChart(b: Leaderboard): SVGSVGElement | null {
  const ratings = b.history.map((p) => p.rating);
  const first = ratings[0];
  const last = ratings[ratings.length - 1];
  if (ratings.length < 2 || first === undefined || last === undefined) return null;
  const summary = w('ratingSummary', { n: ratings.length, first, last, low: Math.min(...ratings), high: Math.max(...ratings) });
  return lineChart(ratings, (r) => formatNumber(r), { summary, className: 'rating-chart', testid: 'rating-chart' });
}

/** Who I am, once I have a name: "My profile" opens the dialog my name would, as others see it. */
export type Me = PlayerRef | null;

/**
 * My rating on each board, my rank on the asked one, "My profile", and a page of its
 * leaders (`asking`: another is on its way).
 */
export function ratingsContent(b: Leaderboard, asking: boolean, handlers: StatsHandlers, me: Me = null): Node[] {
  const out: Node[] = [h('h3', {}, w('ratings'))];
  const mine = b.boards.map((r) => {
    const standing = r.provisional
      ? w('provisional', { n: r.games })
      : r.board === b.board && b.rank > 0
        ? w('ratedRanked', { n: r.games, rank: b.rank })
        : w('ratedGames', { n: r.games });
    // The rating in bold, where the sentence has it.
    const token = '\u2063';
    const text = w('myRating', { board: boardName(r.board), rating: token, standing });
    return h('li', {}, ...withNode(text, token, h('strong', {}, formatNumber(r.rating))));
  });
  out.push(
    mine.length > 0
      ? h('ul', { class: 'my-ratings', 'data-testid': 'my-ratings' }, ...mine)
      : h('p', { 'data-testid': 'my-ratings' }, w('noRatings')),
  );
  const chart = ratingChart(b);
  if (chart !== null) out.push(h('div', { class: 'chart-wrap' }, chart));
  if (me !== null) out.push(h('p', { class: 'my-profile' }, button('my-profile', w('myProfile'), () => handlers.openPlayer(me.player, me.name), 'link')));
  out.push(...leadersContent(b, leadersCaption(b.board), asking, handlers));
  return out;
}

/** What the dialog shows for `s`: loading, an error, no games yet, or the statistics. */
export function statsContent(s: StatsState, handlers: StatsHandlers, me: Me = null): Node[] {
  const out: Node[] = [];
  if (s.error !== null) out.push(h('p', { class: 'form-error', role: 'alert', 'data-testid': 'stats-error' }, s.error));
  const data = s.data;
  if (data === null) {
    if (s.loading) out.push(h('p', { 'data-testid': 'stats-loading' }, w('statsLoading')));
    return out;
  }
  if (data.all.games === 0) {
    out.push(
      h('p', { 'data-testid': 'stats-empty' }, w('statsEmpty')),
    );
    if (s.board) out.push(...ratingsContent(s.board, !!s.paging, handlers, me));
    return out;
  }
  out.push(lines(headline(data), 'stats-headline'));
  out.push(h('h3', {}, w('finalScores')));
  out.push(h('p', { class: 'hint' }, w('chartHint', { n: data.recent.length })));
  out.push(h('div', { class: 'chart-wrap' }, chart(data.recent)));
  out.push(h('h3', {}, w('byOpponents')));
  const head = [w('colAgainst'), w('colGames'), w('colWon'), w('colWinRate'), w('colPerHand')];
  out.push(
    h(
      'div',
      { class: 'sheet-wrap' },
      h(
        'table',
        { class: 'sheet stats-groups', 'data-testid': 'stats-groups' },
        h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...groupRows(data).map(([label, ...cells]) => h('tr', {}, h('th', { scope: 'row' }, label), ...cells.map((c) => h('td', {}, c))))),
      ),
    ),
  );
  out.push(h('h3', {}, w('inHands')));
  out.push(lines(details(data.all), 'stats-details'));
  if (s.board) out.push(...ratingsContent(s.board, !!s.paging, handlers, me));
  return out;
}
