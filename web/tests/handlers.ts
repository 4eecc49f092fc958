// Spy handlers for a TableView without a controller: every handler of noopHandlers()
// (which the type checker holds to the Handlers interface) as a vi.fn().

import { vi } from 'vitest';
import type { Handlers } from '../src/state/handlers';
import { noopHandlers } from './noop-handlers';

export type Spied = { [K in keyof Handlers]: Handlers[K] & ReturnType<typeof vi.fn> };

/** `sendChat` returns true, `origin` a test origin; the rest do nothing. */
export function spyHandlers(): Spied {
  const spies: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(noopHandlers())) spies[name] = vi.fn(fn as (...args: unknown[]) => unknown);
  return spies as Spied;
}
