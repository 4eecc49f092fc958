// Keyboard movement between the cards of the hand. Pure: the caller owns focus.
//
// ArrowLeft/ArrowUp and ArrowRight/ArrowDown step (wrapping), Home/End jump; Tab keeps
// the browser's own order, which is the same left-to-right order.

export type KeyIntent = { readonly kind: 'move'; readonly index: number } | { readonly kind: 'activate' } | null;

/** What a key press on card `index` of `count` cards means. */
export function cardKeyIntent(key: string, index: number, count: number): KeyIntent {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return { kind: 'move', index: (index - 1 + count) % count };
    case 'ArrowRight':
    case 'ArrowDown':
      return { kind: 'move', index: (index + 1) % count };
    case 'Home':
      return { kind: 'move', index: 0 };
    case 'End':
      return { kind: 'move', index: count - 1 };
    case 'Enter':
    case ' ':
    case 'Spacebar':
      return { kind: 'activate' };
    default:
      return null;
  }
}

/**
 * Where focus goes after the card at `index` left a hand that now has `count` cards:
 * the card that took its place, or the last one.
 */
export function focusAfterRemoval(index: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.min(index, count - 1);
}
