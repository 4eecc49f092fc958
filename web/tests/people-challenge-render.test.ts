// Challenges, headless and drawn: the queue of challenges to me, their terms in words,
// when the question is asked, the dialog, the button in a person's panel, the lobby's
// favorites and the challenger's waiting room. Names stay text, never markup.

import { beforeEach, describe, expect, it } from 'vitest';
import type { TableInfo } from '../src/net/types';
import { TableView } from '../src/table/table-view';
import { challengeRoomText } from '../src/people/render-social';
import {
  INITIAL_SOCIAL,
  addChallenge,
  applyTableInfo,
  dropChallenge,
  type IncomingChallenge,
  type Prompt,
  type Social,
} from '../src/state/social';
import { challengeTerms } from '../src/game/rules-words';
import { applySnapshot, askedChallenge, inGameWithPeople, initialState, type AppState } from '../src/state/state';
import { gameOverRaw, infoRaw, parsed, snapshotOf, tableText, waitingInfoRaw, westPlayRaw, type RawInfo, type RawView } from './fixtures';
import { spyHandlers, type Spied } from './handlers';

const EVIL = '<img src=x onerror=alert(1)>';
const NAMES = ['Ada', 'Bob', 'Bill', 'Cy'];
const RULES = 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue';

const fromAda: IncomingChallenge = { table: 'chal1234', from: { player: 'p_ada', name: 'Ada' }, rules: RULES, timer: 30 };
const fromCy: IncomingChallenge = { table: 'chal5678', from: { player: 'p_cy', name: 'Cy' }, rules: 'end=50,pass=N', timer: 0 };

function info(raw: RawInfo): TableInfo {
  const m = parsed(tableText(raw));
  if (m.t !== 'table') throw new Error(m.t);
  return m.info;
}

function seated(raw: RawInfo, over: Partial<Social> = {}): Social {
  return { ...applyTableInfo({ ...INITIAL_SOCIAL, player: 'p_bob', name: 'Bob' }, 'k3v9q2mx', info(raw), 1000), ...over };
}

function atTable(view: RawView, s: Social): AppState {
  const st = applySnapshot({ ...initialState(), conn: { kind: 'open' } }, snapshotOf(view, 'k3v9q2mx', 5));
  return { ...st, social: s };
}

function inLobby(over: Partial<Social> = {}): AppState {
  return { ...initialState(), conn: { kind: 'open' }, screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', player: 'p_bob', lobby: [], ...over } };
}

const q = (selector: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
};
const tid = (id: string): HTMLElement => q(`[data-testid="${id}"]`);
const all = (id: string): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

describe('the queue of challenges to me', () => {
  it('keeps them in order, replaces a repeated one in place, and drops answered ones', () => {
    let s = addChallenge(addChallenge(INITIAL_SOCIAL, fromAda), fromCy);
    expect(s.challenges.map((c) => c.from.name)).toEqual(['Ada', 'Cy']);
    // The server asks again after every hello: still one question per table.
    s = addChallenge(s, { ...fromAda, timer: 60 });
    expect(s.challenges.map((c) => [c.from.name, c.timer])).toEqual([
      ['Ada', 60],
      ['Cy', 0],
    ]);
    s = dropChallenge(s, 'chal1234');
    expect(s.challenges.map((c) => c.from.name)).toEqual(['Cy']);
    expect(dropChallenge(s, 'unknown1')).toBe(s);
  });

  it('puts the rules and the timer in plain sentences', () => {
    expect(challengeTerms(RULES, 30)).toBe('The game ends at 100 points. Pass order: left, right, across, no pass. 30 seconds per turn.');
    expect(challengeTerms('pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=50', 0)).toBe(
      'The game ends at 50 points. Pass order: left, across, right, no pass. The Q♠ breaks hearts. ' +
        'Whoever shoots the moon chooses how it scores. The J♦ takes 10 points off. No turn timer.',
    );
    expect(challengeTerms('end=75,pass=N,moon=shooter', 15)).toBe(
      'The game ends at 75 points. No passing. Shooting the moon takes 26 off the shooter’s score. 15 seconds per turn.',
    );
    // A game of so many hands says so, and shared wins too.
    expect(challengeTerms('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4', 0)).toBe(
      'The game is 4 hands (or ends sooner at 100 points). Pass order: left, right, across, no pass. ' +
        'Players tied for the lowest score share the win. No turn timer.',
    );
  });

  it('asks about the oldest, except after "Later" during a game with people', () => {
    const queue = { challenges: [fromAda, fromCy] };
    expect(askedChallenge(inLobby(queue))).toEqual(fromAda);
    expect(askedChallenge(inLobby())).toBeNull();
    const playing = atTable(westPlayRaw({ names: NAMES }), seated(infoRaw(), queue));
    expect(inGameWithPeople(playing)).toBe(true);
    expect(askedChallenge(playing)).toEqual(fromAda);
    const later = atTable(westPlayRaw({ names: NAMES }), seated(infoRaw(), { ...queue, challengesLater: 'k3v9q2mx' }));
    expect(askedChallenge(later)).toBeNull();
    // Once that game is over the question comes back.
    const over = atTable(gameOverRaw({ seat: 'W', names: NAMES }), seated(infoRaw({ state: 'finished' }), { ...queue, challengesLater: 'k3v9q2mx' }));
    expect(inGameWithPeople(over)).toBe(false);
    expect(askedChallenge(over)).toEqual(fromAda);
    // A game against the computer keeps nobody waiting.
    const solo = applySnapshot({ ...initialState(), conn: { kind: 'open' } }, snapshotOf(westPlayRaw({ names: NAMES })));
    expect(inGameWithPeople(solo)).toBe(false);
  });

  it('words the waiting room line for the host and for the others', () => {
    expect(challengeRoomText({ player: 'p_cy', name: 'Cy', state: 'pending' }, true, 'Ada')).toBe('Waiting for Cy to answer your challenge…');
    expect(challengeRoomText({ player: 'p_cy', name: 'Cy', state: 'declined' }, true, 'Ada')).toBe('Cy declined your challenge.');
    expect(challengeRoomText({ player: 'p_cy', name: 'Cy', state: 'pending' }, false, 'Ada')).toBe('Waiting for Cy to answer Ada’s challenge…');
    expect(challengeRoomText({ player: 'p_cy', name: 'Cy', state: 'declined' }, false, 'Ada')).toBe('Cy declined the challenge.');
  });
});

let hs: Spied;
let table: TableView;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  hs = spyHandlers();
  table = new TableView(q('#root'), hs);
});

describe('the challenge dialog', () => {
  it('asks "NAME challenges you to a game of Hearts." with the terms, Accept and Decline', () => {
    table.render(inLobby({ challenges: [fromAda] }));
    const dialog = tid('challenge');
    expect(dialog.hidden).toBe(false);
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(tid('challenge-text').textContent).toBe('Ada challenges you to a game of Hearts.');
    expect(tid('challenge-terms').textContent).toBe(
      'The game ends at 100 points. Pass order: left, right, across, no pass. 30 seconds per turn.',
    );
    expect(document.activeElement).toBe(tid('challenge-accept'));
    expect(all('challenge-more')).toHaveLength(0);
    tid('challenge-accept').click();
    expect(hs.acceptChallenge).toHaveBeenCalledWith('chal1234');
    tid('challenge-decline').click();
    expect(hs.declineChallenge).toHaveBeenCalledWith('chal1234');
  });

  it('shows one at a time, says how many wait, and goes away when the queue is empty', () => {
    table.render(inLobby({ challenges: [fromAda, fromCy] }));
    expect(tid('challenge-from').textContent).toBe('Ada');
    expect(tid('challenge-more').textContent).toBe('1 more challenge after this one.');
    table.render(inLobby({ challenges: [fromCy] }));
    expect(tid('challenge-from').textContent).toBe('Cy');
    expect(tid('challenge-terms').textContent).toBe('The game ends at 50 points. No passing. No turn timer.');
    expect(all('challenge-more')).toHaveLength(0);
    table.render(inLobby());
    expect(tid('challenge').hidden).toBe(true);
    expect(all('challenge-accept')).toHaveLength(0);
  });

  it('works on the start screen too, and gives the focus back when it closes', () => {
    const start: AppState = { ...initialState(), conn: { kind: 'open' }, screen: 'start' };
    table.render(start);
    tid('multiplayer').focus();
    table.render({ ...start, social: { ...start.social, challenges: [fromAda] } });
    expect(tid('challenge').hidden).toBe(false);
    expect(document.activeElement).toBe(tid('challenge-accept'));
    table.render(start);
    expect(tid('challenge').hidden).toBe(true);
    expect(document.activeElement).toBe(tid('multiplayer'));
  });

  it('during a game with people: no Accept, but Later and Decline, over the game that goes on', () => {
    const s = atTable(westPlayRaw({ names: NAMES, legal: ['2C', '7C'] }), seated(infoRaw(), { challenges: [fromAda] }));
    table.render(s);
    expect(tid('challenge').hidden).toBe(false);
    expect(tid('challenge-busy').textContent).toBe('You are in the middle of a game: finish it (or concede it) to accept.');
    expect(all('challenge-accept')).toHaveLength(0);
    tid('challenge-later').click();
    expect(hs.challengeLater).toHaveBeenCalled();
    // The game underneath is still drawn and playable.
    expect(tid('app').dataset['ui']).toBe('my-turn');
    expect(tid('hand').querySelectorAll('[data-card]')).toHaveLength(s.game?.view.cards.length ?? -1);
    expect(tid('hand').querySelectorAll('[data-card]').length).toBeGreaterThan(0);
    table.render({ ...s, social: { ...s.social, challengesLater: 'k3v9q2mx' } });
    expect(tid('challenge').hidden).toBe(true);
  });

  it('a name that looks like HTML is shown as text', () => {
    table.render(inLobby({ challenges: [{ ...fromAda, from: { player: 'p_x', name: EVIL } }] }));
    expect(tid('challenge-from').textContent).toBe(EVIL);
    expect(tid('challenge').querySelectorAll('img')).toHaveLength(0);
    expect(tid('challenge').innerHTML).toContain('&lt;img');
  });
});

describe('challenging from a person’s panel', () => {
  function withPrompt(prompt: Prompt, s: AppState = inLobby()): AppState {
    return { ...s, social: { ...s.social, prompt } };
  }

  it('offers "Challenge to a game", and shows the server’s refusal in the panel', () => {
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada' }));
    const b = tid('challenge-player') as HTMLButtonElement;
    expect(b.textContent).toBe('Challenge to a game');
    expect(b.disabled).toBe(false);
    expect(tid('prompt-error').hidden).toBe(true);
    // The panel's focus stays on Done: Enter does not send a challenge by accident.
    expect(document.activeElement).toBe(tid('prompt-ok'));
    b.click();
    expect(hs.challenge).toHaveBeenCalledWith('p_ada', 'Ada');
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada', error: 'Ada is not online right now' }));
    expect(tid('prompt-error').hidden).toBe(false);
    expect(tid('prompt-error').textContent).toBe('Ada is not online right now');
  });

  it('is busy while a request is on its way, and waits for the end of a game with people', () => {
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada' }, inLobby({ request: 'challenge' })));
    expect((tid('challenge-player') as HTMLButtonElement).disabled).toBe(true);
    const playing = atTable(westPlayRaw({ names: NAMES }), seated(infoRaw()));
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada' }, playing));
    expect((tid('challenge-player') as HTMLButtonElement).disabled).toBe(true);
    expect(tid('challenge-after-game').hidden).toBe(false);
    expect(tid('challenge-after-game').textContent).toBe('You can challenge Ada when this game is over.');
    const over = atTable(gameOverRaw({ seat: 'W', names: NAMES }), seated(infoRaw({ state: 'finished' })));
    table.render(withPrompt({ kind: 'player', player: 'p_ada', name: 'Ada' }, over));
    expect((tid('challenge-player') as HTMLButtonElement).disabled).toBe(false);
    expect(tid('challenge-after-game').hidden).toBe(true);
  });

  it('is not offered in my own panel', () => {
    table.render(withPrompt({ kind: 'player', player: 'p_bob', name: 'Bob' }));
    expect(tid('prompt').hidden).toBe(false);
    expect(all('challenge-player')).toHaveLength(0);
  });
});

describe('favorites in the lobby', () => {
  it('lists them with a Challenge button each, names as text', () => {
    const favorite = [
      { player: 'p_ada', name: 'Ada' },
      { player: 'p_x', name: EVIL },
    ];
    table.render(inLobby({ relations: { block: [], mute: [], favorite } }));
    expect(tid('favorites').hidden).toBe(false);
    expect(tid('favorites').textContent).toContain('Favorites');
    expect(all('favorite-name').map((e) => e.textContent)).toEqual(['Ada', EVIL]);
    expect(tid('favorites').querySelectorAll('img')).toHaveLength(0);
    const buttons = all('favorite-challenge');
    expect(buttons.map((b) => b.textContent)).toEqual(['Challenge', 'Challenge']);
    expect(buttons[1]?.getAttribute('aria-label')).toBe(`Challenge ${EVIL} to a game`);
    buttons[1]?.click();
    expect(hs.challenge).toHaveBeenCalledWith('p_x', EVIL);
    // The name opens the person's panel (block, mute, favorite).
    all('favorite-name')[0]?.click();
    expect(hs.openPlayer).toHaveBeenCalledWith('p_ada', 'Ada');
    expect(hs.challenge).toHaveBeenCalledTimes(1);
  });

  it('is hidden without favorites, and its buttons are busy while a challenge is on its way', () => {
    table.render(inLobby());
    expect(tid('favorites').hidden).toBe(true);
    const relations = { block: [], mute: [], favorite: [{ player: 'p_ada', name: 'Ada' }] };
    table.render(inLobby({ relations, request: 'challenge' }));
    expect((tid('favorite-challenge') as HTMLButtonElement).disabled).toBe(true);
    table.render(inLobby({ relations }));
    expect((tid('favorite-challenge') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the challenger’s waiting room', () => {
  function room(challenge: unknown, you = 'S'): AppState {
    const seats = (waitingInfoRaw()['seats'] as Record<string, unknown>[]).map((x, k) =>
      k === 1 ? { player: null, name: null, human: false, connected: false, away: false } : x,
    );
    return { ...initialState(), screen: 'room', social: seated(waitingInfoRaw({ you, seats, challenge })) };
  }

  it('says whom we wait for, then that they declined, with the code and Leave still there', () => {
    table.render(room({ player: 'p_cy', name: 'Cy', state: 'pending' }));
    expect(tid('room-challenge').hidden).toBe(false);
    expect(tid('room-challenge').textContent).toBe('Waiting for Cy to answer your challenge…');
    expect(tid('room-code-value').textContent).toBe('k3v9q2mx');
    expect(tid('leave-table').hidden).toBe(false);
    table.render(room({ player: 'p_cy', name: 'Cy', state: 'declined' }));
    expect(tid('room-challenge').textContent).toBe('Cy declined your challenge.');
    expect(tid('room-challenge').dataset['state']).toBe('declined');
    table.render(room(null));
    expect(tid('room-challenge').hidden).toBe(true);
  });

  it('names the challenged person as text', () => {
    table.render(room({ player: 'p_x', name: EVIL, state: 'pending' }));
    expect(tid('room-challenge').textContent).toBe(`Waiting for ${EVIL} to answer your challenge…`);
    expect(tid('room').querySelectorAll('img')).toHaveLength(0);
  });
});
