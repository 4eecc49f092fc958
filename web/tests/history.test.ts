import { describe, expect, it } from 'vitest';
import { BackButton } from '../src/ui/history';

/** A window whose history is a list of states and a position, as a browser keeps it. */
function fakeWindow(): { win: Window; entries: unknown[]; at: () => number; pressBack: () => void } {
  const entries: unknown[] = [null];
  let index = 0;
  const listeners: (() => void)[] = [];
  const pop = (): void => {
    for (const l of listeners) l();
  };
  const history = {
    get state(): unknown {
      return entries[index];
    },
    pushState(state: unknown): void {
      entries.splice(index + 1, entries.length, state);
      index += 1;
    },
    replaceState(state: unknown): void {
      entries[index] = state;
    },
    back(): void {
      if (index === 0) return;
      index -= 1;
      pop();
    },
  };
  const win = { history, addEventListener: (_: string, l: () => void) => listeners.push(l) } as unknown as Window;
  return { win, entries, at: () => index, pressBack: () => history.back() };
}

describe('the Back button', () => {
  it('closes the lobby instead of leaving the page, and leaves no entry behind', () => {
    const w = fakeWindow();
    const closed: string[] = [];
    let layer: string | null = null;
    const back = new BackButton(w.win, (l) => {
      closed.push(l);
      layer = null;
      back.sync(layer);
    });
    back.sync('lobby');
    expect(w.at()).toBe(1);
    w.pressBack();
    expect(closed).toEqual(['lobby']);
    expect(w.at()).toBe(0);
    // Opened and closed by its own button: the entry goes too, and nothing is closed twice.
    back.sync('lobby');
    back.sync(null);
    expect(w.at()).toBe(0);
    expect(closed).toEqual(['lobby']);
  });

  it('after a reload with the lobby open, the page starts with no layer of its own', () => {
    const w = fakeWindow();
    w.entries[0] = { hearts: 'lobby' };
    new BackButton(w.win, () => {});
    expect(w.entries[0]).toBeNull();
  });

  it('a dialog over the lobby is closed first, then the lobby', () => {
    const w = fakeWindow();
    const closed: string[] = [];
    const layers: (string | null)[] = [];
    const back = new BackButton(w.win, (l) => {
      closed.push(l);
      const next = l.startsWith('dialog:') ? 'lobby' : null;
      layers.push(next);
      back.sync(next);
    });
    back.sync('lobby');
    back.sync('dialog:rules');
    expect(w.at()).toBe(1);
    w.pressBack();
    expect(closed).toEqual(['dialog:rules']);
    expect(w.at()).toBe(1); // the lobby has its entry again
    w.pressBack();
    expect(closed).toEqual(['dialog:rules', 'lobby']);
    expect(w.at()).toBe(0);
  });
});
