// Fair deals in the browser: the ledger keeps the commitments as first received (fair.ts),
// the page notes them from snapshots and deal events and the secret from the game's end
// (app.ts), and "Verify the deals" checks them (verify-part.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App, dealtCards } from '../src/app';
import { commitment, dealHand } from '../src/deal';
import { FAIR_TABLES_KEPT, FairLedger, type FairEntry } from '../src/fair';
import { parseServerMessage, type Card } from '../src/protocol';
import { DEFAULT_SETTINGS } from '../src/settings';
import { memoryStore, type KeyValueStore } from '../src/storage';
import { checkByHand, checkEntry, verifyContent } from '../src/verify-part';
import { FakeSocket } from './fake-socket';
import { gameOverRaw, passRaw, playRaw, snapshotText, updateText, viewOf } from './fixtures';

const SALT = '00112233445566778899aabbccddeeff';
const C1 = commitment(155n, 1, SALT);
const C2 = commitment(155n, 2, SALT);
const SOUTH1 = dealHand(155n, 1).S as Card[];
const SOUTH2 = dealHand(155n, 2).S as Card[];
const SEATS = { names: { S: 'You', W: 'Mike', N: 'Bill', E: 'Lisa' }, me: 'S' as const };

let store: KeyValueStore;
beforeEach(() => {
  store = memoryStore();
});

describe('the ledger of commitments', () => {
  it('keeps the first commitment of a hand, and notes a different one as a change', () => {
    const ledger = new FairLedger(store);
    ledger.deal('t1', 1, C1, null, true);
    ledger.deal('t1', 1, C1, SOUTH1, true); // the cards, seen later, are added
    ledger.deal('t1', 1, C2, null, true); // the server's word changed: kept apart, not taken
    const e = ledger.entry('t1');
    expect(e?.hands[1]).toEqual({ commit: C1, dealt: SOUTH1, early: true });
    expect(e?.changed).toEqual([1]);
    expect(e?.seed).toBeNull();
    ledger.reveal('t1', '155', SALT, 4);
    expect(new FairLedger(store).entry('t1')).toMatchObject({ seed: '155', salt: SALT, handsDealt: 4 });
    expect(ledger.entry('t2')).toBeNull();
  });

  it(`keeps the last ${FAIR_TABLES_KEPT} tables`, () => {
    const ledger = new FairLedger(store);
    for (let i = 0; i <= FAIR_TABLES_KEPT; i++) ledger.deal(`t${i}`, 1, C1, null, true);
    expect(ledger.entry('t0')).toBeNull();
    expect(ledger.entry('t1')).not.toBeNull();
    expect(ledger.entry(`t${FAIR_TABLES_KEPT}`)).not.toBeNull();
  });

  it('reads what is stored with care: what does not read is left out, not trusted', () => {
    store.set('hearts.fair', 'not json');
    expect(new FairLedger(store).entry('t1')).toBeNull();
    store.set(
      'hearts.fair',
      JSON.stringify([
        { table: 't1', hands: { 1: { commit: 'short', dealt: null }, 2: { commit: C2, dealt: ['ZZ'] } }, changed: 'x', seed: '-1', salt: SALT },
        { table: 7 },
      ]),
    );
    expect(new FairLedger(store).entry('t1')).toEqual({ table: 't1', hands: { 2: { commit: C2, dealt: null, early: false } }, changed: [], seed: null, salt: SALT, handsDealt: null });
  });

  it('knows the dealt cards only while the view still shows them all', () => {
    const pass = viewOf(passRaw());
    expect(dealtCards(pass)).toHaveLength(13);
    expect(dealtCards(viewOf(passRaw({ cards: pass.cards.slice(3), passed: pass.cards.slice(0, 3) })))).toHaveLength(13);
    expect(dealtCards(viewOf(playRaw()))).toBeNull(); // cards have been played
    const thirteen = pass.cards;
    expect(dealtCards(viewOf(playRaw({ pass: 'none', cards: thirteen, legal: ['2C'] })))).toEqual(thirteen);
    expect(dealtCards(viewOf(playRaw({ pass: 'left', cards: thirteen, legal: ['2C'] })))).toBeNull(); // after the exchange
  });
});

function entry(over: Partial<FairEntry> = {}): FairEntry {
  return { table: 't1', hands: { 1: { commit: C1, dealt: SOUTH1, early: true }, 2: { commit: C2, dealt: SOUTH2, early: true } }, changed: [], seed: '155', salt: SALT, handsDealt: 2, ...over };
}

const text = (els: readonly HTMLElement[]): string => els.map((e) => e.textContent).join('\n');

describe('the protocol of fair deals', () => {
  const parse = (m: Record<string, unknown>) => parseServerMessage(JSON.stringify(m));
  it('reads the commitment, the reveal and a snapshot\'s fair, and refuses them malformed', () => {
    const deal = parse({ t: 'update', table: 't', v: 2, event: { kind: 'deal', hand: 2, pass: 'right', commit: C2 }, view: passRaw() });
    expect(deal.ok && deal.message.t === 'update' && deal.message.event).toEqual({ kind: 'deal', hand: 2, pass: 'right', commit: C2 });
    const old = parse({ t: 'update', table: 't', v: 2, event: { kind: 'deal', hand: 2, pass: 'right' }, view: passRaw() });
    expect(old.ok && old.message.t === 'update' && old.message.event).toEqual({ kind: 'deal', hand: 2, pass: 'right', commit: null });
    const bad = parse({ t: 'update', table: 't', v: 2, event: { kind: 'deal', hand: 2, pass: 'right', commit: C2.toUpperCase() }, view: passRaw() });
    expect(bad.ok ? '' : bad.error).toContain('event.commit: expected 64 lower-case hex digits');
    const snap = parse({ t: 'snapshot', table: 't', v: 9, view: gameOverRaw(), fair: { hand: 4, commit: C1, seed: '155', salt: SALT } });
    expect(snap.ok && snap.message.t === 'snapshot' && snap.message.fair).toEqual({ hand: 4, commit: C1, reveal: { seed: '155', salt: SALT } });
    const badSalt = parse({ t: 'update', table: 't', v: 9, event: { kind: 'game_over', winners: ['S'], fair: { seed: '155', salt: 'nope' } }, view: gameOverRaw() });
    expect(badSalt.ok ? '' : badSalt.error).toContain('event.fair.salt: expected 32 lower-case hex digits');
    const badSeed = parse({ t: 'snapshot', table: 't', v: 9, view: gameOverRaw(), fair: { hand: 4, commit: C1, seed: '18446744073709551616', salt: SALT } });
    expect(badSeed.ok ? '' : badSeed.error).toContain('fair.seed: expected a decimal 64-bit seed');
  });
});

describe('verifying the deals', () => {
  it('says all is well when every commitment and hand matches', () => {
    const checks = checkEntry(entry(), 'S');
    expect(checks?.map((c) => [c.hand, c.committed, c.cards, c.changed])).toEqual([
      [1, true, true, false],
      [2, true, true, false],
    ]);
    const shown = text(verifyContent(entry(), SEATS));
    expect(shown).toContain('All 2 deals check out');
    expect(shown).toContain('155');
    expect(shown).toContain(SALT);
  });

  it('says which hand does not check out, and why', () => {
    const tampered = entry({ hands: { 1: { commit: C1, dealt: SOUTH1, early: true }, 2: { commit: C1, dealt: SOUTH1, early: true } } });
    const els = verifyContent(tampered, SEATS);
    expect(text(els)).toContain('Hand 2 does not check out');
    const root = document.createElement('div');
    root.append(...els);
    const hand2 = root.querySelector('[data-testid="verify-hand-2"]');
    expect(hand2?.getAttribute('data-ok')).toBe('false');
    expect(hand2?.textContent).toContain('does not match the revealed seed and secret');
    expect(hand2?.textContent).toContain('Your cards are not the ones the seed deals');
    expect(root.querySelector('[data-testid="verify-hand-1"]')?.getAttribute('data-ok')).toBe('true');
    expect(text(verifyContent(entry({ changed: [1] }), SEATS))).toContain('Hand 1 does not check out');
  });

  it('proves nothing about a hand whose commitment it missed, or got only during the hand', () => {
    const missing = entry({ handsDealt: 3 });
    const root = document.createElement('div');
    root.append(...verifyContent(missing, SEATS));
    expect(root.querySelector('[data-testid="verify-summary"]')?.textContent).toContain('2 of 3 deals check out');
    expect(root.querySelector('[data-testid="verify-hand-3"]')?.getAttribute('data-state')).toBe('unknown');
    expect(root.querySelector('[data-testid="verify-hand-3"]')?.textContent).toContain('did not receive this hand’s commitment');
    const late = entry({ hands: { 1: { commit: C1, dealt: null, early: false }, 2: { commit: C2, dealt: SOUTH2, early: true } } });
    const lateRoot = document.createElement('div');
    lateRoot.append(...verifyContent(late, SEATS));
    expect(lateRoot.querySelector('[data-testid="verify-summary"]')?.textContent).toContain('1 of 2 deals check out');
    expect(lateRoot.querySelector('[data-testid="verify-hand-1"]')?.textContent).toContain('received it only during the hand');
  });

  it('waits for the end of the game, and says when nothing was kept', () => {
    expect(text(verifyContent(entry({ seed: null, salt: null }), SEATS))).toContain('The game is not over');
    expect(text(verifyContent(entry({ hands: {}, handsDealt: null }), SEATS))).toContain('kept no commitments');
    expect(text(verifyContent(entry({ hands: {} }), SEATS))).toContain('kept no commitments');
  });

  it('checks a deal typed by hand, with errors a person can act on', () => {
    expect(text(checkByHand('-5', SALT, '1', '', SEATS))).toContain('The seed is a whole number');
    expect(text(checkByHand('155', SALT, '0', '', SEATS))).toContain('The hand is a number from 1 to 999');
    expect(text(checkByHand('155', 'xyz', '1', C1, SEATS))).toContain('The secret is 32 hex digits');
    expect(text(checkByHand('155', SALT, '1', 'abc', SEATS))).toContain('A commitment is 64 hex digits');
    expect(text(checkByHand('155', SALT, '1', C1, SEATS))).toContain('The commitment matches this seed, secret and hand');
    expect(text(checkByHand('155', SALT, '2', C1, SEATS))).toContain('does not match');
    expect(text(checkByHand('155', SALT, '1', '', SEATS))).toContain('5♣ 6♣ K♣ 2♦ 5♦ 7♦ 9♦ K♦ 4♠ 10♠ 5♥ 6♥ 8♥');
  });
});

describe('the page keeps the commitments it receives and checks them at the end', () => {
  const sockets: FakeSocket[] = [];
  const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
  const tid = (id: string): HTMLElement => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) throw new Error(`no ${id}`);
    return el;
  };

  async function play(secondCommit: string): Promise<void> {
    vi.useFakeTimers({ now: 0 });
    document.body.innerHTML = '<div id="root"></div>';
    const app = new App({
      root: document.getElementById('root') as HTMLElement,
      store,
      settings: { ...DEFAULT_SETTINGS, speed: 'off' },
      url: 'ws://test/ws',
      socketFactory: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    app.start();
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(JSON.stringify({ ...JSON.parse(snapshotText(passRaw({ cards: SOUTH1 }), 'tab1', 1)), fair: { hand: 1, commit: C1 } }));
    await vi.advanceTimersByTimeAsync(10);
    last().receive(updateText(passRaw({ hand: 2, pass: 'right', cards: SOUTH2 }), { kind: 'deal', hand: 2, pass: 'right', commit: secondCommit }, 2, 'tab1'));
    await vi.advanceTimersByTimeAsync(10);
    last().receive(updateText(gameOverRaw({ winners: ['S'], hand: 2 }), { kind: 'game_over', winners: ['S'], fair: { seed: '155', salt: SALT } }, 3, 'tab1'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(tid('app').dataset['ui']).toBe('game-over');
    tid('result-verify').click();
    expect(tid('dialog-verify').hidden).toBe(false);
    vi.useRealTimers();
  }

  it('finds every deal as committed', async () => {
    await play(C2);
    expect(tid('verify-summary').textContent).toContain('All 2 deals check out');
    expect(tid('verify-seed').textContent).toBe('155');
  });

  it('finds a deal whose commitment does not match the revealed secret', async () => {
    await play(commitment(156n, 2, SALT));
    expect(tid('verify-summary').textContent).toContain('Hand 2 does not check out');
    expect(tid('verify-hand-2').dataset['ok']).toBe('false');
  });
});
