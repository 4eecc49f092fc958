// The Statistics dialog's content: the numbers, a chart of the recent final scores, the
// games by opponents, and what happened in the hands (words from stats.ts).
import { h } from '../../ui/dom';
import type { StatsState } from '../../state/state';
import { details, groupRows, headline, scoreChart, type StatLine } from './stats';

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>>,
  ...children: readonly (Node | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

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
      svg('text', { class: 'axis', x: -4, y: line.y + 3, 'text-anchor': 'end' }, String(line.score)),
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

/** What the dialog shows for `s`: loading, an error, no games yet, or the statistics. */
export function statsContent(s: StatsState): Node[] {
  const out: Node[] = [];
  if (s.error !== null) out.push(h('p', { class: 'form-error', role: 'alert', 'data-testid': 'stats-error' }, s.error));
  const data = s.data;
  if (data === null) {
    if (s.loading) out.push(h('p', { 'data-testid': 'stats-loading' }, 'Loading your statistics…'));
    return out;
  }
  if (data.all.games === 0) {
    out.push(
      h(
        'p',
        { 'data-testid': 'stats-empty' },
        'No finished games yet. Every game you play to the end is counted here: the server keeps your statistics, so they follow your player, not this browser’s cookies.',
      ),
    );
    return out;
  }
  out.push(lines(headline(data), 'stats-headline'));
  out.push(h('h3', {}, 'Final scores'));
  out.push(
    h(
      'p',
      { class: 'hint' },
      `Your last ${data.recent.length === 1 ? 'game' : `${data.recent.length} games`}, oldest on the left; a win is gold. Lower is better.`,
    ),
  );
  out.push(h('div', { class: 'chart-wrap' }, chart(data.recent)));
  out.push(h('h3', {}, 'By opponents'));
  const head = ['Against', 'Games', 'Won', 'Win rate', 'Points per hand'];
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
  out.push(h('h3', {}, 'In the hands'));
  out.push(lines(details(data.all), 'stats-details'));
  return out;
}
