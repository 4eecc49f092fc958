// The controller with challenges: challenging from the lobby's favorites and from a
// person's panel (and the server's refusals), the challenger's waiting room, the
// question to the challenged person (accept, decline, queue, withdrawn, reconnect, in
// the middle of a game). A fake socket plays the server.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/app';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { memoryStore, saveIdentity, type KeyValueStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';
import { gameOverRaw, infoRaw, snapshotText, tableText, updateText, waitingInfoRaw, westPlayRaw } from './fixtures';

let sockets: FakeSocket[];
let store: KeyValueStore;
let app: App;

const tid = (id: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`no ${id}`);
  return el;
};
const all = (id: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const last = (): FakeSocket => sockets[sockets.length - 1] as FakeSocket;
const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const ui = (): string | undefined => tid('app').dataset['ui'];
const sentOf = (t: string): Record<string, unknown>[] => last().messages().filter((m) => m['t'] === t);
const send = (o: unknown): void => last().receive(JSON.stringify(o));
const NAMES = ['Ada', 'Bob', 'Bill', 'Cy'];
const RULES = 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue';

const welcome = (name: string | null, favorite: { player: string; name: string }[] = [], tables: string[] = []) => ({
  t: 'welcome',
  player: 'p_bob',
  token: 'sec',
  tables,
  name,
  relations: { block: [], mute: [], favorite },
});

const challengeFrom = (name: string, table: string, over: Record<string, unknown> = {}) => ({
  t: 'challenge',
  table,
  from: { player: `p_${name.toLowerCase()}`, name },
  rules: RULES,
  timer: 30,
  ...over,
});

/** The table the server opens for Bob's challenge: Bob (S, host) alone, asking `name`. */
function challengeTable(name: string, state: 'pending' | 'declined' | null, over: Record<string, unknown> = {}) {
  const seats = (waitingInfoRaw()['seats'] as Record<string, unknown>[]).map((x, k) =>
    k === 0
      ? { ...x, player: 'p_bob', name: 'Bob' }
      : k === 1
        ? { player: null, name: null, human: false, connected: false, away: false }
        : x,
  );
  const challenge = state === null ? null : { player: `p_${name.toLowerCase()}`, name, state };
  return waitingInfoRaw({ you: 'S', host: 'S', code: 'chal1234', seats, challenge, ...over });
}

function boot(): void {
  document.body.innerHTML = '<div id="root"></div>';
  app = new App({
    root: document.getElementById('root') as HTMLElement,
    store,
    settings: { ...DEFAULT_SETTINGS, speed: 'off', endScore: 30, turnTimer: 45 },
    url: 'ws://test/ws',
    socketFactory: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    policy: { baseDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 5000 },
    origin: 'http://hearts.test',
  });
  app.start();
  last().open();
}

/** Bob in the lobby, with Ada and Cy as favorites. */
function toLobby(): void {
  boot();
  send(
    welcome('Bob', [
      { player: 'p_ada', name: 'Ada' },
      { player: 'p_cy', name: 'Cy' },
    ]),
  );
  tid('multiplayer').click();
  expect(ui()).toBe('lobby');
}

beforeEach(() => {
  sockets = [];
  store = memoryStore();
  (store as { persistent: boolean }).persistent = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('challenging someone', () => {
  it('from the lobby’s favorites: the waiting room says whom we wait for, then that they declined', () => {
    toLobby();
    expect(all('favorite-name').map((e) => e.textContent)).toEqual(['Ada', 'Cy']);
    (all('favorite-challenge')[0] as HTMLElement).click();
    // With the settings' rules and timer, as for create_table.
    expect(sentOf('challenge')).toEqual([
      { t: 'challenge', player: 'p_ada', rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30', timer: 45 },
    ]);
    expect((all('favorite-challenge')[1] as HTMLButtonElement).disabled).toBe(true);
    // The server answers with the table, then the ack.
    last().receive(tableText(challengeTable('Ada', 'pending'), 'chal1234'));
    send({ t: 'ack', id: last().idOf('challenge'), v: 0 });
    expect(ui()).toBe('room');
    expect(sentOf('lobby').at(-1)).toEqual({ t: 'lobby', on: false });
    // No "Private table created" dialog: the room itself says what happens.
    expect(tid('prompt').hidden).toBe(true);
    expect(tid('room-challenge').textContent).toBe('Waiting for Ada to answer your challenge…');
    expect(tid('room-code-value').textContent).toBe('chal1234');
    last().receive(tableText(challengeTable('Ada', 'declined'), 'chal1234'));
    expect(tid('room-challenge').textContent).toBe('Ada declined your challenge.');
    tid('leave-table').click();
    expect(sentOf('leave')).toEqual([{ t: 'leave', table: 'chal1234' }]);
  });

  it('when they join, the line goes and they sit at the table', () => {
    toLobby();
    (all('favorite-challenge')[0] as HTMLElement).click();
    last().receive(tableText(challengeTable('Ada', 'pending'), 'chal1234'));
    send({ t: 'ack', id: last().idOf('challenge'), v: 0 });
    const seats = (challengeTable('Ada', null)['seats'] as Record<string, unknown>[]).map((x, k) =>
      k === 1 ? { player: 'p_ada', name: 'Ada', human: true, connected: true, away: false } : x,
    );
    last().receive(tableText(challengeTable('Ada', null, { seats }), 'chal1234'));
    expect(tid('room-challenge').hidden).toBe(true);
    expect(tid('room-name-W').textContent).toBe('Ada');
    tid('start-game').click();
    expect(sentOf('start')).toEqual([{ t: 'start', table: 'chal1234' }]);
  });

  it('from a person’s panel in a waiting room; the panel closes once the table is open', () => {
    boot();
    send(welcome('Bob', [], ['k3v9q2mx']));
    last().receive(tableText(waitingInfoRaw({ you: 'W' })));
    expect(ui()).toBe('room');
    tid('room-name-S').click();
    expect(tid('prompt').dataset['prompt']).toBe('player');
    tid('challenge-player').click();
    expect(sentOf('challenge')).toEqual([{ t: 'challenge', player: 'p_ada', rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30', timer: 45 }]);
    last().receive(tableText(challengeTable('Ada', 'pending'), 'chal1234'));
    expect(tid('prompt').hidden).toBe(true);
    expect(ui()).toBe('room');
    expect(tid('room-challenge').textContent).toBe('Waiting for Ada to answer your challenge…');
  });

  it('shows the server’s refusals in the panel: offline, blocked, rate limited', () => {
    boot();
    send(welcome('Bob', [], ['k3v9q2mx']));
    last().receive(tableText(waitingInfoRaw({ you: 'W' })));
    tid('room-name-S').click();
    const refuse = (code: string, reason: string): void => {
      tid('challenge-player').click();
      send({ t: 'error', code, reason, id: last().idOf('challenge') });
    };
    refuse('offline', 'Ada is not online right now');
    expect(tid('prompt').dataset['prompt']).toBe('player');
    expect(tid('prompt-error').textContent).toBe('Ada is not online right now');
    expect(ui()).toBe('room');
    refuse('blocked', 'You can’t challenge this player');
    expect(tid('prompt-error').textContent).toBe('You can’t challenge this player');
    // Not the words for a table that refuses me.
    expect(tid('prompt').textContent).not.toContain('a player at this table has blocked you');
    refuse('blocked', 'You have blocked Ada: unblock them to challenge them');
    expect(tid('prompt-error').textContent).toBe('You have blocked Ada: unblock them to challenge them');
    refuse('rate_limited', 'Too many challenges: wait a minute');
    expect(tid('prompt-error').textContent).toBe('Too many challenges: wait a minute');
    expect(tid('chat-error').hidden).toBe(true);
    refuse('state', 'You have already challenged Ada');
    expect(tid('prompt-error').textContent).toBe('You have already challenged Ada');
    // A new try clears the old refusal while it is on its way.
    tid('challenge-player').click();
    expect(tid('prompt-error').hidden).toBe(true);
    expect((tid('challenge-player') as HTMLButtonElement).disabled).toBe(true);
  });

  it('from the favorites, a refusal is a notice; a later unknown table is not taken for it', () => {
    toLobby();
    (all('favorite-challenge')[1] as HTMLElement).click();
    send({ t: 'error', code: 'offline', reason: 'Cy is not online right now', id: last().idOf('challenge') });
    expect(tid('notice').textContent).toBe('Cy is not online right now');
    expect(ui()).toBe('lobby');
    expect((all('favorite-challenge')[1] as HTMLButtonElement).disabled).toBe(false);
    last().receive(tableText(challengeTable('Cy', 'pending'), 'other123'));
    expect(ui()).toBe('lobby');
  });

  it('no name yet: asks for it, then challenges again and enters the table', () => {
    toLobby();
    (all('favorite-challenge')[0] as HTMLElement).click();
    send({ t: 'error', code: 'no_name', reason: 'Enter your name', id: last().idOf('challenge') });
    expect(tid('prompt').dataset['prompt']).toBe('name');
    (tid('name-input') as HTMLInputElement).value = 'Bob';
    tid('name-ok').click();
    send({ t: 'you', player: 'p_bob', name: 'Bob' });
    expect(sentOf('challenge')).toHaveLength(2);
    expect(sentOf('challenge')[1]).toEqual(sentOf('challenge')[0]);
    last().receive(tableText(challengeTable('Ada', 'pending'), 'chal1234'));
    expect(ui()).toBe('room');
  });

  it('no name on create_table: after the name, the new table is entered too', () => {
    toLobby();
    tid('create-private').click();
    send({ t: 'error', code: 'no_name', reason: 'Enter your name', id: last().idOf('create_table') });
    (tid('name-input') as HTMLInputElement).value = 'Bob';
    tid('name-ok').click();
    send({ t: 'you', player: 'p_bob', name: 'Bob' });
    expect(sentOf('create_table')).toHaveLength(2);
    last().receive(tableText(waitingInfoRaw({ you: 'S' }), 'k3v9q2mx'));
    expect(ui()).toBe('room');
    expect(tid('prompt').dataset['prompt']).toBe('private-created');
  });
});

describe('being challenged', () => {
  it('in the lobby: Decline says no, and the dialog goes', () => {
    toLobby();
    send(challengeFrom('Ada', 'chal1234'));
    expect(tid('challenge').hidden).toBe(false);
    expect(tid('challenge-text').textContent).toBe('Ada challenges you to a game of Hearts.');
    expect(tid('challenge-terms').textContent).toBe(
      'The game ends at 100 points. Pass order: left, right, across, no pass. 30 seconds per turn.',
    );
    tid('challenge-decline').click();
    expect(sentOf('decline')).toEqual([{ t: 'decline', table: 'chal1234' }]);
    expect(tid('challenge').hidden).toBe(true);
    send({ t: 'ack', id: last().idOf('decline'), v: 0 });
    send({ t: 'challenge_over', table: 'chal1234', reason: 'declined' });
    expect(tid('challenge').hidden).toBe(true);
    expect(tid('notice').hidden).toBe(true);
    expect(ui()).toBe('lobby');
  });

  it('Accept joins the table, and the waiting room follows', () => {
    toLobby();
    send(challengeFrom('Ada', 'chal1234'));
    tid('challenge-accept').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'chal1234' }]);
    expect(tid('challenge').hidden).toBe(true);
    send({ t: 'ack', id: last().idOf('join'), v: 1 });
    last().receive(tableText(waitingInfoRaw({ you: 'W', code: 'chal1234' }), 'chal1234'));
    send({ t: 'challenge_over', table: 'chal1234', reason: 'joined' });
    expect(ui()).toBe('room');
    expect(tid('room-name-S').textContent).toBe('Ada');
    expect(tid('room-hint').textContent).toBe('Waiting for Ada (the host) to start the game…');
  });

  it('accepted from another waiting room: the server taking Bob out of it first does not send him to the lobby', () => {
    toLobby();
    send(challengeFrom('Ada', 'chal0001'));
    tid('challenge-accept').click();
    send({ t: 'ack', id: last().idOf('join'), v: 1 });
    last().receive(tableText(waitingInfoRaw({ you: 'W', code: 'chal0001' }), 'chal0001'));
    expect(ui()).toBe('room');
    send(challengeFrom('Cy', 'chal0002'));
    tid('challenge-accept').click();
    expect(sentOf('join').at(-1)).toEqual({ t: 'join', table: 'chal0002' });
    // A person waits at one table at a time: the server says Bob left the first room
    // before it says he sits at the second (docs/protocol.md).
    last().receive(tableText(waitingInfoRaw({ you: null, code: 'chal0001' }), 'chal0001'));
    send({ t: 'ack', id: last().idOf('join'), v: 1 });
    const seats = (waitingInfoRaw()['seats'] as Record<string, unknown>[]).map((x, k) =>
      k === 0 ? { ...x, player: 'p_cy', name: 'Cy' } : x,
    );
    last().receive(tableText(waitingInfoRaw({ you: 'W', code: 'chal0002', seats }), 'chal0002'));
    expect(ui()).toBe('room');
    expect(tid('room-name-S').textContent).toBe('Cy');
  });

  it('on the start screen, without a name: Accept asks for the name, then joins', () => {
    boot();
    send(welcome(null));
    expect(ui()).toBe('start');
    send(challengeFrom('Ada', 'chal1234'));
    expect(tid('challenge').hidden).toBe(false);
    tid('challenge-accept').click();
    expect(tid('prompt').dataset['prompt']).toBe('name');
    expect(sentOf('join')).toEqual([]);
    (tid('name-input') as HTMLInputElement).value = 'Bob';
    tid('name-ok').click();
    send({ t: 'you', player: 'p_bob', name: 'Bob' });
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'chal1234' }]);
    last().receive(tableText(waitingInfoRaw({ you: 'W', code: 'chal1234' }), 'chal1234'));
    expect(ui()).toBe('room');
  });

  it('several challenges are asked one after another; a withdrawn one goes with a notice', () => {
    toLobby();
    send(challengeFrom('Ada', 'chal1234'));
    send(challengeFrom('Cy', 'chal5678', { timer: 0 }));
    send(challengeFrom('Dee', 'chal9999'));
    // Asked again (after a hello): still one question.
    send(challengeFrom('Ada', 'chal1234'));
    expect(tid('challenge-from').textContent).toBe('Ada');
    expect(tid('challenge-more').textContent).toBe('2 more challenges after this one.');
    // One further down the queue ends: it goes without a word.
    send({ t: 'challenge_over', table: 'chal9999', reason: 'withdrawn' });
    expect(tid('challenge-more').textContent).toBe('1 more challenge after this one.');
    expect(tid('notice').hidden).toBe(true);
    // The one on screen is withdrawn: it goes, with a notice, and the next is asked.
    send({ t: 'challenge_over', table: 'chal1234', reason: 'withdrawn' });
    expect(tid('notice').textContent).toBe('Ada withdrew the challenge.');
    expect(tid('challenge-from').textContent).toBe('Cy');
    expect(tid('challenge-terms').textContent).toContain('No turn timer.');
    expect(all('challenge-more')).toHaveLength(0);
    // Answered in another tab: it goes quietly.
    send({ t: 'challenge_over', table: 'chal5678', reason: 'declined' });
    expect(tid('challenge').hidden).toBe(true);
    expect(sentOf('decline')).toEqual([]);
  });

  it('a decline the server no longer knows is not an error on screen', () => {
    toLobby();
    send(challengeFrom('Ada', 'chal1234'));
    tid('challenge-decline').click();
    send({ t: 'error', code: 'not_found', reason: 'no open challenge to you at that table', id: last().idOf('decline') });
    expect(tid('notice').hidden).toBe(true);
    expect(tid('prompt').hidden).toBe(true);
  });

  it('after a reconnect only the challenges the server asks again about are shown', () => {
    vi.useFakeTimers({ now: 0 });
    toLobby();
    send(challengeFrom('Ada', 'chal1234'));
    send(challengeFrom('Cy', 'chal5678'));
    last().close();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(tid('challenge').hidden).toBe(true);
    send(welcome('Bob'));
    send(challengeFrom('Cy', 'chal5678'));
    expect(tid('challenge-from').textContent).toBe('Cy');
    expect(all('challenge-more')).toHaveLength(0);
  });

  it('in the middle of a game with people: Later keeps the game going, and the question comes back after it', async () => {
    saveIdentity(store, { player: 'p_bob', token: 'sec' });
    boot();
    send(welcome('Bob', [], ['k3v9q2mx']));
    last().receive(tableText(infoRaw()));
    last().receive(snapshotText(westPlayRaw({ names: NAMES, legal: ['2C', '7C'] }), 'k3v9q2mx', 10));
    await flush();
    expect(ui()).toBe('my-turn');
    send(challengeFrom('Ada', 'chal1234'));
    expect(tid('challenge').hidden).toBe(false);
    expect(all('challenge-accept')).toHaveLength(0);
    tid('challenge-later').click();
    expect(tid('challenge').hidden).toBe(true);
    expect(sentOf('decline')).toEqual([]);
    // The game goes on as before.
    tid('hand').querySelector<HTMLElement>('[data-card="2C"]')?.click();
    expect(sentOf('play')).toEqual([{ t: 'play', table: 'k3v9q2mx', card: '2C' }]);
    // Another challenge during this game: a notice, not a dialog.
    send(challengeFrom('Cy', 'chal5678'));
    expect(tid('challenge').hidden).toBe(true);
    expect(tid('notice').textContent).toBe('Cy challenges you to a game: you can answer when this game is over.');
    // Challenging is also kept for after the game.
    tid('name-S').click();
    expect((tid('challenge-player') as HTMLButtonElement).disabled).toBe(true);
    tid('prompt-ok').click();
    // The game ends: the question is back, with Accept.
    last().receive(tableText(infoRaw({ state: 'finished', deadline: null, waiting_for: [] })));
    last().receive(updateText(gameOverRaw({ seat: 'W', names: NAMES }), { kind: 'game_over', winners: ['W'] }, 11));
    await flush();
    expect(tid('challenge').hidden).toBe(false);
    expect(tid('challenge-from').textContent).toBe('Ada');
    tid('challenge-accept').click();
    expect(sentOf('join')).toEqual([{ t: 'join', table: 'chal1234' }]);
  });
});
