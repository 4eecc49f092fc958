// Drawing a table with people: my seat at the bottom wherever I sit, names and chat as
// text only, favorites, who is gone, the timer, the lobby, the waiting room, dialogs.

import { beforeEach, describe, expect, it } from 'vitest';
import { provideCatalog, setLanguage } from '../src/i18n/words';
import type { ChatLine, LobbyEntry, TableInfo } from '../src/net/types';
import { TableView } from '../src/table/table-view';
import { INITIAL_SOCIAL, applyChat, applyTableInfo, withRelation, type Prompt, type Social } from '../src/state/social';
import { applySnapshot, initialState, type AppState } from '../src/state/state';
import {
  chatText,
  gameOverRaw,
  handOverRaw,
  infoRaw,
  lobbyEntryRaw,
  parsed,
  snapshotOf,
  tableText,
  waitingInfoRaw,
  westPlayRaw,
  type RawInfo,
  type RawView,
} from './fixtures';
import { spyHandlers, type Spied } from './handlers';

const EVIL = '<img src=x onerror=alert(1)>';
const NAMES = ['Ada', 'Bob', 'Bill', 'Cy'];

function info(raw: RawInfo): TableInfo {
  const m = parsed(tableText(raw));
  if (m.t !== 'table') throw new Error(m.t);
  return m.info;
}

function chat(text: string, over: Record<string, unknown> = {}): ChatLine {
  const m = parsed(chatText(text, over));
  if (m.t !== 'chat') throw new Error(m.t);
  const { t: _t, ...line } = m;
  return line;
}

function social(raw: RawInfo = infoRaw(), over: Partial<Social> = {}): Social {
  return { ...applyTableInfo({ ...INITIAL_SOCIAL, player: 'p_bob', name: 'Bob' }, 'k3v9q2mx', info(raw), 1000), ...over };
}

function atTable(view: RawView, s: Social = social()): AppState {
  const st = applySnapshot({ ...initialState(), conn: { kind: 'open' } }, snapshotOf(view, 'k3v9q2mx', 5));
  return { ...st, social: s };
}

const q = (selector: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
};
const tid = (id: string): HTMLElement => q(`[data-testid="${id}"]`);

let hs: Spied;
let table: TableView;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  hs = spyHandlers();
  table = new TableView(q('#root'), hs);
});

describe('faces', () => {
  it('each person shows their own face and what they wear; the computer’s Bill has his', () => {
    const raw = infoRaw();
    const seats = raw['seats'] as Record<string, unknown>[];
    const worn = { ...raw, seats: [{ ...seats[0], face: 5, wearing: 'halo' }, seats[1], seats[2], { ...seats[3], face: -1, wearing: '' }] };
    table.render(atTable(westPlayRaw({ names: NAMES, legal: ['2C', '7C'] }), social(worn)));
    const avatar = (seat: string): HTMLElement => tid(`seat-${seat}`).querySelector<HTMLElement>('.avatar')!;
    expect(avatar('S').dataset['face']).toBe('5');
    expect(avatar('S').dataset['wearing']).toBe('halo');
    expect(avatar('S').querySelector('svg.avatar-svg')).not.toBeNull();
    expect(avatar('N').dataset['face']).toBe('bill');
    expect(avatar('E').dataset['face']).toMatch(/^\d+$/);
    expect(avatar('E').dataset['wearing']).toBe('');
    // No initials any more: "Bob" and "Bill" looked alike as "B".
    expect(avatar('W').textContent).toBe('');
    expect(avatar('W').dataset['face']).not.toBe(avatar('N').dataset['face']);
  });
});

describe('my seat at the bottom, wherever I sit', () => {
  it('seat W: West at the bottom, North left, East top, South right', () => {
    table.render(atTable(westPlayRaw({ names: NAMES, legal: ['2C', '7C'] })));
    expect(tid('seat-W').classList.contains('pos-bottom')).toBe(true);
    expect(tid('seat-N').classList.contains('pos-left')).toBe(true);
    expect(tid('seat-E').classList.contains('pos-top')).toBe(true);
    expect(tid('seat-S').classList.contains('pos-right')).toBe(true);
    expect(tid('name-W').textContent).toBe('Bob');
    expect(tid('name-S').textContent).toBe('Ada');
    expect(tid('seat-W').getAttribute('aria-label')).toBe('Bob (you)');
    // The trick: N led (on my left), E (top), S (right).
    expect(tid('trick-card-5C').classList.contains('at-left')).toBe(true);
    expect(tid('trick-card-9C').classList.contains('at-top')).toBe(true);
    expect(tid('trick-card-3C').classList.contains('at-right')).toBe(true);
    expect(tid('status').textContent).toBe('Your turn');
    expect(tid('app').dataset['ui']).toBe('my-turn');
  });

  it('score sheet columns start with me, with the names', () => {
    table.render(atTable(handOverRaw({ seat: 'W', names: NAMES })));
    const head = [...tid('hand-over').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['Hand', 'Bob', 'Bill', 'Cy', 'Ada', 'Winner(s)']);
    expect(tid('hand-over').querySelector('thead th[data-seat="W"]')?.getAttribute('title')).toBe('You (West)');
    const totals = [...tid('hand-over').querySelectorAll('[data-testid="sheet-totals"] td[data-seat]')].map((td) => td.getAttribute('data-seat'));
    expect(totals).toEqual(['W', 'N', 'E', 'S']);
  });

  it('seat E: passing to the left goes to South', () => {
    table.render(
      atTable(
        westPlayRaw({ seat: 'E', phase: 'pass', hand: 1, pass: 'left', legal: [], to_move: null, trick: null, last_trick: null, passed: [], received: [], sheet: [], has_passed: [false, false, false, false] }),
        social(infoRaw({ you: 'E' })),
      ),
    );
    expect(tid('seat-E').classList.contains('pos-bottom')).toBe(true);
    expect(tid('seat-S').classList.contains('pos-left')).toBe(true);
    expect(tid('status').textContent).toContain('Pass three cards to the left (Ada)');
  });
});

describe('names and chat are text, never markup', () => {
  it('a name that looks like HTML appears literally, and no element is made', () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((s, k) => (k === 0 ? { ...s, name: EVIL } : s));
    const s = applyChat(social(infoRaw({ seats })), chat(EVIL, { name: EVIL }));
    table.render(atTable(westPlayRaw({ names: [EVIL, 'Bob', 'Bill', 'Cy'] }), s));
    expect(tid('name-S').textContent).toBe(EVIL);
    expect(tid('chat-name').textContent).toBe(EVIL);
    expect(tid('chat-text').textContent).toBe(EVIL);
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(tid('chat-log').innerHTML).toContain('&lt;img');
    // The waiting room too.
    const waitSeats = (waitingInfoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 0 ? { ...x, name: EVIL } : x));
    table.render({ ...initialState(), screen: 'room', social: social(waitingInfoRaw({ seats: waitSeats })) });
    expect(tid('room-name-S').textContent).toBe(EVIL);
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });
});

describe('at the table with people', () => {
  it('marks favorites with a heart, and who is disconnected or replaced', () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((x, k) =>
      k === 0 ? { ...x, connected: false } : k === 3 ? { ...x, connected: false, away: true } : x,
    );
    const s = social(infoRaw({ seats }), {
      relations: withRelation(INITIAL_SOCIAL.relations, 'favorite', { player: 'p_ada', name: 'Ada' }, true),
    });
    table.render(atTable(westPlayRaw({ names: NAMES }), s));
    expect(tid('fav-S').hidden).toBe(false);
    expect(tid('fav-S').textContent).toBe('♥');
    expect(tid('fav-E').hidden).toBe(true);
    expect(tid('status-S').textContent).toBe('disconnected');
    expect(tid('status-E').textContent).toBe('computer player (away)');
    expect(tid('status-N').textContent).toBe('computer player');
    expect(tid('status-W').hidden).toBe(true);
    expect(tid('seat-S').dataset['status']).toBe('disconnected');
  });

  it('a person’s name opens "Block, mute, favorite"; computer players and I are not clickable', () => {
    table.render(atTable(westPlayRaw({ names: NAMES })));
    tid('name-S').click();
    expect(hs.openPlayer).toHaveBeenCalledWith('p_ada', 'Ada');
    expect(tid('name-S').getAttribute('role')).toBe('button');
    expect(tid('name-N').hasAttribute('data-player')).toBe(false);
    expect(tid('name-W').hasAttribute('data-player')).toBe(false);
    tid('name-E').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(hs.openPlayer).toHaveBeenCalledWith('p_cy', 'Cy');
  });

  it('shows the turn timer counting down for the seats the table waits for', () => {
    const s = social(infoRaw({ deadline: 21500, waiting_for: ['W', 'E'] }));
    table.render(atTable(westPlayRaw({ names: NAMES }), { ...s, now: 1000 }));
    expect(tid('clock-W').textContent).toBe('22 s');
    expect(tid('clock-E').textContent).toBe('22 s');
    expect(tid('clock-S').hidden).toBe(true);
    expect(tid('turn-timer').textContent).toBe('22 s · you and Cy');
    table.render(atTable(westPlayRaw({ names: NAMES }), { ...s, now: 14_000 }));
    expect(tid('clock-W').textContent).toBe('9 s');
    expect(tid('clock-W').classList.contains('urgent')).toBe(true);
    expect(tid('turn-timer').classList.contains('urgent')).toBe(true);
  });

  it('offers to turn the timer off, and asks when someone else suggested it', () => {
    table.render(atTable(westPlayRaw({ names: NAMES })));
    expect(tid('timer-off').hidden).toBe(false);
    expect(tid('timer-vote').hidden).toBe(true);
    table.render(atTable(westPlayRaw({ names: NAMES }), social(infoRaw({ timer_votes: ['S'] }))));
    expect(tid('timer-vote').hidden).toBe(false);
    expect(tid('timer-vote-text').textContent).toBe('Ada has suggested that you turn off the timer for the game.');
    tid('timer-accept').click();
    expect(hs.timerOff).toHaveBeenCalled();
    tid('timer-decline').click();
    expect(hs.declineTimerOff).toHaveBeenCalled();
    table.render(atTable(westPlayRaw({ names: NAMES }), social(infoRaw({ timer_votes: ['S', 'W'] }))));
    expect(tid('timer-vote').hidden).toBe(true);
    expect(tid('timer-off').hidden).toBe(true);
    expect(tid('timer-voted').textContent).toBe('You suggested turning off the timer (2 of 3 agree)');
    table.render(atTable(westPlayRaw({ names: NAMES }), social(infoRaw({ timer: 0, deadline: null }))));
    expect(tid('turn-timer').textContent).toBe('Timer off');
  });

  it('when a computer player plays for me, offers to take the seat back', () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 1 ? { ...x, away: true } : x));
    table.render(atTable(westPlayRaw({ names: NAMES }), social(infoRaw({ seats }))));
    expect(tid('away-banner').hidden).toBe(false);
    expect(tid('away-banner').textContent).toContain('A computer player is playing for you');
    expect(tid('app').dataset['ui']).toBe('away');
    tid('reclaim').click();
    expect(hs.reclaim).toHaveBeenCalled();
  });

  it('hides the chat lines of muted players', () => {
    let s = applyChat(social(), chat('from Ada', { at: 1 }));
    s = applyChat(s, chat('from Cy', { at: 2, player: 'p_cy', seat: 'E', name: 'Cy' }));
    table.render(atTable(westPlayRaw({ names: NAMES }), s));
    expect([...document.querySelectorAll('[data-testid="chat-text"]')].map((e) => e.textContent)).toEqual(['from Ada', 'from Cy']);
    s = { ...s, relations: withRelation(s.relations, 'mute', { player: 'p_cy', name: 'Cy' }, true) };
    table.render(atTable(westPlayRaw({ names: NAMES }), s));
    expect([...document.querySelectorAll('[data-testid="chat-text"]')].map((e) => e.textContent)).toEqual(['from Ada']);
  });

  it('appends new chat lines (a screen reader hears only those)', () => {
    let s = applyChat(social(), chat('one', { at: 1 }));
    table.render(atTable(westPlayRaw({ names: NAMES }), s));
    const first = tid('chat-line');
    s = applyChat(s, chat('two', { at: 2, player: 'p_cy', seat: 'E', name: 'Cy' }));
    table.render(atTable(westPlayRaw({ names: NAMES }), s));
    const lines = document.querySelectorAll('[data-testid="chat-line"]');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(first);
    expect(tid('chat-log').getAttribute('role')).toBe('log');
  });

  it('sends chat from the form and shows a refusal', () => {
    table.render(atTable(westPlayRaw({ names: NAMES })));
    const input = tid('chat-input') as HTMLInputElement;
    expect(input.placeholder).toBe('What do you want to say to your opponent?');
    expect(input.maxLength).toBe(200);
    input.value = '  hello  ';
    tid('chat-send').click();
    expect(hs.sendChat).toHaveBeenCalledWith('hello');
    expect(input.value).toBe('');
    table.render(atTable(westPlayRaw({ names: NAMES }), social(infoRaw(), { chatError: 'Slow down: 5 messages per 10 seconds' })));
    expect(tid('chat-error').hidden).toBe(false);
    expect(tid('chat-error').textContent).toBe('Slow down: 5 messages per 10 seconds');
    expect(tid('chat-log').getAttribute('aria-live')).toBe('polite');
  });

  it('hand over: shows who is ready; game over: the rematch question and who accepted', () => {
    table.render(atTable(handOverRaw({ seat: 'W', names: NAMES }), social(infoRaw({ ready: ['S'], waiting_for: ['W', 'E'] }))));
    expect(tid('ready-list').textContent).toContain('Ready for the next hand: Ada ✓ · You … · Cy …');
    expect(tid('next-hand').textContent).toBe('Next hand');
    table.render(atTable(handOverRaw({ seat: 'W', names: NAMES }), social(infoRaw({ ready: ['S', 'W'] }))));
    expect(tid('next-hand').textContent).toBe('Waiting for the others…');
    expect((tid('next-hand') as HTMLButtonElement).disabled).toBe(true);

    const over = social(infoRaw({ state: 'finished', deadline: null, waiting_for: [], rematch_votes: ['S'] }));
    table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), over));
    expect(tid('rematch-question').textContent).toContain('Rematch?');
    expect(tid('rematch-question').textContent).toContain('Would you like to play another game with the same players?');
    expect(tid('rematch-votes').textContent).toBe('Ada wants a rematch. Waiting for you and Cy.');
    expect(tid('new-game-end').hidden).toBe(true);
    tid('rematch').click();
    expect(hs.rematch).toHaveBeenCalled();
  });

  it('game over at a rated table: my new rating, its change, my place, and why it counted less', async () => {
    const over = infoRaw({ state: 'finished', deadline: null, waiting_for: [] });
    const rating = { table: 'k3v9q2mx', board: 'standard', place: 2, games: 3, provisional: true, before: 1000, after: 1062, counted: 1, reason: '', why: [] };
    // Before the rating comes, and for another table, nothing is said.
    table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over)));
    expect(tid('rating-change').hidden).toBe(true);
    table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over, { rating: { ...rating, table: 'other' } })));
    expect(tid('rating-change').hidden).toBe(true);

    table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over, { rating })));
    const lines = (): string[] => [...tid('rating-change').querySelectorAll('p')].map((p) => p.textContent ?? '');
    expect(tid('rating-change').hidden).toBe(false);
    expect(lines()).toEqual(['Your rating: 1,062 (+62) · 2nd of 3 people', 'Provisional until 10 rated games (3 so far).']);

    const capped = {
      ...rating,
      board: 'pass=LRAN,end=50',
      place: 3,
      games: 14,
      provisional: false,
      before: 1250,
      after: 1241,
      counted: 0.5,
      reason: 'You have played 4 rated games with the same players today, so this one counts for 50%',
    };
    table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over, { rating: capped })));
    expect(lines()).toEqual([
      'Your rating: 1,241 (−9) · 3rd of 3 people',
      'These rules have a rating of their own.',
      'You have played 4 rated games with the same players today, so this one counts for 50%.',
    ]);
    expect(tid('rating-change').getAttribute('aria-live')).toBe('polite');

    // In another language, each clause of why is worded from its code, a sentence each.
    provideCatalog('server', 'es', {
      rating_same_players: 'has jugado {n} partidas puntuables con los mismos jugadores hoy, así que esta cuenta un {percent} %',
    });
    try {
      await setLanguage('es');
      const why = [{ msg: 'rating_same_players', args: { n: 4, percent: 50 } }];
      table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over, { rating: { ...capped, why } })));
      expect(lines()).toContain('Has jugado 4 partidas puntuables con los mismos jugadores hoy, así que esta cuenta un 50 %.');
      // A clause without words here: the server's English, whole.
      table.render(atTable(gameOverRaw({ seat: 'W', names: NAMES }), social(over, { rating: { ...capped, why: [...why, { msg: 'newer', args: {} }] } })));
      expect(lines()).toContain('You have played 4 rated games with the same players today, so this one counts for 50%.');
    } finally {
      await setLanguage('en');
    }
  });

  it('a concede button while playing (and New game is not offered)', () => {
    table.render(atTable(westPlayRaw({ names: NAMES })));
    expect(tid('concede').hidden).toBe(false);
    expect(tid('new-game-top').hidden).toBe(true);
    tid('concede').click();
    expect(hs.concede).toHaveBeenCalled();
  });
});

describe('a player’s rating in their dialog', () => {
  it('says it with the default rules, provisional or ranked, or that there is none', async () => {
    const { playerRatingText } = await import('../src/people/dialogs-view');
    const profile = (boards: { board: string; rating: number; games: number; provisional: boolean }[], rank = 0) => ({ player: 'p_ada', name: 'Ada', rank, boards });
    expect(playerRatingText(null)).toBe('');
    expect(playerRatingText(profile([]))).toBe('No rated games yet.');
    expect(playerRatingText(profile([{ board: 'end=50', rating: 1100, games: 2, provisional: true }]))).toBe('No rated games with the standard rules (one other set of rules).');
    expect(playerRatingText(profile([{ board: 'standard', rating: 1062, games: 3, provisional: true }]))).toBe('Rating 1,062 · provisional (3 of 10 games)');
    expect(playerRatingText(profile([{ board: 'standard', rating: 1412, games: 57, provisional: false }], 3))).toBe('Rating 1,412 · 57 rated games · ranked 3');
  });
});

describe('the lobby and the waiting room', () => {
  function lobby(entries: Record<string, unknown>[]): readonly LobbyEntry[] {
    const m = parsed(JSON.stringify({ t: 'lobby', tables: entries }));
    if (m.t !== 'lobby') throw new Error(m.t);
    return m.tables;
  }

  it('lists the tables with seats, rules and state; a click joins', () => {
    const entries = lobby([
      lobbyEntryRaw(),
      lobbyEntryRaw({
        table: 'play1234',
        state: 'playing',
        timer: 0,
        seats: [
          { player: 'p_zed', name: 'Zed', human: true },
          { player: null, name: 'Mike', human: false },
          { player: 'p_cy', name: 'Cy', human: true },
          { player: null, name: 'Lisa', human: false },
        ],
      }),
    ]);
    const relations = withRelation(INITIAL_SOCIAL.relations, 'block', { player: 'p_zed', name: 'Zed' }, true);
    table.render({ ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', lobby: entries, relations } });
    expect(tid('lobby').hidden).toBe(false);
    expect(tid('table').hidden).toBe(true);
    expect(tid('lobby').textContent).toContain('Hearts Multiplayer Lobby');
    expect(tid('lobby').textContent).toContain('Click a table to join a multiplayer game.');
    expect(tid('my-name').textContent).toBe('Bob');
    const rows = document.querySelectorAll<HTMLElement>('[data-testid="lobby-table"]');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Waiting for players · 3 free seats');
    expect(rows[0]?.textContent).toContain('Ends at 100');
    expect(rows[0]?.textContent).toContain('30 s per turn');
    expect(rows[1]?.textContent).toContain('Playing · join between hands');
    expect(rows[1]?.textContent).toContain('Mike (computer)');
    expect(rows[1]?.textContent).toContain('No timer');
    expect(rows[1]?.textContent).toContain('You blocked Zed here');
    rows[1]?.click();
    expect(rows[1]?.dataset['blocked']).toBe('true');
    expect(rows[0]?.dataset['blocked']).toBeUndefined();
    expect(rows[0]?.textContent).not.toContain('You blocked');
    expect(hs.joinTable).toHaveBeenCalledWith(expect.objectContaining({ table: 'play1234' }));
    tid('create-private').click();
    expect(hs.createTable).toHaveBeenCalledWith(true);
    tid('create-public').click();
    expect(hs.createTable).toHaveBeenCalledWith(false);
    tid('join-private').click();
    expect(hs.openJoinCode).toHaveBeenCalled();
  });

  it('marks a table blocked as soon as I block someone seated there, with no server message', () => {
    const entries = lobby([
      lobbyEntryRaw({ table: 'aaa11111', created: 2 }),
      lobbyEntryRaw({
        table: 'zed11111',
        created: 1,
        seats: [
          { player: 'p_zed', name: 'Zed', human: true },
          { player: null, name: null, human: false },
          { player: null, name: null, human: false },
          { player: null, name: null, human: false },
        ],
      }),
    ]);
    const base: AppState = { ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', lobby: entries } };
    table.render(base);
    const row = (id: string): HTMLElement => q(`[data-testid="lobby-table"][data-table="${id}"]`);
    const other = row('aaa11111');
    expect(row('zed11111').textContent).not.toContain('You blocked');
    // The block is set on this page (the server's `relations` comes later, if at all).
    const relations = withRelation(INITIAL_SOCIAL.relations, 'block', { player: 'p_zed', name: 'Zed' }, true);
    table.render({ ...base, social: { ...base.social, relations } });
    expect(row('zed11111').textContent).toContain('⚠ You blocked Zed here');
    expect(row('zed11111').dataset['blocked']).toBe('true');
    expect(row('zed11111').getAttribute('aria-label')).toContain('You blocked a player here');
    // The other table's row was not redrawn (focus and hover stay on it).
    expect(row('aaa11111')).toBe(other);
    // Unblocking takes the mark away again.
    table.render({ ...base, social: { ...base.social, relations: withRelation(relations, 'block', { player: 'p_zed', name: 'Zed' }, false) } });
    expect(row('zed11111').textContent).not.toContain('You blocked');
  });

  it('an update redraws only the tables it changed, in the listing’s order', () => {
    const first = lobby([lobbyEntryRaw({ table: 'aaa11111', created: 2 }), lobbyEntryRaw({ table: 'bbb11111', created: 1 })]);
    const base: AppState = { ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', lobby: first } };
    table.render(base);
    const before = [...document.querySelectorAll<HTMLElement>('[data-testid="lobby-table"]')];
    expect(before.map((b) => b.dataset['table'])).toEqual(['aaa11111', 'bbb11111']);
    before[0]?.focus();
    const [a] = first;
    const changedB = lobby([lobbyEntryRaw({ table: 'bbb11111', created: 3, timer: 60 })])[0];
    if (!a || !changedB) throw new Error('fixtures');
    table.render({ ...base, social: { ...base.social, lobby: [changedB, a] } });
    const after = [...document.querySelectorAll<HTMLElement>('[data-testid="lobby-table"]')];
    expect(after.map((b) => b.dataset['table'])).toEqual(['bbb11111', 'aaa11111']);
    expect(after[1]).toBe(before[0]);
    expect(document.activeElement).toBe(before[0]);
    expect(after[0]).not.toBe(before[1]);
    expect(after[0]?.textContent).toContain('60 s per turn');
    // The same listing again draws nothing new.
    table.render({ ...base, social: { ...base.social, lobby: [changedB, a] } });
    expect(document.querySelector('[data-testid="lobby-table"]')).toBe(after[0]);
  });

  it('says when there are no tables', () => {
    table.render({ ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, lobby: [] } });
    expect(tid('lobby-empty').textContent).toBe('No open tables right now. Create one!');
  });

  it('the waiting room: seats or empty, the code, Start game for the host only', () => {
    table.render({ ...initialState(), screen: 'room', social: social(waitingInfoRaw({ you: 'S' })) });
    expect(tid('room').hidden).toBe(false);
    expect(tid('room-title').textContent).toBe('Private table');
    expect(tid('room').dataset['table']).toBe('k3v9q2mx');
    expect(tid('room-code-value').textContent).toBe('k3v9q2mx');
    expect(tid('room-seat-S').textContent).toBe('Ada (you, host)');
    expect(tid('room-seat-N').textContent).toBe('empty');
    expect(tid('start-game').hidden).toBe(false);
    expect(tid('leave-table').hidden).toBe(false);
    expect(tid('chat').hidden).toBe(false);
    tid('start-game').click();
    expect(hs.startGame).toHaveBeenCalled();
    table.render({ ...initialState(), screen: 'room', social: social(waitingInfoRaw()) });
    expect(tid('start-game').hidden).toBe(true);
    expect(tid('room-hint').textContent).toBe('Waiting for Ada (the host) to start the game…');
  });

  it('a rated game at a private table: the host asks, each person agrees, and the room says where it stands', () => {
    const room = (raw: RawInfo): void => table.render({ ...initialState(), screen: 'room', social: social(raw) });
    const line = (): string => tid('rated-line').textContent ?? '';
    // The host, before asking.
    room(waitingInfoRaw({ you: 'S' }));
    expect(tid('allow-rated').hidden).toBe(false);
    expect(tid('allow-rated').textContent).toBe('Ask for a rated game');
    expect(line()).toBe('Not rated unless you ask and everyone here agrees.');
    tid('allow-rated').click();
    expect(hs.allow).toHaveBeenCalledWith('rated', true);
    // Bob, before the host asked: nothing to agree to.
    room(waitingInfoRaw());
    expect(tid('allow-rated').hidden).toBe(true);
    expect(line()).toBe('Not rated.');
    // The host asked.
    room(waitingInfoRaw({ you: 'S', rated_votes: ['S'] }));
    expect(tid('allow-rated').textContent).toBe('Rated game asked');
    expect(tid('allow-rated').getAttribute('aria-pressed')).toBe('true');
    expect(line()).toBe('You asked for a rated game: it is rated if everyone agrees before the start (Ada ✓ · Bob …).');
    room(waitingInfoRaw({ rated_votes: ['S'] }));
    expect(tid('allow-rated').hidden).toBe(false);
    expect(tid('allow-rated').textContent).toBe('Agree to a rated game');
    expect(line()).toBe('Ada asks for a rated game: it is rated if everyone agrees before the start (Ada ✓ · Bob …).');
    // Everyone agreed.
    room(waitingInfoRaw({ rated_votes: ['S', 'W'], rated: true }));
    expect(tid('allow-rated').textContent).toBe('You agreed');
    expect(line()).toBe('This game is rated: everyone here agreed.');
    // A public table's game is rated without asking.
    room(waitingInfoRaw({ kind: 'public', rated: true }));
    expect(tid('allow-rated').hidden).toBe(true);
    expect(line()).toBe('This game is rated: your rating changes with your place among the people here.');
  });
});

describe('dialogs', () => {
  it('the Rules name the players at the table, people and computer players, from my seat', () => {
    table.render({ ...atTable(westPlayRaw({ names: NAMES })), dialog: 'rules' });
    expect(tid('dialog-rules').textContent).toContain('You play against Bill (a computer player) on your left, Cy across the table and Ada on your right. Everyone gets 13 cards.');
    expect(tid('dialog-rules').textContent).not.toContain('Mike');
  });

  function withPrompt(prompt: Prompt, over: Partial<Social> = {}): AppState {
    return { ...initialState(), screen: 'lobby', social: { ...INITIAL_SOCIAL, lobby: [], prompt, ...over } };
  }

  it('asks for a name, with the focus in the field, and shows a refusal', () => {
    table.render(withPrompt({ kind: 'name', error: null }));
    expect(tid('prompt').hidden).toBe(false);
    expect(tid('prompt').textContent).toContain('Enter your name');
    expect(tid('prompt').textContent).toContain('Please enter a name to display to other players');
    expect(document.activeElement).toBe(tid('name-input'));
    (tid('name-input') as HTMLInputElement).value = 'Ada';
    tid('name-ok').click();
    expect(hs.submitName).toHaveBeenCalledWith('Ada');
    table.render(withPrompt({ kind: 'name', error: 'That name is taken' }));
    expect(tid('prompt-error').textContent).toBe('That name is taken');
    // The field keeps what was typed across renders.
    expect((tid('name-input') as HTMLInputElement).value).toBe('Ada');
  });

  it('keeps Tab inside the dialog, and Escape closes it', () => {
    table.render(withPrompt({ kind: 'join-code', error: null }));
    const buttons = [...tid('prompt').querySelectorAll<HTMLElement>('button')];
    const last = buttons[buttons.length - 1] as HTMLElement;
    last.focus();
    // jsdom has no layout (offsetParent is null): the trap falls back to every field and button.
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(tid('code-input'));
    tid('code-input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(last);
    tid('code-input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(hs.closePrompt).toHaveBeenCalled();
  });

  it('the private table: code, link and copy', () => {
    table.render(withPrompt({ kind: 'private-created', code: 'k3v9q2mx' }));
    expect(tid('prompt').textContent).toContain('Private table created');
    expect(tid('prompt').textContent).toContain('The code for the table is:');
    expect(tid('private-code').textContent).toBe('k3v9q2mx');
    expect((tid('private-link') as HTMLInputElement).value).toBe('http://hearts.test/?join=k3v9q2mx');
    tid('copy-link').click();
    expect(hs.copyText).toHaveBeenCalledWith('http://hearts.test/?join=k3v9q2mx');
  });

  it('joining a table with a blocked user asks first, naming them', () => {
    table.render(withPrompt({ kind: 'confirm-blocked', table: 'pub1', names: '<b>Zed</b>', reason: null }));
    expect(tid('blocked-text').textContent).toBe(
      'This table has a player (<b>Zed</b>) that you have blocked previously (perhaps under another name). Are you sure you want to join it?',
    );
    expect(tid('prompt').querySelector('b')).toBeNull();
    tid('blocked-yes').click();
    expect(hs.confirmBlocked).toHaveBeenCalledWith('pub1');
  });

  it('block, mute, favorite: the toggles show and set the relations', () => {
    const relations = withRelation(INITIAL_SOCIAL.relations, 'mute', { player: 'p_ada', name: 'Ada' }, true);
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada' }, { relations }));
    expect(tid('prompt').textContent).toContain('Block, mute, favorite');
    expect(tid('prompt').textContent).toContain('If you block a player they can no longer challenge you to a game or join a table you are at.');
    expect((tid('relation-mute') as HTMLInputElement).checked).toBe(true);
    expect((tid('relation-block') as HTMLInputElement).checked).toBe(false);
    const fav = tid('relation-favorite') as HTMLInputElement;
    fav.click();
    expect(hs.setRelation).toHaveBeenCalledWith('p_ada', 'Ada', 'favorite', true);
  });

  it('concede asks first', () => {
    table.render(withPrompt({ kind: 'concede' }));
    expect(tid('prompt').textContent).toContain('Are you sure you want to concede the game?');
    tid('concede-yes').click();
    expect(hs.confirmConcede).toHaveBeenCalled();
  });

  it('the inactivity message offers Multiplayer', () => {
    table.render(withPrompt({ kind: 'message', id: 'inactivity', title: 'Disconnected', lines: ['x'] }));
    tid('prompt-multiplayer').click();
    expect(hs.promptMultiplayer).toHaveBeenCalled();
  });
});
