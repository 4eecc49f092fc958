// The achievements in the player's words. The server sends each one's English (name, how,
// title, item_name: docs/protocol.md, "Achievements and looks"); the page words it by its
// id in the language in use, and shows the server's English for English and for an id it
// does not know (a newer server's). en/achievements.ts is the English, for the other
// catalogues' type; it is not part of the page.
import type en from './en/achievements';
import { CORE } from './core';
import { section } from './words';

const words = section('achievements', {} as typeof en, CORE, true);

interface Worded {
  readonly id: string;
  readonly name: string;
  readonly how: string;
  readonly title: string;
  readonly itemName: string;
}

/** `a` with its words in the language in use. */
export function achievementText<A extends Worded>(a: A): A {
  const say = words as unknown as (k: string) => string;
  const one = (field: 'name' | 'how' | 'title' | 'item', english: string): string =>
    words.has(`${a.id}.${field}`) ? say(`${a.id}.${field}`) : english;
  return { ...a, name: one('name', a.name), how: one('how', a.how), title: one('title', a.title), itemName: one('item', a.itemName) };
}

/** Resolves once the catalogue of the language in use is here (a chunk that shows achievements awaits it). */
export const achievementsReady = (): Promise<void> => words.ready();
