// Player faces ("avatars") and the items worn on them (earned by achievements), as SVG.
//
// A 100×100 viewBox: the head low (centre 50,58, top y 31) so a hat fits above it. Faces
// are made of shared parts; an item is drawn on top. No ids: many avatars share a page.

import { path, line, circle, rect, ellipse, dots, arc, GOLD, INK, EYES, open, isItemId, ITEM_IDS, type ItemId } from './avatar-parts';
import { Part } from './lazy';

export const FACE_COUNT = 12;

export { isItemId, ITEM_IDS, type ItemId };

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

/** Skin, hair colour, hair style, shirt, marks (any of: freckles moustache beard stubble earrings grin cheeks lashes lips round); a person's face's words are the page's (en/page.ts f0…f11). */
type Look = readonly [string, string, keyof typeof HAIR, string, string];

const PEOPLE: readonly Look[] = [
  ['#f1c6a0', '#e3b54a', 'spiky', '#3b82c4', 'grin'],
  ['#a86b42', '#241c1a', 'afro', '#e0783a', 'cheeks'],
  ['#f8dcc4', '#c8521f', 'curly', '#3aa372', 'freckles cheeks'],
  ['#6b4228', '#1d1a1f', 'bald', '#7a4fb0', 'beard grin'],
  ['#dcaa78', '#1d1a1f', 'long', '#d94a6a', 'earrings lashes'],
  ['#f1c6a0', '#5a3a22', 'bun', '#2f9e9e', 'cheeks lashes'],
  ['#f8dcc4', '#a8743f', 'pony', '#f2b233', 'grin'],
  ['#8a5533', '#1d1a1f', 'locs', '#4a6fa5', 'cheeks'],
  ['#dcaa78', '#e4e4e4', 'short', '#556b8a', 'moustache'],
  ['#c68a5c', '#3d6fd1', 'bob', '#f06292', 'lips lashes'],
  ['#6b4228', '#1d1a1f', 'buns', '#8bc34a', 'earrings grin'],
  ['#e8b98f', '#2b2220', 'side', '#455a64', 'stubble'],
];

const BOTS: Readonly<Record<'mike' | 'bill' | 'lisa', Look>> = {
  mike: ['#f0c09a', '#6b4226', 'short', '#c0392b', 'moustache'],
  bill: ['#f3cdb0', '#a9a9a9', 'tufts', '#2e7d32', 'beard cheeks round'],
  lisa: ['#f7d5bd', '#7d2222', 'wavy', '#6a4c9c', 'lips lashes earrings cheeks'],
};

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


function lookOf(face: FaceRef): Look {
  if (face.kind === 'bot') return BOTS[face.name];
  const i = Math.trunc(face.index) || 0;
  return PEOPLE[((i % FACE_COUNT) + FACE_COUNT) % FACE_COUNT]!;
}

/**
 * The items' drawings: a chunk of their own (avatar-items.ts), downloaded the first time
 * someone wears one, so a first load whose players wear nothing does not carry them.
 */
export const ITEMS_PART = new Part(() => import('./avatar-items'));

/**
 * The whole avatar as one SVG element string: the face, and the item on top when given.
 * Until the items' chunk is here, the face alone, and `then` is called once it is.
 */
export function avatarSvg(face: FaceRef, item: ItemId | null, then?: () => void): string {
  const items = ITEMS_PART.get();
  if (item !== null && items === null) ITEMS_PART.load().then(() => then?.(), () => undefined);
  return `${open('avatar-svg')}${faceSvg(lookOf(face))}${item !== null && items !== null ? items.itemArt(item) : ''}</svg>`;
}
