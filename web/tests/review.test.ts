// The Review dialog: asked from a finished game's result, shown when the server's review
// comes (docs/protocol.md, "Reviews"): the points lost and where, each hand's cards with
// the costly ones marked, and the largest mistakes; a refusal says why.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppOptions } from '../src/app/app-core';
import { readReview } from '../src/parts/review/read-review';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { bootPage, pressBack } from './boot';
import type { FakeSocket } from './fake-socket';
import { gameOverRaw, readByPart, refusedByPart, snapshotText } from './fixtures';

const sockets: FakeSocket[] = [];
const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** The worked record of docs/game-record.md: seed 155, one hand. */
const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'game-record.md'), 'utf8');
const golden = (): unknown => JSON.parse(/```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '');

const REVIEW = {
  t: 'review',
  table: 'tab1',
  seat: 'S',
  deals: 100,
  lost: 4.3,
  by_kind: { lead: 0, follow: 0.4, discard: 3.9, moon: 0 },
  plays: [
    { hand: 1, trick: 1, kind: 'follow', played: '5C', played_points: 3.1, best: 'JC', best_points: 2.7 },
    { hand: 1, trick: 2, kind: 'discard', played: 'QH', played_points: 4.2, best: 'AD', best_points: 0.3 },
    { hand: 2, trick: 1, kind: 'lead', played: '2C', played_points: 1, best: '2C', best_points: 1 },
  ],
  text: 'Review of You: 3 cards played, each weighed on 100 deals.\nPoints lost to mistakes: 4.3 points (following suit 0.4 points, discarding 3.9 points).\nThe largest:\n  Hand 1, trick 2: the Q♥ cost about 4.2 points; the A♦ was safe. (discarding)\n  Hand 1, trick 1: the 5♣ cost about 3.1 points; the J♣ would cost about 2.7 points. (following suit)\n',
};

/** The same game reviewed by a server that reviews the passes too. */
const REVIEW_WITH_PASSES = {
  ...REVIEW,
  lost: 5.1,
  by_kind: { ...REVIEW.by_kind, pass: 0.8 },
  passes: [
    { hand: 1, to: 'W', passed: ['QS', 'AH', '2C'], passed_points: 7.12, best: ['QS', 'AH', 'KH'], best_points: 6.3, mistake: true },
    { hand: 2, to: 'E', passed: ['AS', 'KS', 'QS'], passed_points: 2.5, best: ['QS', 'AS', 'KS'], best_points: 2.5, mistake: false },
  ],
  text: REVIEW.text.replace('(discarding)\n', '(discarding)\n  Hand 1, the pass: the Q♠, A♥ and 2♣ cost about 7.1 points; the Q♠, A♥ and K♥ about 6.3 points. (passing)\n'),
};

function boot(options: Partial<AppOptions> = {}): void {
  sockets.push(...bootPage({ ...DEFAULT_SETTINGS, speed: 'off' }, options));
  last().open();
  last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
  last().receive(snapshotText(gameOverRaw(), 'tab1', 40));
}

describe('the review of a game', () => {
  it('asks, waits, then shows the loss, each hand, and the largest mistakes', async () => {
    boot();
    await flush();
    tid('result-review').click();
    expect(last().messages().filter((m) => m['t'] === 'review')).toEqual([{ t: 'review', table: 'tab1' }]);
    // Reviews weigh the passes too: the line says so while one is made.
    expect(tid('review-loading').textContent).toBe('Weighing every pass you made and every card you played against the best one…');
    last().receive(JSON.stringify(REVIEW));
    await flush();
    expect(tid('review-summary').textContent).toBe('You lost about 4.3 points to mistakes: following suit 0.4 points, discarding 3.9 points.');
    expect(tid('review-hand-1').querySelectorAll('.review-card')).toHaveLength(2);
    const marked = [...document.querySelectorAll<HTMLElement>('.review-card.mistake')];
    expect(marked.map((e) => e.getAttribute('aria-label'))).toEqual([
      'Trick 1: the 5♣ cost about 3.1 points; the J♣ would cost about 2.7 points.',
      'Trick 2: the Q♥ cost about 4.2 points; the A♦ was safe.',
    ]);
    expect(tid('review-hand-2').querySelector('.review-row')?.textContent).toBe('2♣');
    // A review made before passes were reviewed shows none, and says so nowhere.
    expect(document.querySelectorAll('.review-pass')).toHaveLength(0);
    expect(tid('review-step-1-1').closest('tbody')?.querySelectorAll('tr')).toHaveLength(2);
    expect(document.querySelector('.hint')?.textContent).toMatch(/^Each card you played was weighed against the best one in that position on 100 deals of the cards you could not see, played/);
    // No hand was claimed: nothing is said of cards played out.
    expect(document.querySelector('.hint')?.textContent).not.toContain('nobody’s choice');
    expect(document.querySelector('[data-testid="review-claimed"]')).toBeNull();
    expect(tid('review-largest').textContent).toContain('Hand 1, trick 2: the Q♥ cost about 4.2 points; the A♦ was safe. (discarding)');
  });

  it('shows each pass first in its hand’s row, marked when the server counts it a mistake, and counts it in the summary', async () => {
    boot();
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify(REVIEW_WITH_PASSES));
    await flush();
    expect(tid('review-summary').textContent).toBe('You lost about 5.1 points to mistakes: passing 0.8 points, following suit 0.4 points, discarding 3.9 points.');
    const first = tid('review-hand-1').querySelector('.review-row')?.firstElementChild as HTMLElement;
    expect(first).toBe(tid('review-pass-1'));
    expect(first.classList.contains('mistake')).toBe(true);
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(first.textContent).toBe('Q♠ A♥ 2♣→ left−0.8');
    expect(first.getAttribute('aria-label')).toBe('The pass: the Q♠, A♥ and 2♣ to the left (West) cost about 7.1 points; passing the Q♠, A♥ and K♥ would cost about 6.3 points.');
    expect(first.title).toBe(first.getAttribute('aria-label'));
    // Hand 2's pass is the search's, in another order: not marked, and said to be the best.
    const second = tid('review-pass-2');
    expect(second.classList.contains('mistake')).toBe(false);
    expect(second.hasAttribute('tabindex')).toBe(false);
    expect(second.textContent).toBe('A♠ K♠ Q♠→ right');
    expect(second.getAttribute('aria-label')).toBe('The pass: the A♠, K♠ and Q♠ to the right (East), about 2.5 points, the best pass.');
    expect(tid('review-hand-2').querySelectorAll('.review-row > li')).toHaveLength(2);
    expect(document.querySelector('.hint')?.textContent).toMatch(/^Each pass and each card you played was weighed against the best one in that position on 100 deals of the cards you could not see \(a pass, on more\), played/);
    // Made from the numbers, largest first, as the server's text says it (not shown): the pass is second.
    const largest = [...tid('review-largest').querySelectorAll('li')].map((li) => li.textContent);
    expect(largest).toEqual([
      'Hand 1, trick 2: the Q♥ cost about 4.2 points; the A♦ was safe. (discarding)',
      'Hand 1, the pass: the Q♠, A♥ and 2♣ cost about 7.1 points; the Q♠, A♥ and K♥ about 6.3 points. (passing)',
      'Hand 1, trick 1: the 5♣ cost about 3.1 points; the J♣ would cost about 2.7 points. (following suit)',
    ]);
  });

  it('ends a claimed hand’s row with how many of my cards were played out, and says why they are not weighed', async () => {
    boot();
    await flush();
    tid('result-review').click();
    // Hand 2 ended after my first card: the rest of its tricks could change nobody's score.
    last().receive(JSON.stringify({ ...REVIEW, claimed: [{ hand: 2, cards: 12 }] }));
    await flush();
    const row = tid('review-hand-2').querySelector('.review-row');
    expect([...(row?.children ?? [])].map((li) => li.textContent)).toEqual(['2♣', '+12 cards played out']);
    expect(row?.lastElementChild).toBe(tid('review-claimed'));
    expect(tid('review-hand-1').querySelector('[data-testid="review-claimed"]')).toBeNull();
    expect(document.querySelector('.hint')?.textContent).toContain('A hand whose score could no longer change ended at once: the cards played out then were nobody’s choice, so they are not weighed.');
  });

  it('words the largest mistakes from the numbers, never from the server’s English text', async () => {
    boot();
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify({ ...REVIEW, text: 'Review of You.\nThe largest:\n  Hand 9, trick 9: not these words.\n' }));
    await flush();
    expect(tid('review-largest').textContent).not.toContain('not these words');
    expect(tid('review-largest').querySelectorAll('li')).toHaveLength(2);
  });

  it('shows no pass in a hand without one, and says when nothing was lost', async () => {
    boot();
    await flush();
    tid('result-review').click();
    const hold = { ...REVIEW_WITH_PASSES.passes[0], hand: 2, to: 'E', mistake: false, passed_points: 6.72 };
    last().receive(JSON.stringify({ ...REVIEW_WITH_PASSES, lost: 0.1, by_kind: { pass: 0, lead: 0, follow: 0, discard: 0, moon: 0 }, passes: [hold], text: 'Review of You.\n' }));
    await flush();
    expect(tid('review-summary').textContent).toBe('No card you passed or played cost noticeably more than the best one: well played.');
    expect(tid('review-hand-1').querySelector('.review-pass')).toBeNull();
    expect(tid('review-hand-1').querySelector('[data-testid="review-step-1-pass"]')).toBeNull();
    // Not the search's pass, 0.4 points worse, but within the sampling's error: the server
    // says it is no mistake, and it is not marked.
    expect(tid('review-pass-2').getAttribute('aria-label')).toBe('The pass: the Q♠, A♥ and 2♣ to the right (East), about 6.7 points; passing the Q♠, A♥ and K♥ would cost about 6.3 points, no clear difference.');
    expect(tid('review-pass-2').classList.contains('mistake')).toBe(false);
    expect(document.querySelector('[data-testid="review-largest"]')).toBeNull();
  });

  it('opens a hand trick by trick: the pass, then each card, with both numbers and the loss, the mistakes marked', async () => {
    boot();
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify(REVIEW_WITH_PASSES));
    await flush();
    const details = tid('review-timeline-1') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    const summary = details.querySelector('summary') as HTMLElement;
    expect(summary.getAttribute('aria-label')).toBe('Hand 1, trick by trick');
    summary.click();
    expect(details.open).toBe(true);
    const table = details.querySelector('table') as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Trick', 'col'],
      ['What', 'col'],
      ['Yours', 'col'],
      ['Best', 'col'],
      ['Lost', 'col'],
    ]);
    expect(table.caption?.textContent).toContain('Hand 1: each of your decisions');
    const rows = [...table.tBodies[0]!.rows];
    const cells = (tr: HTMLTableRowElement): string[] => [...tr.cells].map((c) => c.textContent ?? '');
    expect(rows.map(cells)).toEqual([
      ['Pass', 'pass to the left', 'Q♠ A♥ 2♣ 7.1', 'Q♠ A♥ K♥ 6.3', '0.8, a mistakeSee it'],
      ['1', 'follow suit', '5♣ 3.1', 'J♣ 2.7', '0.4, a mistakeSee it'],
      ['2', 'discard', 'Q♥ 4.2', 'A♦ 0.3', '3.9, a mistakeSee it'],
    ]);
    expect(rows.map((tr) => tr.classList.contains('mistake'))).toEqual([true, true, true]);
    expect(rows[0]?.cells[0]?.tagName).toBe('TH');
    expect(rows[0]?.cells[0]?.getAttribute('scope')).toBe('row');
    // The loss is said as a mistake to a screen reader only: the row's colour shows it.
    expect(rows[2]?.querySelector('.review-lost .sr-only')?.textContent).toBe(', a mistake');
    // Hand 2: the search's own pass and card, nothing lost, nothing marked.
    const hand2 = [...(tid('review-timeline-2').querySelector('tbody') as HTMLElement).querySelectorAll('tr')];
    expect(hand2.map(cells)).toEqual([
      ['Pass', 'pass to the right', 'A♠ K♠ Q♠ 2.5', 'Q♠ A♠ K♠ 2.5', '0.0'],
      ['1', 'lead', '2♣ 1.0', '2♣ 1.0', '0.0'],
    ]);
    expect(hand2.some((tr) => tr.classList.contains('mistake'))).toBe(false);
    expect(tid('review-timeline-2').querySelector('button')).toBeNull();
  });

  it('says when my pass cost no more than the search’s, which was chosen on other deals: its Best is mine', async () => {
    boot();
    await flush();
    tid('result-review').click();
    // Hand 2: not the search's pass, and on the deals that weighed the two it cost less.
    const cheaper = { hand: 2, to: 'E', passed: ['AS', 'KS', '2C'], passed_points: 2.5, best: ['QS', 'AS', 'KS'], best_points: 2.9, mistake: false };
    last().receive(JSON.stringify({ ...REVIEW_WITH_PASSES, passes: [REVIEW_WITH_PASSES.passes[0], cheaper] }));
    await flush();
    const cell = tid('review-pass-2');
    expect(cell.getAttribute('aria-label')).toBe('The pass: the A♠, K♠ and 2♣ to the right (East), about 2.5 points, as good as the search’s pass: passing the Q♠, A♠ and K♠ would cost about 2.9 points.');
    expect(cell.getAttribute('title')).toBe(cell.getAttribute('aria-label'));
    expect(cell.classList.contains('mistake')).toBe(false);
    const table = tid('review-timeline-2').querySelector('table') as HTMLTableElement;
    const row = tid('review-step-2-pass') as HTMLTableRowElement;
    expect([...row.cells].map((c) => c.textContent)).toEqual(['Pass', 'pass to the right', 'A♠ K♠ 2♣ 2.5', 'yours (the search’s Q♠ A♠ K♠ 2.9)', '0.0']);
    expect(row.classList.contains('mistake')).toBe(false);
    expect(table.caption?.textContent).toBe(
      'Hand 2: each of your decisions, your pass or card and the best one with the points each cost on average, and the points lost. The search chose its pass on other deals: on these, yours cost no more than it did, so the best is yours.',
    );
    // Hand 1's pass cost more than the search's: its Best is the search's, and its caption says nothing of it.
    expect((tid('review-step-1-pass') as HTMLTableRowElement).cells[3]?.textContent).toBe('Q♠ A♥ K♥ 6.3');
    expect(tid('review-timeline-1').querySelector('caption')?.textContent).toBe('Hand 1: each of your decisions, your pass or card and the best one with the points each cost on average, and the points lost.');
  });

  it('opens the replay at a mistake, just before my card (or at the deal, for a pass), and comes back to the review as it was', async () => {
    const asked: string[] = [];
    boot({
      fetch: (url) => {
        asked.push(url);
        return Promise.resolve(new Response(JSON.stringify(golden())));
      },
    });
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify(REVIEW_WITH_PASSES));
    await flush();
    (tid('review-timeline-1').querySelector('summary') as HTMLElement).click();
    // Trick 1 of the record: West led the 2♣, North played the Q♣, East the 3♣, then I the 5♣.
    const see = tid('review-step-1-1').querySelector('button') as HTMLButtonElement;
    expect(see.getAttribute('aria-label')).toBe('See hand 1, trick 1 in the replay');
    expect(document.querySelector('.hint')?.textContent).toContain('and a mistake’s “See it” for the replay just before it.');
    see.focus();
    see.click();
    await flush();
    expect(asked).toEqual(['/api/games/tab1/record.json']);
    expect(tid('dialog-replay').hidden).toBe(false);
    expect(tid('replay-where').textContent).toBe('Hand 1 of 1 · step 5 of 55 · 0 of 13 tricks');
    expect(tid('replay-trick').textContent).toBe('2♣Q♣3♣');
    expect(tid('replay-cards-S').textContent).toContain('5♣');
    // Marked: the card I played there and the better one, in sight (✗, ✓) and in words.
    const played = tid('replay-cards-S').querySelector('[data-mark="played"]');
    expect(played?.getAttribute('data-card')).toBe('5C');
    expect(played?.classList.contains('marked-played')).toBe(true);
    expect(played?.textContent).toBe('5♣✗ (the mistake)');
    expect(played?.querySelector('[aria-hidden="true"]')?.textContent).toBe('✗');
    const better = tid('replay-cards-S').querySelector('[data-mark="best"]');
    expect(better?.getAttribute('data-card')).toBe('JC');
    expect(better?.textContent).toBe('J♣✓ (better)');
    expect(document.querySelectorAll('[data-mark]')).toHaveLength(2);
    expect(tid('replay-mark').hidden).toBe(false);
    expect(tid('replay-mark').textContent).toBe("The review's mistake: you played the 5♣ (marked ✗) here; the J♣ (marked ✓) was better.");
    // A step on, the card is played: the marks are the review's moment only.
    tid('replay-next').click();
    expect(document.querySelectorAll('[data-mark]')).toHaveLength(0);
    expect(tid('replay-mark').hidden).toBe(true);
    tid('replay-prev').click();
    expect(document.querySelectorAll('[data-mark]')).toHaveLength(2);
    // Closed, it goes back to the review, the hand still open and the button focused.
    tid('close-dialog').click();
    expect(tid('dialog-review').hidden).toBe(false);
    expect((tid('review-timeline-1') as HTMLDetailsElement).open).toBe(true);
    expect(document.activeElement).toBe(tid('review-step-1-1').querySelector('button'));
    // The pass: the replay opens at the hand's deal, before anyone passed.
    const pass = tid('review-step-1-pass').querySelector('button') as HTMLButtonElement;
    expect(pass.getAttribute('aria-label')).toBe('See hand 1’s pass in the replay');
    pass.click();
    await flush();
    expect(tid('replay-where').textContent).toBe('Hand 1 of 1 · step 1 of 55 · 0 of 13 tricks');
    // What the pass had and lacked (the Q♠ and A♥ were in both).
    expect(tid('replay-mark').textContent).toBe("The review's mistake: you passed the 2♣ (marked ✗) here; the K♥ (marked ✓) was better.");
    tid('close-dialog').click();
    expect(tid('dialog-review').hidden).toBe(false);
    // Closed from the review itself, nothing is open.
    tid('close-dialog').click();
    expect(tid('dialog-review').hidden).toBe(true);
  });

  it('Back from a replay opened at a mistake goes back to the review, and Back again closes it', async () => {
    boot({ fetch: () => Promise.resolve(new Response(JSON.stringify(golden()))) });
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify(REVIEW_WITH_PASSES));
    await flush();
    (tid('review-step-1-1').querySelector('button') as HTMLButtonElement).click();
    await flush();
    expect(tid('dialog-replay').hidden).toBe(false);
    await pressBack();
    expect(tid('dialog-review').hidden).toBe(false);
    expect(tid('review-summary').textContent).toContain('You lost about 5.1 points');
    await pressBack();
    expect(tid('dialog-review').hidden).toBe(true);
    expect(tid('app').dataset['ui']).toBe('game-over');
  });

  it('says where each pass went, whichever seat was reviewed', async () => {
    const { passWords } = await import('../src/parts/review/review-part');
    const p = { hand: 1, passed: ['2C', '3C', '4C'] as const, passedPoints: 1, best: ['4C', '3C', '2C'] as const, bestPoints: 1, mistake: false };
    expect(passWords({ ...p, to: 'S' }, 'E')).toBe('The pass: the 2♣, 3♣ and 4♣ to the left (South), about 1 point, the best pass.');
    expect(passWords({ ...p, to: 'S' }, 'N')).toBe('The pass: the 2♣, 3♣ and 4♣ across (South), about 1 point, the best pass.');
    expect(passWords({ ...p, to: 'N' }, 'E')).toBe('The pass: the 2♣, 3♣ and 4♣ to the right (North), about 1 point, the best pass.');
  });

  it('says why there is no review', async () => {
    boot();
    await flush();
    tid('result-review').click();
    last().receive(JSON.stringify({ t: 'error', id: last().idOf('review'), code: 'rate_limited', reason: 'Too many reviews: try again in a minute' }));
    await flush();
    expect(tid('review-error').textContent).toBe('Too many reviews: try again in a minute');
  });

  it('reads the passes, and a review kept from before passes were reviewed as having none', () => {
    // As the page reads it: passed on by parseServerMessage, read by the review's part.
    const now = readByPart(JSON.stringify(REVIEW_WITH_PASSES), readReview);
    if (now.t !== 'review') throw new Error(now.t);
    expect(now.byKind.pass).toBe(0.8);
    expect(now.passes).toEqual([
      { hand: 1, to: 'W', passed: ['QS', 'AH', '2C'], passedPoints: 7.12, best: ['QS', 'AH', 'KH'], bestPoints: 6.3, mistake: true },
      { hand: 2, to: 'E', passed: ['AS', 'KS', 'QS'], passedPoints: 2.5, best: ['QS', 'AS', 'KS'], bestPoints: 2.5, mistake: false },
    ]);
    const old = readByPart(JSON.stringify(REVIEW), readReview);
    if (old.t !== 'review') throw new Error(old.t);
    expect(old.byKind).toEqual({ pass: 0, lead: 0, follow: 0.4, discard: 3.9, moon: 0 });
    expect(old.passes).toEqual([]);
    // Nor, from before claims, any claimed hand.
    expect(old.claimed).toEqual([]);
  });

  it('reads the review strictly', () => {
    const refused = (review: unknown): string => refusedByPart(JSON.stringify(review), readReview);
    expect(refused({ ...REVIEW, plays: [{ ...REVIEW.plays[0], kind: 'sneaky' }] })).toContain('plays[0].kind');
    expect(refused({ ...REVIEW, by_kind: { lead: 0 } })).toContain('by_kind.follow');
    expect(refused({ ...REVIEW, claimed: [{ hand: 2, cards: 0 }] })).toContain('claimed[0].cards');
    expect(refused({ ...REVIEW, claimed: [{ hand: 2, cards: 14 }] })).toContain('claimed[0].cards');
    expect(refused({ ...REVIEW, claimed: [{ cards: 3 }] })).toContain('claimed[0].hand');
    const badPass = (change: Record<string, unknown>, by_kind: Record<string, unknown> = REVIEW_WITH_PASSES.by_kind): string => {
      const text = JSON.stringify({ ...REVIEW_WITH_PASSES, by_kind, passes: [{ ...REVIEW_WITH_PASSES.passes[0], ...change }] });
      try {
        readByPart(text, readReview);
        return '';
      } catch {
        return refusedByPart(text, readReview);
      }
    };
    expect(badPass({})).toBe('');
    expect(badPass({}, { ...REVIEW.by_kind, pass: '0.8' })).toContain('by_kind.pass: expected a number');
    expect(badPass({ to: 'X' })).toContain('passes[0].to');
    expect(badPass({ to: 'S' })).toContain('passes[0].to: a pass goes to another seat');
    expect(badPass({ passed: ['QS', 'AH'] })).toContain('passes[0].passed: a pass is 3 different cards');
    expect(badPass({ best: ['QS', 'QS', 'AH'] })).toContain('passes[0].best: a pass is 3 different cards');
    expect(badPass({ passed: ['QS', 'AH', '1C'] })).toContain('passes[0].passed[2]');
    expect(badPass({ passed_points: null })).toContain('passes[0].passed_points');
    expect(badPass({ mistake: 1 })).toContain('passes[0].mistake: expected true or false');
    expect(badPass({ hand: 1.5 })).toContain('passes[0].hand');
    expect(refused({ ...REVIEW_WITH_PASSES, passes: {} })).toContain('passes: expected an array');
  });
});
