// Player faces and the items worn on them (src/avatars.ts): well-formed, safe SVG
// markup, all different from each other, and the right face for each seat.

import { describe, expect, it } from 'vitest';
import { itemSvg } from '../src/ui/avatar-items';
import { faceLabel } from '../src/parts/dialogs/render-achievements';
import { FACE_COUNT, ITEM_IDS, avatarSvg, defaultFace, faceFor, isItemId, type FaceRef } from '../src/ui/avatars';

const PEOPLE: FaceRef[] = Array.from({ length: FACE_COUNT }, (_, index) => ({ kind: 'person', index }));
const BOTS: FaceRef[] = (['mike', 'bill', 'lisa'] as const).map((name) => ({ kind: 'bot', name }));
const FACES = [...PEOPLE, ...BOTS];
const ALL = FACES.flatMap((f) => [avatarSvg(f, null), ...ITEM_IDS.map((item) => avatarSvg(f, item))]);

function parse(markup: string): Element {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc.documentElement;
}

describe('avatar markup', () => {
  it('is checked by a parser that notices broken markup', () => {
    const doc = new DOMParser().parseFromString('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"></svg>', 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror').length).toBeGreaterThan(0);
  });

  it('is one well-formed <svg> per face and item, hidden from screen readers', () => {
    expect(ALL).toHaveLength(15 * 22);
    for (const markup of ALL) {
      const root = parse(markup);
      expect(root.tagName).toBe('svg');
      expect(root.getAttribute('viewBox')).toBe('0 0 100 100');
      expect(root.getAttribute('aria-hidden')).toBe('true');
      expect(root.getAttribute('class')).toBe('avatar-svg');
    }
  });

  it('has no ids, styles, scripts or links', () => {
    for (const markup of [...ALL, ...ITEM_IDS.map(itemSvg)]) {
      expect(markup).not.toMatch(/\bid=|style=|<style|<script|href/i);
      expect(markup).not.toMatch(/url\(/);
    }
  });

  it('draws twelve different person faces, and bot faces unlike them and each other', () => {
    const people = PEOPLE.map((f) => avatarSvg(f, null));
    const bots = BOTS.map((f) => avatarSvg(f, null));
    expect(new Set(people).size).toBe(FACE_COUNT);
    expect(new Set(bots).size).toBe(3);
    for (const b of bots) expect(people).not.toContain(b);
  });

  it('shows every item, each differently', () => {
    for (const f of FACES) {
      const bare = avatarSvg(f, null);
      const worn = ITEM_IDS.map((item) => avatarSvg(f, item));
      for (const w of worn) expect(w).not.toBe(bare);
      expect(new Set(worn).size).toBe(ITEM_IDS.length);
    }
  });

  it('draws each item alone', () => {
    expect(ITEM_IDS).toHaveLength(21);
    const alone = ITEM_IDS.map(itemSvg);
    expect(new Set(alone).size).toBe(21);
    for (const markup of alone) {
      const root = parse(markup);
      expect(root.tagName).toBe('svg');
      expect(root.getAttribute('class')).toBe('item-svg');
      expect(root.getAttribute('viewBox')).toBe('0 0 100 100');
      expect(root.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('takes an out-of-range person face as some face rather than failing', () => {
    for (const index of [-1, 12, 99, 2.5, Number.NaN]) parse(avatarSvg({ kind: 'person', index }, 'crown'));
  });
});

describe('isItemId', () => {
  it('knows the items', () => {
    for (const item of ITEM_IDS) expect(isItemId(item)).toBe(true);
    for (const v of ['', 'hat', 'Crown', 'crown ', 'toString', '__proto__']) expect(isItemId(v)).toBe(false);
  });
});

describe('faceLabel', () => {
  it('numbers faces from one and says what they look like', () => {
    expect(faceLabel(2)).toBe('Face 3: curly red hair, freckles');
    const labels = PEOPLE.map((_, i) => faceLabel(i));
    expect(new Set(labels).size).toBe(FACE_COUNT);
    for (const l of labels) expect(l).toMatch(/^Face \d+: \S/);
  });
});

describe('defaultFace', () => {
  it('is stable and in range', () => {
    for (const key of ['', 'a', 'Bob', 'p-1f3a9c', '名前']) {
      const f = defaultFace(key);
      expect(f).toBe(defaultFace(key));
      expect(Number.isInteger(f)).toBe(true);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(FACE_COUNT);
    }
  });

  it('spreads ids over every face', () => {
    const counts = new Array<number>(FACE_COUNT).fill(0);
    for (let i = 0; i < 1000; i++) counts[defaultFace(`p${((i * 2654435761) % 4294967296).toString(16)}`)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(30);
    const seq = new Array<number>(FACE_COUNT).fill(0);
    for (let i = 0; i < 1000; i++) seq[defaultFace(`player-${i}`)]! += 1;
    for (const c of seq) expect(c).toBeGreaterThan(30);
  });
});

describe('faceFor', () => {
  const bot = (name: string) => faceFor({ human: false, name });

  it('gives Mike, Bill and Lisa their own faces', () => {
    expect(bot('Mike')).toEqual({ kind: 'bot', name: 'mike' });
    expect(bot(' bill ')).toEqual({ kind: 'bot', name: 'bill' });
    expect(bot('LISA')).toEqual({ kind: 'bot', name: 'lisa' });
  });

  it('gives any other computer player a person face from its name', () => {
    expect(bot('Bob')).toEqual({ kind: 'person', index: defaultFace('Bob') });
  });

  it('never gives a person a computer player’s face, whatever their name', () => {
    // A person "Bob" and the computer "Bill" used to both show "B".
    for (const name of ['Bill', 'Mike', 'lisa']) {
      expect(faceFor({ human: true, name }).kind).toBe('person');
      expect(faceFor({ human: true, name, player: 'p1', face: null }).kind).toBe('person');
    }
    expect(avatarSvg(faceFor({ human: true, name: 'Bill', player: 'p1' }), null)).not.toBe(avatarSvg(bot('Bill'), null));
  });

  it('uses a person’s chosen face', () => {
    expect(faceFor({ human: true, name: 'Ann', player: 'p7', face: 3 })).toEqual({ kind: 'person', index: 3 });
    expect(faceFor({ human: true, name: 'Ann', player: 'p7', face: 0 })).toEqual({ kind: 'person', index: 0 });
  });

  it('falls back to a face from the player id, else the name', () => {
    const fromId = { kind: 'person', index: defaultFace('p7') };
    expect(faceFor({ human: true, name: 'Ann', player: 'p7', face: -1 })).toEqual(fromId);
    expect(faceFor({ human: true, name: 'Ann', player: 'p7', face: 99 })).toEqual(fromId);
    expect(faceFor({ human: true, name: 'Ann', player: 'p7', face: 2.5 })).toEqual(fromId);
    expect(faceFor({ human: true, name: 'Ann', player: 'p7' })).toEqual(fromId);
    expect(faceFor({ human: true, name: 'Ann', player: null, face: null })).toEqual({ kind: 'person', index: defaultFace('Ann') });
    expect(faceFor({ human: true, name: 'Ann' })).toEqual({ kind: 'person', index: defaultFace('Ann') });
  });
});
