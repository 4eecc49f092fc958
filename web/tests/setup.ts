// Every unit test sees the page's lazily loaded parts (src/lazy.ts) as already
// downloaded, so a render draws them at once, as the page does after the first time.
// tests/lazy.test.ts covers the wait for the download itself.
import { afterEach } from 'vitest';
import { CONSOLE_PART } from '../src/app/app-core';
import * as consolePart from '../src/parts/console/console-part';
import * as dailyPart from '../src/parts/daily/daily-part';
import * as dialogs from '../src/parts/dialogs/player-dialogs';
import * as social from '../src/people/render-social';
import { DAILY_PART, DIALOGS_PART, REPLAY_PART, REVIEW_PART, SOCIAL_PART, SOUND_PART, VERIFY_PART } from '../src/table/parts';
import * as sound from '../src/parts/sound/sound-part';
import * as reviewPart from '../src/parts/review/review-part';
import * as replay from '../src/parts/replay/replay-part';
import * as verify from '../src/parts/verify/verify-part';
import * as avatarItems from '../src/ui/avatar-items';
import { ITEMS_PART } from '../src/ui/avatars';

SOCIAL_PART.provide(social);
DIALOGS_PART.provide(dialogs);
CONSOLE_PART.provide(consolePart);
VERIFY_PART.provide(verify);
REPLAY_PART.provide(replay);
REVIEW_PART.provide(reviewPart);
DAILY_PART.provide(dailyPart);
SOUND_PART.provide(sound);
ITEMS_PART.provide(avatarItems);

// A page left from a test may keep an interval running (the turn timer's countdown, the
// connection's heartbeat). Once the test file's environment is gone, its next tick would
// find no `document`: vitest reports that as an error of the run. Each test's intervals
// stop when the test ends.
type Start = (handler: () => void, ms?: number) => unknown;
const intervals = new Set<unknown>();
const start = (globalThis.setInterval as unknown as Start).bind(globalThis);
const stop = (globalThis.clearInterval as unknown as (id: unknown) => void).bind(globalThis);
(globalThis as unknown as { setInterval: Start }).setInterval = (handler, ms) => {
  const id = start(handler, ms);
  intervals.add(id);
  return id;
};
afterEach(() => {
  for (const id of intervals) stop(id);
  intervals.clear();
});
