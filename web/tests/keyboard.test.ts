import { describe, expect, it } from 'vitest';
import { cardKeyIntent, focusAfterRemoval } from '../src/ui/keyboard';

describe('keyboard navigation in the hand', () => {
  it('moves with arrows, wrapping, and jumps with Home/End', () => {
    expect(cardKeyIntent('ArrowRight', 0, 13)).toEqual({ kind: 'move', index: 1 });
    expect(cardKeyIntent('ArrowDown', 12, 13)).toEqual({ kind: 'move', index: 0 });
    expect(cardKeyIntent('ArrowLeft', 0, 13)).toEqual({ kind: 'move', index: 12 });
    expect(cardKeyIntent('ArrowUp', 5, 13)).toEqual({ kind: 'move', index: 4 });
    expect(cardKeyIntent('Home', 7, 13)).toEqual({ kind: 'move', index: 0 });
    expect(cardKeyIntent('End', 0, 9)).toEqual({ kind: 'move', index: 8 });
  });

  it('activates with Enter and Space, ignores other keys', () => {
    expect(cardKeyIntent('Enter', 3, 13)).toEqual({ kind: 'activate' });
    expect(cardKeyIntent(' ', 3, 13)).toEqual({ kind: 'activate' });
    expect(cardKeyIntent('a', 3, 13)).toBeNull();
    expect(cardKeyIntent('ArrowRight', 0, 0)).toBeNull();
  });

  it('keeps focus in place after a card leaves the hand', () => {
    expect(focusAfterRemoval(3, 12)).toBe(3);
    expect(focusAfterRemoval(12, 12)).toBe(11);
    expect(focusAfterRemoval(0, 0)).toBeNull();
  });
});

describe('keyboard in the rendered hand', () => {
  it('arrow keys move focus between card buttons', async () => {
    const { TableView } = await import('../src/table/table-view');
    const { applySnapshot, initialState } = await import('../src/state/state');
    const { playRaw, snapshotOf } = await import('./fixtures');
    document.body.innerHTML = '<div id="root"></div>';
    const { noopHandlers } = await import('./noop-handlers');
    const view = new TableView(document.getElementById('root') as HTMLElement, noopHandlers());
    view.render(applySnapshot(initialState(), snapshotOf(playRaw())));
    const first = document.querySelector<HTMLElement>('[data-testid="card-2C"]') as HTMLElement;
    first.focus();
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect((document.activeElement as HTMLElement).dataset['card']).toBe('7C');
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect((document.activeElement as HTMLElement).dataset['card']).toBe('JH');
    // Every card is a native button: Tab order is the hand order, Enter/Space click.
    expect(document.querySelectorAll('[data-testid="hand"] button[data-card]')).toHaveLength(12);
  });
});
