// The controller: owns the state, feeds server messages through the animation queue
// one at a time, and turns the player's clicks into protocol messages. Playing with
// people adds the lobby, names, tables with a waiting room, chat and the rest of
// docs/protocol.md "Playing with people"; their state lives in `state.social`, and
// social-control.ts handles them, in the lobby's chunk (downloaded when first needed).
//
// It is built in layers, each in a file of its own, each extending the one before:
// app-core.ts (the state, its drawing, the connection, what the controller keeps, its
// parts and requests), connection-events.ts, records.ts (a game's record, replays),
// animation-queue.ts, messages.ts (what the server says) and ui-handlers.ts (what the
// player does). App is the page's, as main.ts makes it.

import type { DailyHost } from '../parts/daily/daily-part';
import type { PeopleHost } from '../people/social-control';
import { AppHandlers } from './ui-handlers';

/**
 * The page's controller. What is not private here is for social-control.ts, which
 * handles playing with people (PeopleHost), and daily-part.ts (DailyHost).
 */
export class App extends AppHandlers implements PeopleHost, DailyHost {}
