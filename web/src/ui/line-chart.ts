// A small SVG line chart of numbers in order (a rating after each game, oldest on the
// left), with the highest and the lowest labelled: drawn for the Statistics dialog (my
// rating) and for a player's profile (theirs). It knows nothing of what the numbers are:
// the caller gives the sentence that says the chart to those who do not see it. Only the
// chunks that draw those import it: a chunk of its own, shared by them.

const SVG = 'http://www.w3.org/2000/svg';

/** `svg('line', {x1: 0, ...})`: an SVG element (attributes only: no style, for the CSP). */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>>,
  ...children: readonly (Node | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

export interface LineChartWords {
  /** The chart in one sentence: its accessible name and its title. */
  readonly summary: string;
  readonly className: string;
  readonly testid: string;
}

/** The plot's size in the chart's own units, and the room left of it for the labels. */
const WIDTH = 300;
const HEIGHT = 90;
const LEFT = 40;
/** The least span of values drawn from top to bottom: a few points' change is not a cliff. */
const MIN_SPAN = 20;

/**
 * `values` left to right as a line (one value: a dot in the middle), the highest at the top
 * and the lowest at the bottom, each with a grid line and its label (`label`). A role="img"
 * with `words.summary` as its name.
 */
export function lineChart(values: readonly number[], label: (v: number) => string, words: LineChartWords): SVGSVGElement {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // Values closer together than MIN_SPAN sit around the middle.
  const bottom = hi - lo < MIN_SPAN ? (lo + hi - MIN_SPAN) / 2 : lo;
  const span = Math.max(hi - lo, MIN_SPAN);
  const y = (v: number): number => Math.round((HEIGHT - ((v - bottom) / span) * HEIGHT) * 10) / 10;
  const x = (i: number): number => (values.length === 1 ? WIDTH / 2 : Math.round(((i * WIDTH) / (values.length - 1)) * 10) / 10);
  const marks = hi === lo ? [hi] : [hi, lo];
  return svg(
    'svg',
    { class: words.className, viewBox: `0 0 ${WIDTH + LEFT + 6} ${HEIGHT + 12}`, role: 'img', 'aria-label': words.summary, 'data-testid': words.testid },
    svg('title', {}, words.summary),
    svg(
      'g',
      { transform: `translate(${LEFT} 6)` },
      ...marks.flatMap((v) => [
        svg('line', { class: 'grid', x1: 0, x2: WIDTH, y1: y(v), y2: y(v) }),
        svg('text', { class: 'axis', x: -4, y: y(v) + 3, 'text-anchor': 'end' }, label(v)),
      ]),
      values.length === 1
        ? svg('circle', { class: 'chart-dot', cx: x(0), cy: y(values[0] ?? 0), r: 3 })
        : svg('polyline', { class: 'chart-line', fill: 'none', points: values.map((v, i) => `${x(i)},${y(v)}`).join(' ') }),
    ),
  );
}
