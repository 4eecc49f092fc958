// Every unit test sees the page's lazily loaded parts (src/lazy.ts) as already
// downloaded, so a render draws them at once, as the page does after the first time.
// tests/lazy.test.ts covers the wait for the download itself.
import { CONSOLE_PART } from '../src/app';
import * as consolePart from '../src/console-part';
import * as dialogs from '../src/player-dialogs';
import * as social from '../src/render-social';
import { DIALOGS_PART, REPLAY_PART, REVIEW_PART, SOCIAL_PART, VERIFY_PART } from '../src/render';
import * as reviewPart from '../src/review-part';
import * as replay from '../src/replay-part';
import * as verify from '../src/verify-part';

SOCIAL_PART.provide(social);
DIALOGS_PART.provide(dialogs);
CONSOLE_PART.provide(consolePart);
VERIFY_PART.provide(verify);
REPLAY_PART.provide(replay);
REVIEW_PART.provide(reviewPart);
