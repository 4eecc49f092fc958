// The replay of a finished game (replay.ts, replay-part.ts), on the worked record of
// docs/game-record.md: seed 155, one hand, North shoots the moon.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { buildReplay, RecordError, startStep, trickPoints, trickWinner } from '../src/parts/replay/replay';
import { replayContent } from '../src/parts/replay/replay-part';
import { App } from '../src/app/app';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';
import { gameOverRaw, snapshotText } from './fixtures';

const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'game-record.md'), 'utf8');
const golden = (): Record<string, unknown> => JSON.parse(/```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '') as Record<string, unknown>;

describe('a replay, step by step', () => {
  it('deals, passes, plays each card and scores the hand, as the record says', () => {
    const r = buildReplay(golden());
    expect(r.hands).toBe(1);
    expect(r.frames.map((f) => f.kind)).toEqual(['deal', 'pass', ...Array<string>(52).fill('play'), 'score']);
    const [deal, pass, first] = r.frames;
    expect(deal?.cards.S).toEqual(['5C', '6C', 'KC', '2D', '5D', '7D', '9D', 'KD', '4S', 'TS', '5H', '6H', '8H']);
    expect(deal?.what).toBe('Hand 1 is dealt. Pass left.');
    // Passing left: South gives to West and receives East's 7C JC AC.
    expect(pass?.passed?.S).toEqual(['6C', '2D', '8H']);
    expect(pass?.cards.S).toEqual(expect.arrayContaining(['7C', 'JC', 'AC']));
    expect(pass?.cards.S).not.toContain('6C');
    expect(pass?.cards.W).toEqual(expect.arrayContaining(['6C', '2D', '8H']));
    expect(first?.what).toBe('West leads the 2♣.');
    const trick1 = r.frames[5];
    expect(trick1?.trick).toEqual({ leader: 'W', cards: ['2C', 'QC', '3C', '5C'], winner: 'N', points: 0 });
    expect(trick1?.what).toBe('South plays the 5♣. North takes the trick.');
    const last = r.frames[r.frames.length - 1];
    expect(last?.points).toEqual({ S: 0, W: 0, N: 26, E: 0 });
    expect(last?.result?.moon).toEqual({ shooter: 'N', scored: 'others' });
    expect(last?.result?.totals).toEqual({ S: 26, W: 26, N: 0, E: 26 });
    expect(last?.what).toBe('North shot the moon. Hand 1 is scored.');
    expect(r.winners).toEqual(['N']);
    // Every card is in exactly one place at every step.
    for (const f of r.frames.slice(1)) {
      const all = [...f.cards.S, ...f.cards.W, ...f.cards.N, ...f.cards.E];
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('deals from the seed when the record leaves the deals out', () => {
    const withDeals = buildReplay(golden());
    const record = golden();
    delete record['deals'];
    expect(buildReplay(record).frames).toEqual(withDeals.frames);
  });

  it('replays a record of a game of so many hands with shared wins (the daily deal’s rules.hands and tie)', () => {
    const plain = buildReplay(golden());
    const record = golden();
    record['rules'] = { ...(record['rules'] as Record<string, unknown>), tie: 'share', hands: 4 };
    const r = buildReplay(record);
    expect(r.frames).toEqual(plain.frames);
    expect(r.hands).toBe(1);
  });

  it('names the seats it is given', () => {
    const r = buildReplay(golden(), { S: 'You', W: 'Mike', N: 'Bill', E: 'Lisa' });
    expect(r.frames[5]?.what).toBe('You play the 5♣. Bill takes the trick.');
  });

  it('says where a record does not replay', () => {
    const outOfTurn = golden();
    const actions = outOfTurn['actions'] as Record<string, unknown>[];
    actions[4] = { seat: 'N', play: 'QC' };
    expect(() => buildReplay(outOfTurn)).toThrow(new RecordError("actions[4]: N plays, but it is W's turn"));
    const notHeld = golden();
    (notHeld['actions'] as Record<string, unknown>[])[4] = { seat: 'W', play: 'AS' };
    expect(() => buildReplay(notHeld)).toThrow('actions[4]: W does not hold AS');
    expect(() => buildReplay({ format: 'other' })).toThrow('not a Hearts game record');
    expect(replayContent({ format: 'hearts-game-record', actions: 'x' }, null).textContent).toBe('This game cannot be replayed: actions: expected a list.');
  });

  it('starts at a hand’s deal, or at the step just before a card was played (the review’s “See it”)', () => {
    const frames = buildReplay(golden()).frames;
    expect(startStep(frames, undefined)).toBe(0);
    expect(startStep(frames, { hand: 1, card: null })).toBe(0);
    expect(frames[startStep(frames, { hand: 1, card: '5C' })]?.what).toBe('East plays the 3♣.');
    expect(frames[startStep(frames, { hand: 1, card: '5C' }) + 1]?.what).toBe('South plays the 5♣. North takes the trick.');
    // The first lead of the hand: just after the pass.
    expect(frames[startStep(frames, { hand: 1, card: '2C' })]?.kind).toBe('pass');
    // A hand the record does not have: the start.
    expect(startStep(frames, { hand: 2, card: '5C' })).toBe(0);
  });

  it('knows who takes a trick and what it is worth', () => {
    expect(trickWinner('E', ['5H', 'AS', 'KH', '2H'])).toBe('W'); // E 5H, S AS, W KH, N 2H
    expect(trickWinner('S', ['2C', 'AC', '3C', 'KC'])).toBe('W');
    expect(trickPoints(['QS', 'JD', '2H', '3C'], false)).toBe(14);
    expect(trickPoints(['QS', 'JD', '2H', '3C'], true)).toBe(4);
  });
});

describe('the replay on screen', () => {
  const key = (el: HTMLElement, k: string): void => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  const tid = (root: HTMLElement, id: string): HTMLElement => root.querySelector<HTMLElement>(`[data-testid="${id}"]`) as HTMLElement;

  it('steps with the keys and the buttons, and shows the score at the end', () => {
    const el = replayContent(golden(), null);
    document.body.replaceChildren(el);
    expect(tid(el, 'replay-where').textContent).toBe('Hand 1 of 1 · step 1 of 55 · 0 of 13 tricks');
    expect(tid(el, 'replay-cards-N').querySelectorAll('[data-card]')).toHaveLength(13);
    expect((tid(el, 'replay-prev') as HTMLButtonElement).disabled).toBe(true);
    key(el, 'ArrowRight');
    expect(tid(el, 'replay-what').textContent).toBe('The pass: each seat gives 3 cards to the left.');
    key(el, 'ArrowRight');
    expect(tid(el, 'replay-trick').textContent).toBe('2♣');
    expect(tid(el, 'replay-cards-W').textContent).not.toContain('2♣');
    key(el, 'ArrowLeft');
    expect(tid(el, 'replay-trick').textContent).toBe('The cards each seat received are underlined.');
    expect(tid(el, 'replay-cards-S').querySelectorAll('.received')).toHaveLength(3);
    key(el, 'End');
    expect(tid(el, 'replay-where').textContent).toBe('Hand 1 of 1 · step 55 of 55 · 13 of 13 tricks');
    expect(tid(el, 'replay-result').textContent).toContain('Total26260');
    expect((tid(el, 'replay-next') as HTMLButtonElement).disabled).toBe(true);
    tid(el, 'replay-first').click();
    expect(tid(el, 'replay-where').textContent).toContain('step 1 of 55');
    tid(el, 'replay-next-hand').click(); // one hand only: to the end
    expect(tid(el, 'replay-where').textContent).toContain('step 55 of 55');
    key(el, 'PageUp');
    expect(tid(el, 'replay-where').textContent).toContain('step 1 of 55');
  });
});

describe('replays in the page: a shared link, and sharing my own', () => {
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
  const asked: { url: string; auth: string | null }[] = [];

  function boot(answer: (url: string) => Response, replayLink: string | null = null): void {
    asked.length = 0;
    document.body.innerHTML = '<div id="root"></div>';
    const store = memoryStore();
    store.set('hearts.player', 'p_1');
    store.set('hearts.token', 'sec');
    new App({
      root: document.getElementById('root') as HTMLElement,
      store,
      settings: { ...DEFAULT_SETTINGS, speed: 'off' },
      url: 'ws://test/ws',
      origin: 'http://hearts.example',
      replayLink,
      fetch: (url, init) => {
        asked.push({ url, auth: new Headers(init.headers).get('Authorization') });
        return Promise.resolve(answer(url));
      },
      socketFactory: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    }).start();
  }

  it('opens a shared link at once, with no token, and names its seats', async () => {
    boot(() => new Response(JSON.stringify({ names: ['South', 'Mike', 'Bill', 'Lisa'], record: golden() })), 'q7m2x9c4hk0p3v8t');
    await flush();
    expect(asked).toEqual([{ url: '/api/replays/q7m2x9c4hk0p3v8t', auth: null }]);
    expect(tid('dialog-replay').hidden).toBe(false);
    expect(tid('replay-seat-N').textContent).toContain('Bill');
    expect(tid('replay-shared').textContent).toContain('A game its players shared');
    expect(document.querySelector('[data-testid="replay-share-button"]')).toBeNull();
  });

  it('says why a shared link does not open', async () => {
    boot(() => new Response('No shared game has this link: check that it was copied whole\n', { status: 404 }), 'q7m2x9c4hk0p3v8t');
    await flush();
    expect(tid('replay-error').textContent).toBe('No shared game has this link: check that it was copied whole');
  });

  it('says it in the language in use, by the server’s status (its words are English)', async () => {
    const { setLanguage } = await import('../src/i18n/words');
    await setLanguage('de');
    try {
      boot(() => new Response('No shared game has this link: check that it was copied whole\n', { status: 404 }), 'q7m2x9c4hk0p3v8t');
      await vi.waitFor(() => expect(tid('replay-error').textContent).toContain('kein geteiltes Spiel hat diesen Link'));
      expect(tid('replay-error').textContent).not.toContain('No shared game');
    } finally {
      await setLanguage('en');
    }
  });

  it('shares my game: waits for the others, then shows the link; a refusal is said', async () => {
    boot(() => new Response(JSON.stringify(golden())));
    last().open();
    last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
    last().receive(snapshotText(gameOverRaw(), 'tab1', 40));
    await flush();
    tid('result-replay').click();
    await flush();
    expect(asked[0]).toEqual({ url: '/api/games/tab1/record.json', auth: 'Bearer p_1:sec' });
    expect(tid('replay-where').textContent).toContain('step 1 of 55');
    tid('replay').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    tid('replay-share-button').click();
    const sent = last().messages().find((m) => m['t'] === 'share');
    expect(sent).toMatchObject({ t: 'share', table: 'tab1' });
    expect(tid('replay-share-status').textContent).toBe('Asking the server…');
    last().receive('{"t":"shared","table":"tab1","share":null,"waiting":1}');
    expect(tid('replay-share-status').textContent).toContain('once the other player who played it allows it too');
    // The replay kept its place while the sharing changed.
    expect(tid('replay-where').textContent).toContain('step 2 of 55');
    last().receive('{"t":"shared","table":"tab1","share":"q7m2x9c4hk0p3v8t","waiting":0}');
    expect((tid('replay-link') as HTMLInputElement).value).toBe('http://hearts.example/?replay=q7m2x9c4hk0p3v8t');
    expect(tid('replay-copy').textContent).toBe('Copy link');
    // Asked again after a refusal: the reason shows, and the button is back.
    tid('close-dialog').click();
    tid('result-replay').click();
    await flush();
    tid('replay-share-button').click();
    last().receive(JSON.stringify({ t: 'error', id: last().idOf('share'), code: 'rate_limited', reason: 'Too many requests for statistics and sharing: try again in a minute' }));
    expect(tid('replay-share-status').textContent).toBe('Too many requests for statistics and sharing: try again in a minute');
    expect(tid('replay-share-button')).toBeTruthy();
  });
});
