// Achievements in the page: the card of a game's result, in the seed's words, putting the item on, the
// dialog (the look picker and the list), and the faces at the table.
import { describe, expect, it } from 'vitest';
import { unlockedWords } from '../src/game/achievement-words';
import { bootPage, flush } from './boot';
import { gameOverRaw, playRaw, snapshotText } from './fixtures';
import type { FakeSocket } from './fake-socket';

function boot(): FakeSocket {
  const socket = bootPage()[0]!;
  socket.open();
  return socket;
}

const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};

const CAP = { id: 'first_game', name: 'First game', how: 'Finish a game.', title: 'card player', item: 'flat_cap', item_name: 'flat cap' };
const HAT = { id: 'first_win', name: 'First win', how: 'Win a game.', title: 'winner', item: 'party_hat', item_name: 'party hat' };
// The pop-up's message names the achievement `achievement` (a top-level `id` is a request's).
const earned = (a: typeof CAP): string => {
  const { id, ...rest } = a;
  return JSON.stringify({ t: 'achievement', table: 't1', achievement: id, ...rest });
};
const WELCOME = '{"t":"welcome","player":"p_1","token":"sec","tables":[],"name":"Ada","relations":{"block":[],"mute":[],"favorite":[]},"face":-1,"wearing":""}';
// At a game: the server lists its table, and the page asks for it.
const WELCOME_AT = WELCOME.replace('"tables":[]', '"tables":["tab1"]');

describe('the pop-up', () => {
  it('speaks the seed’s words', () => {
    expect(unlockedWords({ ...CAP, itemName: 'flat cap' })).toEqual({
      heading: 'ACHIEVEMENT UNLOCKED',
      text: 'It looks like you might be a card player. You can now wear a flat cap while playing.',
      question: 'Do you want to put on the flat cap?',
    });
  });

  it('waits for the game\'s result, comes on it under its buttons, and puts the item on when asked', async () => {
    const socket = boot();
    socket.receive(WELCOME_AT);
    socket.receive(snapshotText(playRaw(), 'tab1', 20));
    socket.receive(earned(CAP));
    socket.receive(earned(CAP)); // twice: once
    // Said at once, shown with the game's result only.
    expect(tid('announcer').textContent).toContain('ACHIEVEMENT UNLOCKED');
    expect(tid('unlocked').hidden).toBe(true);
    socket.receive(snapshotText(gameOverRaw({ sheet: [], winners: ['S'] }), 'tab1', 30));
    await flush();
    expect(tid('game-over').hidden).toBe(false);
    expect(tid('unlocked').hidden).toBe(false);
    // Inside the result, after its buttons: it never covers them.
    const buttons = tid('new-game-end').parentElement as HTMLElement;
    expect(tid('game-over').contains(tid('unlocked'))).toBe(true);
    expect(buttons.compareDocumentPosition(tid('unlocked')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tid('unlocked-title').textContent).toBe('ACHIEVEMENT UNLOCKED');
    expect(tid('unlocked-text').textContent).toBe('It looks like you might be a card player. You can now wear a flat cap while playing.');
    expect(tid('unlocked-question').textContent).toBe('Do you want to put on the flat cap?');
    tid('unlocked-wear').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'set_look', face: -1, wearing: 'flat_cap' });
    expect(tid('unlocked').hidden).toBe(true);
    expect(tid('game-over').hidden).toBe(false);
  });

  it('gathers everything a game earned on one card, with a button for each item', async () => {
    const socket = boot();
    socket.receive(WELCOME_AT);
    socket.receive(snapshotText(gameOverRaw({ sheet: [], winners: ['S'] }), 'tab1', 30));
    socket.receive(earned(CAP));
    socket.receive(earned(HAT));
    await flush();
    expect(tid('unlocked').hidden).toBe(false);
    expect(document.querySelectorAll('[data-testid="unlocked"]')).toHaveLength(1);
    expect(tid('unlocked-title').textContent).toBe('2 ACHIEVEMENTS UNLOCKED');
    expect([...tid('unlocked-text').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'It looks like you might be a card player: you can now wear a flat cap.',
      'It looks like you might be a winner: you can now wear a party hat.',
    ]);
    expect(tid('unlocked-question').textContent).toBe('Do you want to put one on?');
    expect(document.querySelector('[data-testid="unlocked-wear"]')).toBeNull();
    tid('unlocked-wear-party_hat').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'set_look', face: -1, wearing: 'party_hat' });
    // Answered once for all of them: no second card.
    expect(tid('unlocked').hidden).toBe(true);
  });

  it('"Not now" answers them all and puts nothing on', async () => {
    const socket = boot();
    socket.receive(WELCOME_AT);
    socket.receive(snapshotText(gameOverRaw({ sheet: [], winners: ['S'] }), 'tab1', 30));
    socket.receive(earned(CAP));
    socket.receive(earned(HAT));
    await flush();
    tid('unlocked-later').click();
    expect(tid('unlocked').hidden).toBe(true);
    expect(socket.messages().filter((m) => (m as { t: string }).t === 'set_look')).toHaveLength(0);
  });
});

describe('the dialog', () => {
  it('lists every achievement, earned or not, and changes my look', () => {
    const socket = boot();
    socket.receive(WELCOME);
    tid('start-achievements').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'achievements' });
    socket.receive(
      JSON.stringify({ t: 'achievements', list: [{ ...CAP, earned: Date.UTC(2026, 11, 2) }, { ...HAT, earned: null }], face: 4, wearing: 'flat_cap' }),
    );
    expect(tid('achievements-count').textContent).toBe('Achievements: 1 of 2');
    expect(tid('achievement-first_game').className).toContain('earned');
    expect(tid('achievement-first_game').textContent).toContain('Earned');
    expect(tid('achievement-first_win').className).toContain('locked');
    expect(tid('achievement-first_win').textContent).toContain('Not yet · unlocks the party hat');
    expect(tid('face-4').getAttribute('aria-pressed')).toBe('true');
    expect(tid('wear-flat_cap').getAttribute('aria-pressed')).toBe('true');
    // Only what I earned can be worn.
    expect(document.querySelector('[data-testid="wear-party_hat"]')).toBeNull();
    tid('face-7').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'set_look', face: 7, wearing: 'flat_cap' });
    expect(tid('face-7').getAttribute('aria-pressed')).toBe('true');
    tid('wear-none').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'set_look', face: 7, wearing: '' });
  });

  it('puts the look back when the server refuses it', () => {
    const socket = boot();
    socket.receive(WELCOME);
    tid('start-achievements').click();
    socket.receive(JSON.stringify({ t: 'achievements', list: [{ ...CAP, earned: 1 }], face: 1, wearing: '' }));
    tid('wear-flat_cap').click();
    const id = socket.idOf('set_look');
    expect(tid('wear-flat_cap').getAttribute('aria-pressed')).toBe('true');
    socket.receive(JSON.stringify({ t: 'error', code: 'bad_message', reason: 'wearing: not yours', id }));
    expect(tid('wear-none').getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.notice')?.textContent ?? '').toContain('wearing: not yours');
  });
});
