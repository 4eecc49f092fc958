// The Review dialog: asked from a finished game's result, shown when the server's review
// comes (docs/protocol.md, "Reviews"): the points lost and where, each hand's cards with
// the costly ones marked, and the largest mistakes; a refusal says why.
import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../src/protocol';
import { DEFAULT_SETTINGS } from '../src/settings';
import { bootPage } from './boot';
import type { FakeSocket } from './fake-socket';
import { gameOverRaw, snapshotText } from './fixtures';

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
  text: REVIEW.text.replace('The largest:\n', 'The largest:\n  Hand 1, the pass: the Q♠, A♥ and 2♣ cost about 7.1 points; the Q♠, A♥ and K♥ about 6.3. (passing)\n'),
};

function boot(): void {
  sockets.push(...bootPage({ ...DEFAULT_SETTINGS, speed: 'off' }));
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
    expect(tid('review-loading').textContent).toContain('Weighing every card');
    last().receive(JSON.stringify(REVIEW));
    await flush();
    expect(tid('review-summary').textContent).toBe('You lost about 4.3 points to mistakes: following suit 0.4 points, discarding 3.9 points.');
    expect(tid('review-hand-1').querySelectorAll('.review-card')).toHaveLength(2);
    const marked = [...document.querySelectorAll<HTMLElement>('.review-card.mistake')];
    expect(marked.map((e) => e.getAttribute('aria-label'))).toEqual([
      'Trick 1: the 5♣ cost about 3.1 points; the J♣ would cost about 2.7 points.',
      'Trick 2: the Q♥ cost about 4.2 points; the A♦ was safe.',
    ]);
    expect(tid('review-hand-2').textContent).toBe('Hand 22♣');
    expect(tid('review-largest').textContent).toContain('Hand 1, trick 2: the Q♥ cost about 4.2 points; the A♦ was safe. (discarding)');
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
    const now = parseServerMessage(JSON.stringify(REVIEW_WITH_PASSES));
    if (!now.ok || now.message.t !== 'review') throw new Error(now.ok ? now.message.t : now.error);
    expect(now.message.byKind.pass).toBe(0.8);
    expect(now.message.passes).toEqual([
      { hand: 1, to: 'W', passed: ['QS', 'AH', '2C'], passedPoints: 7.12, best: ['QS', 'AH', 'KH'], bestPoints: 6.3, mistake: true },
      { hand: 2, to: 'E', passed: ['AS', 'KS', 'QS'], passedPoints: 2.5, best: ['QS', 'AS', 'KS'], bestPoints: 2.5, mistake: false },
    ]);
    const old = parseServerMessage(JSON.stringify(REVIEW));
    if (!old.ok || old.message.t !== 'review') throw new Error(old.ok ? old.message.t : old.error);
    expect(old.message.byKind).toEqual({ pass: 0, lead: 0, follow: 0.4, discard: 3.9, moon: 0 });
    expect(old.message.passes).toEqual([]);
  });

  it('reads the review strictly', () => {
    const bad = parseServerMessage(JSON.stringify({ ...REVIEW, plays: [{ ...REVIEW.plays[0], kind: 'sneaky' }] }));
    expect(bad.ok ? '' : bad.error).toContain('plays[0].kind');
    const noKinds = parseServerMessage(JSON.stringify({ ...REVIEW, by_kind: { lead: 0 } }));
    expect(noKinds.ok ? '' : noKinds.error).toContain('by_kind.follow');
    const badPass = (change: Record<string, unknown>, by_kind: Record<string, unknown> = REVIEW_WITH_PASSES.by_kind): string => {
      const r = parseServerMessage(JSON.stringify({ ...REVIEW_WITH_PASSES, by_kind, passes: [{ ...REVIEW_WITH_PASSES.passes[0], ...change }] }));
      return r.ok ? '' : r.error;
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
    const notAList = parseServerMessage(JSON.stringify({ ...REVIEW_WITH_PASSES, passes: {} }));
    expect(notAList.ok ? '' : notAList.error).toContain('passes: expected an array');
  });
});
