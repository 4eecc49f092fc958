// Hints in the page: H or the Hint button asks (only on my turn, in a game against the
// computer), the answer lights the card(s) and says why, and it goes once the position
// has moved on; a refusal is said where the hint would be.
import { describe, expect, it } from 'vitest';
import { parseServerMessage } from '../src/net/read';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { bootPage } from './boot';
import type { FakeSocket } from './fake-socket';
import { leadRaw, passRaw, snapshotText, updateText } from './fixtures';

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
const press = (key: string): void => void document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

function boot(): void {
  sockets.push(...bootPage({ ...DEFAULT_SETTINGS, speed: 'off' }));
  last().open();
  last().receive('{"t":"welcome","player":"p_1","token":"sec","tables":["tab1"]}');
}

describe('hints', () => {
  it('asks with H on my turn to pass, lights the three cards and says why', async () => {
    boot();
    last().receive(snapshotText(passRaw(), 'tab1', 5));
    await flush();
    expect(tid('hint-button').hidden).toBe(false);
    press('h');
    expect(last().messages().filter((m) => m['t'] === 'hint')).toEqual([{ t: 'hint', table: 'tab1' }]);
    expect(tid('hint-text').textContent).toBe('Thinking…');
    press('h'); // one at a time
    expect(last().messages().filter((m) => m['t'] === 'hint')).toHaveLength(1);
    last().receive(JSON.stringify({ t: 'hint', table: 'tab1', v: 5, action: 'pass', cards: ['QS', 'AS', 'AC'], text: 'Pass the A♣, Q♠ and A♠ to Mike. The Q♠ is 13 points you cannot be made to take.', candidates: [] }));
    await flush();
    expect(tid('hint-text').textContent).toBe('Pass the A♣, Q♠ and A♠ to Mike. The Q♠ is 13 points you cannot be made to take.');
    expect([...document.querySelectorAll('[data-hinted="true"]')].map((e) => (e as HTMLElement).dataset['card']).sort()).toEqual(['AC', 'AS', 'QS']);
    // After the exchange I hold 13 cards again and may lead: the pass's hint is not about that.
    last().receive(updateText(leadRaw({ hand: 1, cards: ['2C', '7C', 'QC', 'AC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH'], legal: ['2C'] }), { kind: 'exchange' }, 6, 'tab1'));
    await flush();
    expect(tid('hint-text').hidden).toBe(true);
    expect(document.querySelector('[data-hinted="true"]')).toBeNull();
  });

  it('lights the card to play, and forgets it once the position moves on', async () => {
    boot();
    last().receive(snapshotText(leadRaw(), 'tab1', 20));
    await flush();
    tid('hint-button').click();
    const legal = JSON.parse(snapshotText(leadRaw())).view.legal as string[];
    const card = legal[0] as string;
    last().receive(JSON.stringify({ t: 'hint', table: 'tab1', v: 20, action: 'play', cards: [card], text: `Play the ${card}.`, candidates: [{ card, points: 0.4, queen: 0, moon: 0 }] }));
    await flush();
    expect(tid(`card-${card}`).dataset['hinted']).toBe('true');
    expect(tid('hint-text').hidden).toBe(false);
    // I play another card: the hint no longer applies.
    const other = legal[1] as string;
    const raw = leadRaw();
    const after = { ...raw, cards: (raw['cards'] as string[]).filter((c) => c !== other), legal: [], to_move: 'W', trick: { leader: 'S', cards: [other] } };
    last().receive(updateText(after, { kind: 'play', seat: 'S', card: other }, 21, 'tab1'));
    await flush();
    expect(tid('hint-text').hidden).toBe(true);
    expect(document.querySelector('[data-hinted="true"]')).toBeNull();
  });

  it('says a refusal where the hint would be', async () => {
    boot();
    last().receive(snapshotText(leadRaw(), 'tab1', 20));
    await flush();
    tid('hint-button').click();
    // An answer searched at an older position is not this one's.
    last().receive(JSON.stringify({ t: 'hint', table: 'tab1', v: 19, action: 'play', cards: ['2C'], text: 'old', candidates: [] }));
    await flush();
    expect(tid('hint-text').textContent).toBe('Thinking…');
    last().receive(JSON.stringify({ t: 'error', id: last().idOf('hint'), code: 'rate_limited', reason: 'Too many hints: try again in a minute' }));
    await flush();
    expect(tid('hint-text').textContent).toBe('Too many hints: try again in a minute');
    expect(tid('hint-text').classList.contains('failed')).toBe(true);
  });

  it('reads the hint message strictly', () => {
    const bad = parseServerMessage(JSON.stringify({ t: 'hint', table: 't', v: 1, action: 'pass', cards: ['QS'], text: 'x', candidates: [] }));
    expect(bad.ok ? '' : bad.error).toContain('a pass hint has 3 cards, got 1');
    const noText = parseServerMessage(JSON.stringify({ t: 'hint', table: 't', v: 1, action: 'play', cards: ['QS'] }));
    expect(noText.ok ? '' : noText.error).toContain('text');
  });
});

describe('a hint in another language', () => {
  it('is worded from its fields; in English it is the server’s own words', async () => {
    const { hintText } = await import('../src/game/a11y');
    const { setLanguage } = await import('../src/i18n/words');
    const read = (text: string) => {
      const r = parseServerMessage(text);
      if (!r.ok || r.message.t !== 'hint') throw new Error(r.ok ? r.message.t : r.error);
      return r.message;
    };
    const play = read(JSON.stringify({ t: 'hint', table: 't', v: 1, action: 'play', cards: ['9S'], text: 'Play the 9♠: …',
      candidates: [{ card: '9S', points: 0.41, queen: 0.02, moon: 0 }, { card: 'QH', points: 3.14, queen: 0.1, moon: 0 }] }));
    const pass = read(JSON.stringify({ t: 'hint', table: 't', v: 1, action: 'pass', cards: ['QS', 'AS', 'AC'], text: 'Pass …' }));
    expect(play.candidates).toEqual([{ card: '9S', points: 0.41 }, { card: 'QH', points: 3.14 }]);
    expect(pass.candidates).toEqual([]);
    expect(hintText(play)).toBe('Play the 9♠: …');
    try {
      await setLanguage('es');
      expect(hintText(play)).toBe('Juega 9♠: con ella puedes esperar unos 0,4 puntos en esta mano; con Q♥, unos 3,1.');
      expect(hintText({ ...play, candidates: play.candidates.slice(0, 1) })).toBe('Juega 9♠: con ella puedes esperar unos 0,4 puntos en esta mano.');
      expect(hintText(pass)).toBe('Pasa Q♠, A♠, A♣.');
      // A server that sent no candidates: its own words.
      expect(hintText({ ...play, candidates: [] })).toBe('Play the 9♠: …');
    } finally {
      await setLanguage('en');
    }
  });
});
