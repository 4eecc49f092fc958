// Fair deals in the browser: the ledger keeps the commitments as first received (fair.ts),
// the page notes them from snapshots and deal events and the secret from the game's end
// (app.ts), and "Verify the deals" checks them (verify-part.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { dealtCards } from '../src/app/messages';
import { commitment, dealHand, mixedSeed, saltCommitment } from '../src/game/deal';
import { FAIR_TABLES_KEPT, FairLedger, freshNonce, isNonce, type FairEntry } from '../src/state/fair';
import { encodeClientMessage } from '../src/net/encode';
import { parseServerMessage } from '../src/net/read';
import type { Card } from '../src/net/types';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, type KeyValueStore } from '../src/state/storage';
import { checkByHand, checkEntry, checkMix, verifyContent } from '../src/parts/verify/verify-part';
import { bootPage, flush, tid as byTestId } from './boot';
import { FakeSocket } from './fake-socket';
import { gameOverRaw, passRaw, playRaw, snapshotText, updateText, viewOf } from './fixtures';

const SALT = '00112233445566778899aabbccddeeff';
const C1 = commitment(155n, 1, SALT);
const C2 = commitment(155n, 2, SALT);
const SOUTH1 = dealHand(155n, 1).S as Card[];
const SOUTH2 = dealHand(155n, 2).S as Card[];
const SEATS = { names: { S: 'You', W: 'Mike', N: 'Bill', E: 'Lisa' }, me: 'S' as const };
/** This page's number, the salt's commitment it had before choosing it, and the seed they mix to. */
const NONCE = '3f9a0c21e4b75d6801f2a3b4c5d6e7f8';
const NONCE_B = '00000000000000000000000000000001';
const COMMIT_A = saltCommitment(SALT);
const MIXED = mixedSeed(SALT, NONCE);

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
    expect(new FairLedger(store).entry('t1')).toEqual({
      table: 't1',
      hands: { 2: { commit: C2, dealt: null, early: false } },
      changed: [],
      seed: null,
      salt: SALT,
      handsDealt: null,
      mix: null,
      nonce: null,
    });
  });

  it('keeps the number this page mixed into the seed, with the commitment it had before, and the revealed one', () => {
    const ledger = new FairLedger(store);
    ledger.deal('t1', 1, C1, SOUTH1, true);
    ledger.mixed('t1', COMMIT_A, NONCE);
    ledger.mixed('t1', C2, NONCE_B); // the first is kept
    ledger.reveal('t1', '155', SALT, 1, NONCE);
    const e = new FairLedger(store).entry('t1');
    expect(e?.mix).toEqual({ commit: COMMIT_A, nonce: NONCE });
    expect(e?.nonce).toBe(NONCE);
    expect(e?.hands[1]?.commit).toBe(C1);
    // A game without a number has none, and the reveal of one without a number says so.
    ledger.reveal('t2', '155', SALT, 1);
    expect(ledger.entry('t2')).toMatchObject({ mix: null, nonce: null });
  });

  it('reads an entry from before mixes, and leaves out a malformed mix or number', () => {
    store.set('hearts.fair', JSON.stringify([{ table: 'old', hands: { 1: { commit: C1, dealt: null, early: true } }, changed: [], seed: '155', salt: SALT, handsDealt: 1 }]));
    expect(new FairLedger(store).entry('old')).toMatchObject({ seed: '155', mix: null, nonce: null, hands: { 1: { commit: C1 } } });
    for (const mix of [{ commit: 'x', nonce: NONCE }, { commit: COMMIT_A, nonce: 'ABCDEF0123456789' }, { commit: COMMIT_A }, 'mix']) {
      store.set('hearts.fair', JSON.stringify([{ table: 't', hands: {}, changed: [], mix, nonce: 'short' }]));
      expect(new FairLedger(store).entry('t'), JSON.stringify(mix)).toMatchObject({ mix: null, nonce: null });
    }
  });

  it('draws a fresh 32-hex-digit number each time', () => {
    const a = freshNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(isNonce(a)).toBe(true);
    expect(freshNonce()).not.toBe(a);
    expect(isNonce('0123456789abcdef')).toBe(true);
    expect(isNonce('0123456789abcde')).toBe(false);
    expect(isNonce('0'.repeat(65))).toBe(false);
    expect(isNonce('0123456789ABCDEF')).toBe(false);
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
  return { table: 't1', hands: { 1: { commit: C1, dealt: SOUTH1, early: true }, 2: { commit: C2, dealt: SOUTH2, early: true } }, changed: [], seed: '155', salt: SALT, handsDealt: 2, mix: null, nonce: null, ...over };
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
    expect(snap.ok && snap.message.t === 'snapshot' && snap.message.fair).toEqual({ hand: 4, commit: C1, reveal: { seed: '155', salt: SALT, nonce: null } });
    const badSalt = parse({ t: 'update', table: 't', v: 9, event: { kind: 'game_over', winners: ['S'], fair: { seed: '155', salt: 'nope' } }, view: gameOverRaw() });
    expect(badSalt.ok ? '' : badSalt.error).toContain('event.fair.salt: expected 32 lower-case hex digits');
    const badSeed = parse({ t: 'snapshot', table: 't', v: 9, view: gameOverRaw(), fair: { hand: 4, commit: C1, seed: '18446744073709551616', salt: SALT } });
    expect(badSeed.ok ? '' : badSeed.error).toContain('fair.seed: expected a decimal 64-bit seed');
  });

  it('reads next_deal and a reveal\'s number, refuses them malformed, and writes new_game\'s nonce', () => {
    const next = parse({ t: 'next_deal', commit: COMMIT_A });
    expect(next.ok && next.message).toEqual({ t: 'next_deal', commit: COMMIT_A });
    for (const commit of [COMMIT_A.toUpperCase(), COMMIT_A.slice(1), 7]) {
      const bad = parse({ t: 'next_deal', commit });
      expect(bad.ok ? '' : bad.error, String(commit)).toContain('commit: expected');
    }
    expect(parse({ t: 'next_deal' }).ok).toBe(false);
    const over = parse({ t: 'update', table: 't', v: 9, event: { kind: 'game_over', winners: ['S'], fair: { seed: '155', salt: SALT, nonce: NONCE } }, view: gameOverRaw() });
    expect(over.ok && over.message.t === 'update' && over.message.event).toMatchObject({ fair: { seed: '155', salt: SALT, nonce: NONCE } });
    const snap = parse({ t: 'snapshot', table: 't', v: 9, view: gameOverRaw(), fair: { hand: 4, commit: C1, seed: '155', salt: SALT, nonce: NONCE } });
    expect(snap.ok && snap.message.t === 'snapshot' && snap.message.fair?.reveal).toEqual({ seed: '155', salt: SALT, nonce: NONCE });
    for (const nonce of ['0123456789abcde', NONCE.toUpperCase(), 'g'.repeat(16), '0'.repeat(65), 12]) {
      const bad = parse({ t: 'update', table: 't', v: 9, event: { kind: 'game_over', winners: ['S'], fair: { seed: '155', salt: SALT, nonce } }, view: gameOverRaw() });
      expect(bad.ok ? '' : bad.error, String(nonce)).toContain('event.fair.nonce');
    }
    expect(JSON.parse(encodeClientMessage({ t: 'new_game', level: 'random', nonce: NONCE, id: 3 }))).toEqual({ t: 'new_game', level: 'random', nonce: NONCE, id: 3 });
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
    // Under the dialog's h2 the parts are h3s: no level is skipped (axe "heading-order").
    expect(hand2?.querySelector('h3')?.textContent).toBe('Hand 2');
    expect(root.querySelector('h4, h5, h6')).toBeNull();
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

describe('verifying the seed this page mixed its number into', () => {
  /** A finished game of 2 hands with seed `seed` and salt `salt`, committed to as the server would. */
  function game(seed: bigint, salt: string, revealed: string | null, mix = { commit: COMMIT_A, nonce: NONCE }): FairEntry {
    const hand = (n: number) => ({ commit: commitment(seed, n, salt), dealt: dealHand(seed, n).S, early: true });
    return { table: 't1', hands: { 1: hand(1), 2: hand(2) }, changed: [], seed: seed.toString(), salt, handsDealt: 2, mix, nonce: revealed };
  }
  const shown = (e: FairEntry): HTMLElement => {
    const root = document.createElement('div');
    root.append(...verifyContent(e, SEATS));
    return root;
  };
  const q = (root: HTMLElement, id: string): HTMLElement | null => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

  it('says the seed could not be picked when the secret, the number and the seed all agree', () => {
    expect(checkMix(game(MIXED, SALT, NONCE))).toMatchObject({ committed: true, sameNonce: true, seed: true });
    const root = shown(game(MIXED, SALT, NONCE));
    expect(q(root, 'verify-summary')?.textContent).toContain('All 2 deals check out');
    expect(q(root, 'verify-mix')?.dataset['ok']).toBe('true');
    expect(q(root, 'verify-mix')?.textContent).toContain('Your number 3f9a0c21…: mixed into the seed with the server’s secret, which was committed to before you chose it: the seed could not be picked.');
    expect(q(root, 'verify-mix')?.textContent).toContain(`The server used your number, ${NONCE}.`);
    expect(q(root, 'verify-nonce')?.textContent).toBe(NONCE);
    expect(root.textContent).toContain('neither side could pick it');
    expect(root.textContent).not.toContain('The server chose the seed.');
  });

  it('fails when the secret is not the one committed to before the number was chosen', () => {
    // The server chose another salt after it saw the number: every deal matches that salt, but not the commitment.
    const other = 'ffeeddccbbaa99887766554433221100';
    const e = game(mixedSeed(other, NONCE), other, NONCE);
    expect(checkMix(e)).toMatchObject({ committed: false, sameNonce: true, seed: true });
    const root = shown(e);
    expect(q(root, 'verify-summary')?.textContent).toContain('The game seed is not the mix of the committed secret and your number');
    expect(q(root, 'verify-summary')?.classList.contains('bad')).toBe(true);
    expect(q(root, 'verify-mix')?.dataset['ok']).toBe('false');
    expect(q(root, 'verify-mix')?.textContent).toContain('The secret is not the one the server committed to before this page chose its number.');
    expect(q(root, 'verify-mix')?.textContent).toContain('the seed could have been picked');
    expect(root.textContent).toContain('The server chose the seed.');
  });

  it('fails when the server used another number than the one this page sent', () => {
    const e = game(mixedSeed(SALT, NONCE_B), SALT, NONCE_B);
    expect(checkMix(e)).toMatchObject({ committed: true, sameNonce: false, seed: false });
    const root = shown(e);
    expect(q(root, 'verify-summary')?.textContent).toContain('not the mix');
    expect(q(root, 'verify-mix')?.textContent).toContain(`The server revealed the number ${NONCE_B}, but this page sent ${NONCE}.`);
    expect(q(root, 'verify-mix')?.textContent).toContain('The game seed is not the mix of the secret and your number.');
    // The same seed, revealed as if no number had been mixed in.
    expect(shown(game(mixedSeed(SALT, NONCE_B), SALT, null)).textContent).toContain(`The server says no number was mixed into the seed, but this page sent ${NONCE}.`);
    // The number as sent, but a seed that is not its mix.
    expect(checkMix(game(155n, SALT, NONCE))).toMatchObject({ committed: true, sameNonce: true, seed: false });
    expect(q(shown(game(155n, SALT, NONCE)), 'verify-mix')?.dataset['ok']).toBe('false');
  });

  it('says nothing new for a seed without a number, and what it cannot check for one it did not keep', () => {
    const plain = shown(game(155n, SALT, null, null as never));
    expect(q(plain, 'verify-mix')).toBeNull();
    expect(plain.textContent).toContain('The server chose the seed.');
    const lost = shown({ ...game(MIXED, SALT, NONCE), mix: null });
    expect(q(lost, 'verify-mix')?.dataset['ok']).toBe('null');
    expect(q(lost, 'verify-mix')?.textContent).toContain('this browser did not keep');
    expect(q(lost, 'verify-summary')?.textContent).toContain('All 2 deals check out');
    // Before the reveal nothing is checked.
    expect(checkMix({ ...game(MIXED, SALT, null), seed: null, salt: null })).toBeNull();
  });
});

describe('the page mixes its own number into a solo game\'s seed', () => {
  const COMMIT_B = saltCommitment('ffeeddccbbaa99887766554433221100');
  const boot = (): FakeSocket => {
    const socket = bootPage({ ...DEFAULT_SETTINGS, speed: 'off' }, { store })[0] as FakeSocket;
    socket.open();
    socket.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[],"name":"Bob"}');
    return socket;
  };
  const newGameSent = (socket: FakeSocket): Record<string, unknown> => socket.messages().filter((m) => m['t'] === 'new_game').at(-1) ?? {};

  it('sends a fresh number with new_game after next_deal, and keeps it with the commitment it had before', async () => {
    const socket = boot();
    socket.receive(JSON.stringify({ t: 'next_deal', commit: COMMIT_A }));
    byTestId('new-game').click();
    const sent = newGameSent(socket);
    expect(sent['nonce']).toMatch(/^[0-9a-f]{32}$/);
    const nonce = sent['nonce'] as string;
    // The server's next commitment comes before the new game's snapshot: the one kept is the one from before.
    socket.receive(JSON.stringify({ t: 'next_deal', commit: COMMIT_B }));
    socket.receive(JSON.stringify({ ...JSON.parse(snapshotText(passRaw({ cards: SOUTH1 }), 'tab1', 1)), fair: { hand: 1, commit: C1 } }));
    socket.receive(JSON.stringify({ t: 'ack', id: socket.idOf('new_game'), v: 1 }));
    await flush();
    expect(new FairLedger(store).entry('tab1')?.mix).toEqual({ commit: COMMIT_A, nonce });

    // The next game uses the next commitment, with another number.
    byTestId('new-game-top').click();
    byTestId('new-game-yes').click();
    const second = newGameSent(socket)['nonce'] as string;
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(nonce);
    socket.receive(snapshotText(passRaw(), 'tab2', 1));
    expect(new FairLedger(store).entry('tab2')?.mix).toEqual({ commit: COMMIT_B, nonce: second });
    expect(new FairLedger(store).entry('tab1')?.mix).toEqual({ commit: COMMIT_A, nonce });
  });

  it('sends no number without a commitment, nor twice on one commitment; a refused game leaves it for the next', async () => {
    const socket = boot();
    byTestId('new-game').click();
    expect(newGameSent(socket)).not.toHaveProperty('nonce');
    socket.receive(JSON.stringify({ t: 'error', id: socket.idOf('new_game'), code: 'rate_limited', reason: 'slow down' }));
    socket.receive(JSON.stringify({ t: 'next_deal', commit: COMMIT_A }));
    byTestId('new-game').click();
    const first = newGameSent(socket)['nonce'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // Refused before the salt was used: the commitment holds for the next try.
    socket.receive(JSON.stringify({ t: 'error', id: socket.idOf('new_game'), code: 'rate_limited', reason: 'slow down' }));
    await flush();
    byTestId('new-game').click();
    const retry = newGameSent(socket)['nonce'] as string;
    expect(retry).toMatch(/^[0-9a-f]{32}$/);
    socket.receive(snapshotText(passRaw(), 'tab1', 1));
    expect(new FairLedger(store).entry('tab1')?.mix).toEqual({ commit: COMMIT_A, nonce: retry });
    // Used: until the server's next commitment comes, a new game has no number.
    byTestId('new-game-top').click();
    byTestId('new-game-yes').click();
    expect(newGameSent(socket)).not.toHaveProperty('nonce');
    socket.receive(snapshotText(passRaw(), 'tab2', 1));
    expect(new FairLedger(store).entry('tab2')).toBeNull();
  });

  it('forgets the commitment of a connection that is gone: a new welcome brings its own', () => {
    const socket = boot();
    socket.receive(JSON.stringify({ t: 'next_deal', commit: COMMIT_A }));
    socket.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[],"name":"Bob"}');
    byTestId('new-game').click();
    expect(newGameSent(socket)).not.toHaveProperty('nonce');
  });

  it('sends no number with daily_start: the daily deal\'s seed is shared', async () => {
    const socket = boot();
    socket.receive(JSON.stringify({ t: 'next_deal', commit: COMMIT_A }));
    byTestId('daily-start').click();
    await flush();
    expect(socket.messages().at(-1)).toEqual({ t: 'daily_start' });
    socket.receive(JSON.stringify({ ...JSON.parse(snapshotText(passRaw(), 'day1', 1)), daily: '2026-12-03', fair: { hand: 1, commit: C1 } }));
    socket.receive(JSON.stringify({ t: 'ack', id: socket.idOf('daily_start'), v: 1 }));
    await flush();
    expect(new FairLedger(store).entry('day1')?.mix).toBeNull();
    expect(socket.messages().some((m) => m['t'] === 'new_game')).toBe(false);
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
