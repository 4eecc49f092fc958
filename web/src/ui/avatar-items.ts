// The items worn on a face (earned by achievements), as SVG: a chunk of its own
// (avatars.ts's ITEMS_PART), downloaded the first time someone wears one or the
// Achievements dialog opens. Drawn on avatars.ts's 100×100 face, with its helpers.

import { circle, dots, EDGE, ellipse, EYES, GOLD, line, open, path, r1, rect, STEEL, type ItemId } from './avatar-parts';

/** A small four-pointed star centred on (x, y). */
const star = (x: number, y: number, c = '#ffd54f') => path(`M${x} ${y - 4}l1.3 2.7 2.7 1.3-2.7 1.3-1.3 2.7-1.3-2.7-2.7-1.3 2.7-1.3z`, c);
const flower = ([x, y]: [number, number], c: string) =>
  [0, 1, 2, 3, 4].map((i) => circle(r1(x + 2.8 * Math.cos(i * 1.257)), r1(y + 2.8 * Math.sin(i * 1.257)), 2.5, c)).join('') + circle(x, y, 1.6, '#ffb300');

/** Each item: its drawing on the head, and the box it takes (x0 y0 x1 y1) for drawing it alone. */
const ITEMS: Readonly<Record<ItemId, readonly [string, number, number, number, number]>> = {
  flat_cap: [
    path('M25 44C23 30 36 24 52 24C70 24 80 32 76 44Z', '#8d7b68') + line('M34 40Q42 30 60 27', '#6e5f4f', 1.2) +
    path('M23 44Q50 36 78 44Q76 50 50 49Q25 50 23 44Z', '#6e5f4f'), 22, 23, 79, 50],
  party_hat: [path('M34 38L52 4L68 38Q51 32 34 38Z', '#e84393') + dots([47, 22, 56, 16, 55, 29, 43, 32, 62, 33], 2, '#ffd32a') + circle(52, 4, 4, '#4fc3f7'), 33, 0, 69, 39],
  halo: [ellipse(50, 10, 18, 4.5, 'none', ` stroke="${GOLD}" stroke-width="3.5"`) + ellipse(50, 10, 18, 4.5, 'none', ' stroke="#fff3b0" stroke-width="1"'), 30, 3, 70, 17],
  space_helmet: [circle(50, 54, 42, '#cfefff', ' fill-opacity=".3" stroke="#b0bec5" stroke-width="3"') +
    line('M24 36Q32 22 45 18', '#fff', 3, ' stroke-opacity=".8"') + path('M16 90Q50 104 84 90L88 100H12Z', '#90a4ae'), 6, 10, 94, 100],
  police_cap: [path('M24 24Q50 12 76 24L70 40H30Z', '#23395d') + path('M29 34H71V42H29Z', '#1a1a1a') +
    path('M28 42Q50 38 72 42Q70 49 50 49Q30 49 28 42Z', '#111') + star(50, 26, GOLD), 23, 14, 77, 50],
  ninja_mask: [path('M21 56A29 32 0 1 0 79 56A29 32 0 1 0 21 56ZM29 50Q50 46 71 50V63Q50 60 29 63Z', '#262626', ' fill-rule="evenodd"') +
    path('M76 44L93 38L89 48L95 56L78 52Z', '#262626'), 20, 23, 96, 89],
  bow_tie: [path('M50 91L37 84V98ZM50 91L63 84V98Z', '#d63031') + path('M47 88H53V94H47Z', '#a61e1e'), 36, 83, 64, 99],
  graduation_cap: [path('M31 30V42Q50 48 69 42V30Z', '#222') + path('M50 18L86 28L50 38L14 28Z', '#333') +
    line('M50 28L80 31V45', GOLD, 1.8) + path('M78 44H82L83.5 53H76.5Z', GOLD) + circle(50, 28, 2, GOLD), 13, 17, 87, 54],
  monocle: [circle(59, 57, 7.5, '#dff3ff', ` fill-opacity=".35" stroke="${GOLD}" stroke-width="2"`) + line('M66 60Q75 70 70 86', GOLD, 1), 50, 48, 76, 87],
  flower_crown: [line('M25 46Q50 28 75 46', '#4caf50', 2) +
    [0.02, 0.18, 0.34, 0.5, 0.66, 0.82, 0.98].map((t, i) => flower([r1(25 + 50 * t), r1(46 - 36 * t * (1 - t))], ['#ff6fa3', '#fff', '#b39ddb', '#ff8a65'][i % 4]!)).join(''), 19, 28, 81, 50],
  beret: [path('M20 40C18 28 32 22 50 22C70 22 84 28 80 38C74 44 30 44 20 40Z', '#c0392b') + line('M50 22L51 17', '#a93226', 2.2), 18, 15, 82, 44],
  top_hat: [path('M32 4H68L65 35H35Z', '#1e1e1e') + path('M35 28H65L64.5 33H35.5Z', '#b71c1c') + ellipse(50, 36, 27, 5, '#1e1e1e'), 22, 3, 78, 42],
  crown: [path('M30 42L27 20L39 30L50 14L61 30L73 20L70 42Z', GOLD, EDGE) + dots([27, 20, 50, 14, 73, 20], 2, GOLD) +
    circle(50, 35, 2.6, '#e53935') + circle(38.5, 37, 1.8, '#1e88e5') + circle(61.5, 37, 1.8, '#43a047'), 24, 11, 76, 43],
  headband: [path('M24 44Q50 33 76 44V52Q50 41 24 52Z', '#e53935') + line('M25 46Q50 35 75 46', '#fff', 1.4), 23, 34, 77, 53],
  viking_helmet: [path('M28 38Q13 34 15 16Q21 28 32 30ZM72 38Q87 34 85 16Q79 28 68 30Z', '#efe3c8', ' stroke="#b8a98a" stroke-width="1"') +
    path('M26 42C26 26 36 20 50 20C64 20 74 26 74 42Z', '#9ea7b0') + line('M50 21V38', '#7d868f', 2) + path('M24 38H76V45H24Z', '#8d6e63') +
    dots([32, 41.5, 50, 41.5, 68, 41.5], 1.2, '#ddd'), 13, 15, 87, 46],
  bandana: [path('M74 42L87 37L85 46L91 54L78 48Z', '#b71c1c') + path('M24 47C22 30 34 25 50 25C66 25 78 30 76 47Q50 39 24 47Z', '#d32f2f') +
    dots([38, 33, 50, 30, 62, 33, 44, 40, 56, 40, 31, 41, 69, 41], 1.4, '#fff'), 22, 24, 92, 55],
  wizard_hat: [ellipse(50, 38, 28, 5, '#3f2b96') + path('M33 37Q46 22 56 2Q58 24 67 37Z', '#4a35b0') + star(48, 27) + star(57, 17) + star(59, 32), 21, 1, 79, 44],
  jester_hat: [path('M28 39Q24 25 14 22Q24 18 40 34Z', '#e53935') + path('M40 34Q42 14 50 5Q58 14 60 34Z', '#43a047') +
    path('M60 34Q76 18 86 22Q76 25 72 39Z', '#1e88e5') + path('M27 44Q50 36 73 44V38Q50 30 27 38Z', '#7b1fa2') +
    dots([14, 22, 50, 5, 86, 22], 3.2, GOLD, EDGE), 10, 1, 90, 45],
  headphones: [line('M21 58C18 28 34 17 50 17C66 17 82 28 79 58', '#37474f', 5) +
    rect(14, 50, 12, 20, 5, '#e53935') + rect(74, 50, 12, 20, 5, '#e53935'), 13, 14, 87, 71],
  sunglasses: [line('M26 53H74', '#1b1b1b', 2) + path('M31 53H48Q48 64 40 64Q31 64 31 53ZM52 53H69Q69 64 60 64Q52 64 52 53Z', '#1b1b1b') +
    line('M34.5 55.5L37.5 58.5M55.5 55.5L58.5 58.5', '#fff', 1.2, ' stroke-opacity=".6"'), 25, 51, 75, 65],
  knight_helmet: [path('M50 20Q55 7 68 5Q61 12 60 22Z', '#d32f2f') +
    path('M21 90V56C21 30 34 18 50 18C66 18 79 30 79 56V90Q50 84 21 90ZM32 48H68V77Q50 84 32 77Z', '#aab4be', ' fill-rule="evenodd"' + STEEL) +
    path('M47 47H53V65L50 67L47 65Z', '#aab4be', STEEL) + line('M21 40H79', '#78828c', 1.5), 20, 4, 80, 91],
};

/** The item as drawn on a face's head. */
export function itemArt(item: ItemId): string {
  return ITEMS[item][0];
}

/** Just the item, scaled up to fill the box (for a list of achievements). */
export function itemSvg(item: ItemId): string {
  const [art, x0, y0, x1, y1] = ITEMS[item];
  const s = r1(Math.min(2.2, 90 / Math.max(x1 - x0, y1 - y0)) * 10) / 10;
  // Alone, the ninja mask needs something to see through its eye slit, and the headband its back.
  const under = item === 'ninja_mask' ? path('M28 49H72V64H28Z', '#f1c6a0') + EYES : item === 'headband' ? path('M24 44Q50 26 76 44V48Q50 34 24 48Z', '#a52a2a') : '';
  return `${open('item-svg')}<g transform="translate(${r1(50 - (s * (x0 + x1)) / 2)} ${r1(50 - (s * (y0 + y1)) / 2)}) scale(${s})">${under}${art}</g></svg>`;
}
