import { expect, test, type Page } from '@playwright/test';
import { actOnce, cardsOf, clickCard, handCards, newGame, playLegal, ui, waitToAct } from './helpers';
import { pick, rng } from './seed';

// Worked out here from what the page shows, by the rules, not by the client's own
// wording code (src/game/rules.ts): the one refusal that fits the card clicked.

/** Clockwise from South. */
const SEATS = ['S', 'W', 'N', 'E'];
const SUITS: Record<string, string> = { C: 'clubs', D: 'diamonds', S: 'spades', H: 'hearts' };

interface Table {
  readonly mode: string;
  readonly me: string;
  readonly hand: readonly { readonly card: string; readonly legal: boolean }[];
  /** The cards on the trick being played, with who played them (none when a finished trick is still shown). */
  readonly trick: readonly { readonly card: string; readonly seat: string }[];
}

/** Mode, seat, hand and trick in one look (one task in the page). */
async function table(page: Page): Promise<Table> {
  return page.evaluate(() => {
    const trickEl = document.querySelector('[data-testid="trick"]');
    const held = trickEl?.getAttribute('data-held') === 'true';
    return {
      mode: document.querySelector('[data-testid="app"]')?.getAttribute('data-ui') ?? '',
      me: document.querySelector('.seat.pos-bottom')?.getAttribute('data-seat') ?? '',
      hand: [...document.querySelectorAll('[data-testid="hand"] button[data-card]')].map((e) => ({
        card: e.getAttribute('data-card') ?? '',
        legal: e.getAttribute('data-legal') === 'true',
      })),
      // A finished trick stays in view (data-held) until the next card: then nothing is led yet.
      trick: held
        ? []
        : [...(trickEl?.querySelectorAll('[data-card]') ?? [])].map((e) => ({
            card: e.getAttribute('data-card') ?? '',
            seat: e.getAttribute('data-seat') ?? '',
          })),
    };
  });
}

const suitOf = (card: string): string => card.slice(-1);

/** The refusal for playing `card` now; throws if the rules allow the card. */
function refusal(t: Table, card: string): string {
  const hand = t.hand.map((c) => c.card);
  const firstTrick = hand.length === 13;
  if (t.trick.length === 0) {
    if (firstTrick && hand.includes('2C')) {
      if (card !== '2C') return 'The two of clubs leads the first trick';
    } else if (suitOf(card) === 'H') {
      return 'Hearts are not broken yet';
    }
    throw new Error(`${card} may lead (hand ${hand.join(' ')})`);
  }
  // With k cards on the trick and me to play, the leader sits k seats before me.
  const k = t.trick.length;
  expect(k, 'cards on a trick not yet complete').toBeLessThan(4);
  const leader = SEATS[(SEATS.indexOf(t.me) - k + 4) % 4];
  const led = t.trick.find((c) => c.seat === leader);
  if (!led) throw new Error(`no card of the leader ${leader} on the trick ${JSON.stringify(t.trick)} (I am ${t.me})`);
  const ledSuit = suitOf(led.card);
  if (hand.some((c) => suitOf(c) === ledSuit)) {
    if (suitOf(card) !== ledSuit) return `You must follow suit: play ${SUITS[ledSuit] ?? ledSuit}`;
  } else if (firstTrick && (suitOf(card) === 'H' || card === 'QS')) {
    return 'No hearts or queen of spades on the first trick';
  }
  throw new Error(`${card} may be played on ${led.card} led (hand ${hand.join(' ')})`);
}

test('clicking a card that is not allowed explains why, with the reason for that card, and plays nothing', async ({ page }) => {
  test.setTimeout(180_000);
  // The page's clock is the test's (page.clock), running as the real one does, so a
  // notice still shown can be run out of time instead of waited out (below).
  await page.clock.install();
  await newGame(page, { level: 'random', speed: 'off', endScore: 100 });
  const next = rng();
  const notice = page.getByTestId('notice');
  const checked: string[] = [];
  // Up to six refused clicks, each on a turn of its own, then a legal card.
  for (let turn = 0; checked.length < 6 && turn < 400; turn++) {
    const mode = await waitToAct(page);
    if (mode === 'game-over') break;
    if (mode !== 'my-turn') {
      await actOnce(page);
      continue;
    }
    const t = await table(page);
    expect(t.mode).toBe('my-turn');
    const card = pick(next, t.hand.filter((c) => !c.legal).map((c) => c.card));
    if (card !== undefined) {
      const expected = refusal(t, card);
      // The same words still shown from an earlier click would pass without this one;
      // a hidden notice keeps its last words, so the new one must also be shown. A notice
      // stays 3.5 s (src/app/app-core.ts, NOTICE_MS): the page's clock is run on past that.
      if ((await notice.isVisible()) && (await notice.textContent()) === expected) {
        await page.clock.runFor(3500);
        await expect(notice).toBeHidden();
      }
      await expect(page.getByTestId(`card-${card}`)).toHaveAttribute('aria-disabled', 'true');
      await clickCard(page, card, true);
      await expect(notice, `the refusal for ${card}`).toBeVisible();
      await expect(notice, `the refusal for ${card}`).toHaveText(expected);
      await expect(notice).toHaveClass(/\berror\b/);
      await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
      expect(await cardsOf(handCards(page))).toEqual(t.hand.map((c) => c.card));
      await expect(page.getByTestId(`trick-card-${card}`)).toHaveCount(0);
      checked.push(`${card}: ${expected}`);
    }
    await playLegal(page);
  }
  test.info().annotations.push({ type: 'refused', description: checked.join('; ') });
  expect(checked).toHaveLength(6);
});
