// State merging: an update's view completed from the last view received (the server
// leaves out what did not change).

import type { ServerMessage, Update, View } from '../net/types';

/**
 * The update with what its view left out taken from `before`, the last view received;
 * null when it leaves something out and there is no view before it to take it from.
 *
 *   completeUpdate(u, lastView)  // u.view.sheet ?? lastView.sheet, and the names and rules
 */
export function completeUpdate(m: Extract<ServerMessage, { t: 'update' }>, before: View | null): Update | null {
  const { names, sheet, ...rest } = m.view;
  const fullNames = names ?? before?.names;
  const fullSheet = sheet ?? before?.sheet;
  if (fullNames === undefined || fullSheet === undefined) return null;
  const rules = before?.rules;
  return { ...m, view: { ...rest, names: fullNames, sheet: fullSheet, ...(rules === undefined ? {} : { rules }) } };
}
