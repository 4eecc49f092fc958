// Card movements with the Web Animations API. Each function resolves when the movement
// is over, so the caller can run the next server event after it. A duration of 0, a
// browser without `Element.animate`, or "reduce motion" make every call instant.

export interface Point {
  readonly x: number;
  readonly y: number;
}

export function centreOf(el: Element): Point {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function canAnimate(el: Element, ms: number): boolean {
  return ms > 0 && typeof el.animate === 'function' && !reducedMotion();
}

export function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

async function finished(a: Animation): Promise<void> {
  try {
    await a.finished;
  } catch {
    // Cancelled (the element left the page): nothing to wait for.
  }
}

/**
 * Moves `el` from `from` (a point on the page) to where it now sits: a card played
 * from a player's position to the trick. `el` must already be in its final place.
 */
export async function flyFrom(el: HTMLElement, from: Point, ms: number, rotateDeg = 0): Promise<void> {
  if (!canAnimate(el, ms)) return;
  const to = centreOf(el);
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  const a = el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) rotate(${rotateDeg}deg) scale(0.9)`, offset: 0 },
      { transform: 'translate(0, 0) rotate(0deg) scale(1)', offset: 1 },
    ],
    { duration: ms, easing: 'cubic-bezier(.2,.7,.3,1)', composite: 'add' },
  );
  await finished(a);
}

/** Moves the trick's cards together to the winner, fading as they go. */
export async function sweepTo(els: readonly HTMLElement[], to: Point, ms: number): Promise<void> {
  const moving = els.filter((el) => canAnimate(el, ms));
  await Promise.all(
    moving.map((el) => {
      const at = centreOf(el);
      const a = el.animate(
        [
          { transform: 'translate(0, 0) scale(1)', opacity: 1 },
          { transform: `translate(${to.x - at.x}px, ${to.y - at.y}px) scale(0.45)`, opacity: 0.15 },
        ],
        { duration: ms, easing: 'cubic-bezier(.5,0,.8,.6)', fill: 'forwards', composite: 'add' },
      );
      return finished(a);
    }),
  );
}

/** A short pulse on newly dealt or received cards. */
export function pulse(els: readonly HTMLElement[], ms: number): void {
  for (const el of els) {
    if (!canAnimate(el, ms)) continue;
    el.animate([{ transform: 'translateY(24px)', opacity: 0 }, { transform: 'translateY(0)', opacity: 1 }], {
      duration: ms,
      easing: 'ease-out',
      composite: 'add',
    });
  }
}
