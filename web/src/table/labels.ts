// The texts the table writes once (a button's label, a heading, an aria-label built in a
// constructor), kept by key: after a change of language `relabel()` writes them again.

import type en from '../i18n/en/table';
import { tableWords as w } from '../i18n/table';
import { button } from '../ui/dom';

type T = typeof en;
/** A message of the table's that has no placeholders. */
export type Plain = { [K in keyof T]: T[K] extends `${string}{${string}` ? never : T[K] extends string ? K : never }[keyof T];

type Label = readonly [node: Element | Text, key: Plain, attr?: string | undefined];

function write([node, key, attr]: Label): void {
  if (attr === undefined) node.textContent = w(key);
  else (node as Element).setAttribute(attr, w(key));
}

export class Labels {
  private readonly all: Label[] = [];

  /** `node` with the words of `key` as its text (or as its attribute `attr`), written again by relabel(). */
  put<N extends Element | Text>(node: N, key: Plain, attr?: string): N {
    const l: Label = [node, key, attr];
    this.all.push(l);
    write(l);
    return node;
  }

  /** A text node of the words of `key`. */
  text(key: Plain): Text {
    return this.put(document.createTextNode(''), key);
  }

  /** A button (ui/dom.ts) with the words of `key`. */
  button(testid: string, key: Plain, onClick: () => void, cls = ''): HTMLButtonElement {
    return this.put(button(testid, '', onClick, cls), key);
  }

  /** Writes every text again, in the language in use. */
  relabel(): void {
    this.all.forEach(write);
  }
}
