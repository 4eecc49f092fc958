// The drawing helpers of the faces (avatars.ts) and of the items worn on them
// (avatar-items.ts, a chunk of its own), and the items' ids: SVG markup as strings, on a
// 100×100 viewBox.

export const ITEM_IDS = ['flat_cap', 'party_hat', 'halo', 'space_helmet', 'police_cap', 'ninja_mask', 'bow_tie',
  'graduation_cap', 'monocle', 'flower_crown', 'beret', 'top_hat', 'crown', 'headband', 'viking_helmet', 'bandana',
  'wizard_hat', 'jester_hat', 'headphones', 'sunglasses', 'knight_helmet'] as const;
export type ItemId = (typeof ITEM_IDS)[number];

export function isItemId(v: string): v is ItemId {
  return (ITEM_IDS as readonly string[]).includes(v);
}

export const path = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${more}/>`;
export const line = (d: string, stroke: string, w: number, more = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"${more}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, more = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${more}/>`;
export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${more}/>`;
/** Circles of one size and colour at the points x0, y0, x1, y1, ... */
export const dots = (xy: readonly number[], r: number, fill: string, more = '') =>
  xy.filter((_, i) => i % 2 === 0).map((x, i) => circle(x, xy[2 * i + 1]!, r, fill, more)).join('');
export const r1 = (n: number) => Math.round(n * 10) / 10;
/** Points along the top of an ellipse round (50, cy), left to right. */
export const arc = (n: number, rx: number, ry: number, cy: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const a = Math.PI * (1 + i / (n - 1));
    return [r1(50 + rx * Math.cos(a)), r1(cy + ry * Math.sin(a))];
  });

export const GOLD = '#f5c542';
export const INK = '#2d2320';
export const EYES = dots([41, 57, 59, 57], 2.6, INK);
export const STEEL = ' stroke="#78828c" stroke-width="1.5"';
export const EDGE = ' stroke="#c99a0e" stroke-width="1.2" stroke-linejoin="round"';

export const open = (cls: string) => `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">`;
