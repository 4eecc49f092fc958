// What the client sends (docs/protocol.md, "Client → server"), as a frame.

import type { Outgoing } from './types';

/** Serialises one client message to a frame. Fields that are undefined are left out. */
export function encodeClientMessage(message: Outgoing): string {
  return JSON.stringify(message);
}
