// Player faces ("avatars") and the items worn on them (earned by achievements), as SVG.
//
// A 100×100 viewBox: the head low (centre 50,58, top y 31) so a hat fits above it. Faces
// are made of shared parts; an item is drawn on top. No ids: many avatars share a page.

export const FACE_COUNT = 12;

export const ITEM_IDS = ['flat_cap', 'party_hat', 'halo', 'space_helmet', 'police_cap', 'ninja_mask', 'bow_tie',
  'graduation_cap', 'monocle', 'flower_crown', 'beret', 'top_hat', 'crown', 'headband', 'viking_helmet', 'bandana',
  'wizard_hat', 'jester_hat', 'headphones', 'sunglasses', 'knight_helmet'] as const;
export type ItemId = (typeof ITEM_IDS)[number];

export function isItemId(v: string): v is ItemId {
  return (ITEM_IDS as readonly string[]).includes(v);
}

/** Which face to draw: a person's chosen face (0..FACE_COUNT-1), or one of the three computer players' own faces. */
export type FaceRef = { readonly kind: 'person'; readonly index: number } | { readonly kind: 'bot'; readonly name: 'mike' | 'bill' | 'lisa' };

/** A stable face for someone who has not picked one: a small string hash (FNV-1a, mixed) mod FACE_COUNT. */
export function defaultFace(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 12)) >>> 0) % FACE_COUNT;
}

const person = (index: number): FaceRef => ({ kind: 'person', index });

/** The face of a seat: Mike, Bill and Lisa (computer players) have their own; everyone else a person face. */
export function faceFor(seat: { human: boolean; name: string; player?: string | null; face?: number | null }): FaceRef {
  if (!seat.human) {
    const n = seat.name.trim().toLowerCase();
    return n === 'mike' || n === 'bill' || n === 'lisa' ? { kind: 'bot', name: n } : person(defaultFace(seat.name));
  }
  const f = seat.face;
  if (f != null && Number.isInteger(f) && f >= 0 && f < FACE_COUNT) return person(f);
  return person(defaultFace(seat.player || seat.name));
}

// ---- Drawing helpers ----

const path = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}"${more}/>`;
const line = (d: string, stroke: string, w: number, more = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"${more}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, more = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${more}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, more = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${more}/>`;
/** Circles of one size and colour at the points x0, y0, x1, y1, ... */
const dots = (xy: readonly number[], r: number, fill: string, more = '') =>
  xy.filter((_, i) => i % 2 === 0).map((x, i) => circle(x, xy[2 * i + 1]!, r, fill, more)).join('');
const r1 = (n: number) => Math.round(n * 10) / 10;
/** Points along the top of an ellipse round (50, cy), left to right. */
const arc = (n: number, rx: number, ry: number, cy: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const a = Math.PI * (1 + i / (n - 1));
    return [r1(50 + rx * Math.cos(a)), r1(cy + ry * Math.sin(a))];
  });

const GOLD = '#f5c542';
const INK = '#2d2320';
const EYES = dots([41, 57, 59, 57], 2.6, INK);
const STEEL = ' stroke="#78828c" stroke-width="1.5"';
const EDGE = ' stroke="#c99a0e" stroke-width="1.2" stroke-linejoin="round"';

// ---- Faces ----

// Front hair: short (hairline across the forehead), slicked back, parted in the middle.
const CAP = 'M25 54C22 36 34 27 50 27C66 27 78 36 75 54C73 47 71 43 68 41Q50 46 32 41C29 43 27 47 25 54Z';
const SLICK = 'M25 54C22 36 34 28 50 28C66 28 78 36 75 54C72 44 64 38 50 38C36 38 28 44 25 54Z';
const PART = 'M25 56C21 36 34 27 50 27C66 27 79 36 75 56C72 44 62 36 50 33C38 36 28 44 25 56Z';

/** Hair styles: [behind the head, in front of it], in the hair colour. */
const HAIR = {
  short: (c) => ['', path(CAP, c)],
  side: (c) => ['', path('M25 55C21 36 34 27 50 27C66 27 79 36 75 54C74 46 72 42 69 40Q50 44 40 36Q33 43 25 55Z', c)],
  spiky: (c) => ['', path('M25 54C22 42 24 34 29 31L27 22L37 27L41 18L50 25L59 18L63 27L73 22L71 31C76 34 78 42 75 54C73 47 71 43 68 41Q50 46 32 41C29 43 27 47 25 54Z', c)],
  curly: (c) => ['', path(CAP, c) + arc(9, 25, 22, 50).map(([x, y]) => circle(x, y, 6, c)).join('')],
  afro: (c) => [circle(50, 48, 30, c) + arc(11, 28, 28, 48).map(([x, y]) => circle(x, y, 5, c)).join(''), path(SLICK, c)],
  bald: () => ['', ellipse(41, 38, 6, 3, '#fff', ' fill-opacity=".3"')],
  tufts: (c) => ['', path('M25 60C21 48 26 42 32 40Q28 48 30 60ZM75 60C79 48 74 42 68 40Q72 48 70 60Z', c)],
  bun: (c) => [circle(50, 26, 9, c), path(SLICK, c)],
  buns: (c) => [circle(29, 33, 9, c) + circle(71, 33, 9, c), path(SLICK, c)],
  pony: (c) => [path('M66 32Q94 36 88 70Q86 80 78 84Q86 60 64 42Z', c), path(SLICK, c)],
  long: (c) => [path('M23 46C21 30 34 24 50 24C66 24 79 30 77 46L80 94H20Z', c), path(PART, c)],
  wavy: (c) => [
    path('M24 48C18 28 36 22 50 23C68 22 84 30 77 50C84 62 74 70 81 80C84 88 74 94 68 92H32C26 94 16 88 19 80C26 70 16 62 24 48Z', c),
    path('M25 56C20 34 36 26 52 27C68 28 80 38 75 56C72 44 66 38 58 36C50 44 36 42 25 56Z', c),
  ],
  bob: (c) => [
    path('M22 50C20 30 34 25 50 25C66 25 80 30 78 50L79 78Q72 82 64 78H36Q28 82 21 78Z', c),
    path('M25 52C22 34 34 27 50 27C66 27 78 34 75 52Q74 46 72 45H28Q26 46 25 52Z', c),
  ],
  locs: (c) => [
    Array.from({ length: 11 }, (_, i) => rect(17 + 6 * i, 34, 7, 50 + (i % 2) * 4, 3.5, c)).join('') +
      line('M26 50V84M32 50V86M68 50V86M74 50V84', '#fff', 0.8, ' stroke-opacity=".2"'),
    path(CAP, c),
  ],
} satisfies Record<string, (c: string) => string[]>;

/** Skin, hair colour, hair style, shirt, marks (any of: freckles moustache beard stubble earrings grin cheeks lashes lips round), words. */
type Look = readonly [string, string, keyof typeof HAIR, string, string, string];

const PEOPLE: readonly Look[] = [
  ['#f1c6a0', '#e3b54a', 'spiky', '#3b82c4', 'grin', 'spiky blond hair'],
  ['#a86b42', '#241c1a', 'afro', '#e0783a', 'cheeks', 'black afro'],
  ['#f8dcc4', '#c8521f', 'curly', '#3aa372', 'freckles cheeks', 'curly red hair, freckles'],
  ['#6b4228', '#1d1a1f', 'bald', '#7a4fb0', 'beard grin', 'bald, black beard'],
  ['#dcaa78', '#1d1a1f', 'long', '#d94a6a', 'earrings lashes', 'long black hair, earrings'],
  ['#f1c6a0', '#5a3a22', 'bun', '#2f9e9e', 'cheeks lashes', 'dark hair in a bun'],
  ['#f8dcc4', '#a8743f', 'pony', '#f2b233', 'grin', 'brown ponytail'],
  ['#8a5533', '#1d1a1f', 'locs', '#4a6fa5', 'cheeks', 'long locs'],
  ['#dcaa78', '#e4e4e4', 'short', '#556b8a', 'moustache', 'white hair, moustache'],
  ['#c68a5c', '#3d6fd1', 'bob', '#f06292', 'lips lashes', 'blue bob'],
  ['#6b4228', '#1d1a1f', 'buns', '#8bc34a', 'earrings grin', 'two buns, earrings'],
  ['#e8b98f', '#2b2220', 'side', '#455a64', 'stubble', 'black side parting, short beard'],
];

const BOTS: Readonly<Record<'mike' | 'bill' | 'lisa', Look>> = {
  mike: ['#f0c09a', '#6b4226', 'short', '#c0392b', 'moustache', 'Mike'],
  bill: ['#f3cdb0', '#a9a9a9', 'tufts', '#2e7d32', 'beard cheeks round', 'Bill'],
  lisa: ['#f7d5bd', '#7d2222', 'wavy', '#6a4c9c', 'lips lashes earrings cheeks', 'Lisa'],
};

/** Short words for a face in a picker, e.g. "Face 3: curly red hair, freckles" (numbered from 1). */
export function faceLabel(index: number): string {
  const l = PEOPLE[index];
  return l ? `Face ${index + 1}: ${l[5]}` : `Face ${index + 1}`;
}

function faceSvg([skin, hair, style, shirt, marks]: Look): string {
  const has = (m: string): boolean => marks.includes(m);
  const [back, front] = HAIR[style](hair);
  const rx = has('round') ? 27 : 25;
  let s =
    path('M42 74H58V94H42Z', skin) +
    path('M8 100Q10 88 32 86Q42 84 44 88Q50 95 56 88Q58 84 68 86Q90 88 92 100Z', shirt) +
    back +
    circle(50 - rx, 60, 5, skin) + circle(50 + rx, 60, 5, skin) +
    ellipse(50, 58, rx, 27, skin);
  if (has('earrings')) s += circle(50 - rx, 68, 2, GOLD) + circle(50 + rx, 68, 2, GOLD);
  if (has('cheeks')) s += [35, 65].map((x) => ellipse(x, 66, rx - 20.5, 3, '#f07a7a', ' fill-opacity=".45"')).join('');
  if (has('freckles')) s += dots([33, 63, 36, 65.5, 31, 66.5, 67, 63, 64, 65.5, 69, 66.5], 0.9, '#b5652f');
  if (has('beard')) s += path('M25 58C24 80 36 92 50 92C64 92 76 80 75 58L71 60C70 72 66 79 60 79Q50 83 40 79C34 79 30 72 29 60Z', hair);
  if (has('stubble')) s += path('M26 62C27 80 38 88 50 88C62 88 73 80 74 62C70 72 64 78 50 78C36 78 30 72 26 62Z', hair, ' fill-opacity=".45"');
  s +=
    line('M50 60.5Q53 64 50 65.5', '#000', 1.3, ' stroke-opacity=".25"') +
    EYES +
    line('M37 51Q41 49 45 51M55 51Q59 49 63 51', style === 'bald' || hair === '#e4e4e4' ? '#3a2a20' : hair, 1.6);
  if (has('lashes')) s += line('M38 54.5L36.5 53M62 54.5L63.5 53', INK, 1);
  const lip = has('lips') ? '#c2414b' : '#7a2e26';
  s += has('grin') ? path('M42 69Q50 80 58 69Z', lip) + path('M43.5 69.6H56.5L56 71H44Z', '#fff') : line('M43 70Q50 76 57 70', lip, 2.2);
  if (has('moustache') || has('beard')) s += path('M41 68Q45 63 50 66Q55 63 59 68Q55 70 50 68Q45 70 41 68Z', hair);
  return s + front;
}

// ---- Items ----

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

const open = (cls: string) => `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">`;

function lookOf(face: FaceRef): Look {
  if (face.kind === 'bot') return BOTS[face.name];
  const i = Math.trunc(face.index) || 0;
  return PEOPLE[((i % FACE_COUNT) + FACE_COUNT) % FACE_COUNT]!;
}

/** The whole avatar as one SVG element string: the face, and the item on top when given. */
export function avatarSvg(face: FaceRef, item: ItemId | null): string {
  return `${open('avatar-svg')}${faceSvg(lookOf(face))}${item ? ITEMS[item][0] : ''}</svg>`;
}

/** Just the item, scaled up to fill the box (for a list of achievements). */
export function itemSvg(item: ItemId): string {
  const [art, x0, y0, x1, y1] = ITEMS[item];
  const s = r1(Math.min(2.2, 90 / Math.max(x1 - x0, y1 - y0)) * 10) / 10;
  // Alone, the ninja mask needs something to see through its eye slit, and the headband its back.
  const under = item === 'ninja_mask' ? path('M28 49H72V64H28Z', '#f1c6a0') + EYES : item === 'headband' ? path('M24 44Q50 26 76 44V48Q50 34 24 48Z', '#a52a2a') : '';
  return `${open('item-svg')}<g transform="translate(${r1(50 - (s * (x0 + x1)) / 2)} ${r1(50 - (s * (y0 + y1)) / 2)}) scale(${s})">${under}${art}</g></svg>`;
}
