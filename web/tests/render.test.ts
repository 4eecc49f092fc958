import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUIT_ORDER, RANK_ORDER, cardSvg, moonSvg } from '../src/game/cards';
import { h } from '../src/ui/dom';
import type { Card } from '../src/net/types';
import { TableView } from '../src/table/table-view';
import { cardsLeft, markersLabel } from '../src/table/seats-view';
import { readSettingsForm } from '../src/parts/dialogs/settings-form';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { applySnapshot, applyUpdate, initialState, toggleSelect, type AppState } from '../src/state/state';
import { spyHandlers, type Spied } from './handlers';
import { beforeLeadRaw, gameOverRaw, handOverRaw, leadRaw, passRaw, playRaw, snapshotOf, updateOf, viewOf, type RawView } from './fixtures';

function handlers(): Spied {
  return spyHandlers();
}

function stateFor(raw: RawView, over: Partial<AppState> = {}): AppState {
  const s = applySnapshot({ ...initialState(DEFAULT_SETTINGS), conn: { kind: 'open' } }, snapshotOf(raw));
  return { ...s, ...over };
}

function q(selector: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}

const tid = (id: string): HTMLElement => q(`[data-testid="${id}"]`);

let root: HTMLElement;
let hs: ReturnType<typeof handlers>;
let table: TableView;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  root = q('#root');
  hs = handlers();
  table = new TableView(root, hs);
});

describe('the table from a play view', () => {
  beforeEach(() => table.render(stateFor(playRaw())));

  it('shows the hand sorted, with a label per card', () => {
    const cards = [...root.querySelectorAll<HTMLElement>('[data-testid="hand"] [data-card]')].map((e) => e.dataset['card']);
    expect(cards).toEqual(['2C', '7C', 'QC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH']);
    expect(tid('card-QS').getAttribute('aria-label')).toBe('Queen of spades');
    expect(tid('card-2H').getAttribute('aria-label')).toBe('Two of hearts');
    expect(tid('card-QS').querySelector('svg')).not.toBeNull();
  });

  it('makes only legal cards clickable', () => {
    for (const c of ['2C', '7C', 'QC']) {
      expect(tid(`card-${c}`).dataset['legal']).toBe('true');
      expect(tid(`card-${c}`).hasAttribute('aria-disabled')).toBe(false);
      expect(tid(`card-${c}`).classList.contains('legal')).toBe(true);
    }
    for (const c of ['3D', 'QS', 'JH']) {
      expect(tid(`card-${c}`).dataset['legal']).toBe('false');
      expect(tid(`card-${c}`).getAttribute('aria-disabled')).toBe('true');
      expect(tid(`card-${c}`).classList.contains('illegal')).toBe(true);
    }
    expect(tid('app').dataset['ui']).toBe('my-turn');
  });

  it('reports clicks on any card (the controller explains illegal ones)', () => {
    tid('card-QS').click();
    tid('card-7C').click();
    expect(hs.cardClicked.mock.calls).toEqual([['QS'], ['7C']]);
  });

  it('shows names, totals, points and trick markers per seat', () => {
    expect(tid('name-W').textContent).toBe('Mike');
    expect(tid('name-N').textContent).toBe('Bill');
    expect(tid('name-E').textContent).toBe('Lisa');
    expect(tid('score-E').textContent).toBe('27');
    expect(tid('points-S').textContent).toBe('0 this hand');
    expect(tid('markers-N').textContent).toBe('·');
    expect(tid('markers-N').getAttribute('aria-label')).toBe('1 trick: 1 without points');
    expect(tid('seat-W').classList.contains('pos-left')).toBe(true);
    expect(tid('seat-N').classList.contains('pos-top')).toBe(true);
    expect(tid('seat-E').classList.contains('pos-right')).toBe(true);
  });

  it('puts the trick cards in front of the players who played them', () => {
    expect(tid('trick-card-5C').classList.contains('at-top')).toBe(true);
    expect(tid('trick-card-9C').classList.contains('at-right')).toBe(true);
    expect(tid('trick-card-9C').getAttribute('aria-label')).toBe('Nine of clubs, played by Lisa');
    expect(tid('status').textContent).toBe('Your turn');
  });

  it('keeps card elements across renders (focus and animations survive)', () => {
    const before = tid('card-7C');
    before.focus();
    table.render(stateFor(playRaw({ legal: ['2C', '7C'] })));
    expect(tid('card-7C')).toBe(before);
    expect(document.activeElement).toBe(before);
  });

  it('moves focus to the neighbour when the focused card is played', () => {
    tid('card-7C').focus();
    table.render(stateFor(playRaw({ cards: ['2C', 'QC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH'], legal: [], to_move: 'W' })));
    expect((document.activeElement as HTMLElement).dataset['card']).toBe('QC');
  });
});

describe('waiting and leading', () => {
  it('does not dim cards when it is not my turn, and says whose turn it is', () => {
    table.render(stateFor(playRaw({ to_move: 'E', legal: [], trick: { leader: 'N', cards: ['5C'] } })));
    expect(root.querySelectorAll('.card.in-hand.illegal')).toHaveLength(0);
    expect(tid('card-2C').getAttribute('aria-disabled')).toBe('true');
    expect(tid('status').textContent).toBe('Waiting for Lisa…');
    expect(tid('seat-E').classList.contains('to-move')).toBe(true);
    expect(tid('app').dataset['ui']).toBe('waiting');
  });

  it('holds the finished trick with its winner until it is swept', () => {
    const won = (to: RawView): AppState => applyUpdate(stateFor(beforeLeadRaw()), updateOf(to, { kind: 'play', seat: 'N', card: '2S' }, 11));
    table.render(won(leadRaw({ to_move: 'W', legal: [] })));
    expect(tid('trick').dataset['held']).toBe('true');
    expect(tid('trick-card-QS').classList.contains('winning')).toBe(false);
    expect(tid('trick-card-KS').classList.contains('winning')).toBe(true);
    expect(tid('status').textContent).toBe('You take the trick');
    table.render(won(leadRaw({ to_move: 'S' })));
    expect(tid('status').textContent).toBe('You take the trick — your lead');
  });

  it('shows the felt’s heart between tricks, outlined until hearts are broken', () => {
    table.render(stateFor(leadRaw({ to_move: 'S', hearts_broken: false })));
    expect(tid('trick').dataset['hearts']).toBe('whole');
    expect(tid('trick').dataset['count']).toBe('0');
    table.render(stateFor(leadRaw({ to_move: 'S', hearts_broken: true })));
    expect(tid('trick').dataset['hearts']).toBe('broken');
    table.render(stateFor(passRaw()));
    expect(tid('trick').dataset['hearts']).toBeUndefined();
  });

  it('after a reload at my lead, shows an empty trick and says it is my turn', () => {
    table.render(stateFor(leadRaw({ to_move: 'S' })));
    expect(tid('trick').dataset['held']).not.toBe('true');
    expect(root.querySelectorAll('[data-testid^="trick-card-"]')).toHaveLength(0);
    expect(tid('status').textContent).toBe('Your turn');
  });

  it('shows the queen marker and points', () => {
    table.render(stateFor(leadRaw()));
    expect(tid('markers-S').textContent).toBe('·♠');
    expect(tid('markers-S').querySelectorAll('.m-queen')).toHaveLength(1);
    expect(tid('points-S').textContent).toBe('13 this hand');
  });
});

describe('passing', () => {
  it('shows the direction with the name and enables the button only with three cards', () => {
    let s = stateFor(passRaw());
    table.render(s);
    expect(tid('status').textContent).toContain('Pass three cards to the left (Mike)');
    const button = tid('pass-button') as HTMLButtonElement;
    expect(button.hidden).toBe(false);
    expect(button.disabled).toBe(true);
    expect(tid('app').dataset['ui']).toBe('pass');
    for (const [i, c] of (['QS', 'AS', 'JH'] as const).entries()) {
      s = toggleSelect(s, c);
      table.render(s);
      expect(button.disabled).toBe(i < 2);
      expect(tid(`card-${c}`).getAttribute('aria-pressed')).toBe('true');
    }
    s = toggleSelect(s, '2C');
    table.render(s);
    expect(s.selected).toEqual(['QS', 'AS', 'JH']);
    expect(s.notice?.text).toMatch(/exactly three/);
    expect(button.disabled).toBe(false);
    s = toggleSelect(s, 'AS');
    table.render(s);
    expect(button.disabled).toBe(true);
    expect(tid('card-AS').getAttribute('aria-pressed')).toBe('false');
  });

  it('every card is clickable while choosing, and shows who has passed', () => {
    table.render(stateFor(passRaw()));
    expect(tid('points-W').textContent).toBe('passed ✓');
    expect(tid('points-E').textContent).toBe('0 this hand');
    expect(root.querySelectorAll('[data-testid="hand"] [aria-disabled="true"]')).toHaveLength(0);
  });

  it('says when waiting for the others, with the passed cards marked', () => {
    table.render(stateFor(passRaw({ passed: ['QS', 'AS', 'JH'] })));
    expect(tid('status').textContent).toBe('Waiting for the others to pass…');
    expect(tid('pass-button').hidden).toBe(true);
    expect(tid('card-QS').classList.contains('passed')).toBe(true);
    expect(tid('app').dataset['ui']).toBe('pass-waiting');
  });

  it('lights up received cards', () => {
    const s = stateFor(playRaw());
    table.render({ ...s, game: s.game && { ...s.game, highlight: ['3D', '8D', '4S'] } });
    expect([...root.querySelectorAll<HTMLElement>('[data-received="true"]')].map((e) => e.dataset['card'])).toEqual([
      '3D',
      '8D',
      '4S',
    ]);
  });
});

describe('the moon choice (rules moon=choice)', () => {
  it('offers both ways to score the moon to the shooter', () => {
    table.render(stateFor(handOverRaw({ phase: 'moon', to_move: 'S' })));
    expect(tid('moon-choice').hidden).toBe(false);
    expect(tid('app').dataset['ui']).toBe('moon-choice');
    tid('moon-shooter').click();
    expect(hs.moonChoice).toHaveBeenCalledWith('shooter');
  });

  it('waits while another player chooses', () => {
    table.render(stateFor(handOverRaw({ phase: 'moon', to_move: 'N' })));
    expect(tid('moon-choice').hidden).toBe(true);
    expect(tid('status').textContent).toBe('The moon is being scored…');
  });
});

describe('scores', () => {
  it('shows the hand-over panel with the score sheet rows and totals', () => {
    table.render(stateFor(handOverRaw()));
    const panel = tid('hand-over');
    expect(panel.hidden).toBe(false);
    expect(tid('result-title').textContent).toBe('Hand 3 is over');
    expect(tid('hand-summary').textContent).toBe('You scored 5 this hand.');
    const heads = [...panel.querySelectorAll('thead th')].map((e) => e.textContent);
    expect(heads).toEqual(['Hand', 'You', 'Mike', 'Bill', 'Lisa', 'Winner(s)']);
    const rows = [...panel.querySelectorAll('[data-testid="sheet-row"]')].map((r) =>
      [...r.children].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['1', '0', '13', '9', '4', 'You'],
      ['2', '3', '0', '0', '23', 'Mike, Bill'],
      ['3', '5', '0', '13', '8', 'Mike'],
    ]);
    const totals = [...panel.querySelectorAll('[data-testid="sheet-totals"] > *')].map((c) => c.textContent);
    expect(totals).toEqual(['Total', '8', '13', '22', '35', '']);
    expect(tid('next-hand').hidden).toBe(false);
    expect(tid('app').dataset['ui']).toBe('hand-over');
    expect(tid('markers-E').textContent).toBe('♥♥·♥');
  });

  it('names the moon shooter on the sheet, and congratulates the winner', () => {
    table.render(stateFor(gameOverRaw()));
    const panel = tid('game-over');
    expect(tid('result-title').textContent).toBe('Congratulations, you won!');
    expect(panel.querySelector('td.moon')?.textContent).toBe('0 (shot the moon)');
    expect(panel.querySelector('td.moon svg')).not.toBeNull();
    expect(tid('new-game-end').hidden).toBe(false);
    expect(tid('next-hand').hidden).toBe(true);
  });

  it('offers the record as a button that asks the controller (no link with a secret in it)', () => {
    table.render(applySnapshot({ ...initialState(DEFAULT_SETTINGS), conn: { kind: 'open' } }, snapshotOf(gameOverRaw(), 'tab9')));
    const download = tid('download-record');
    expect(download.tagName).toBe('BUTTON');
    expect(download.hasAttribute('href')).toBe(false);
    download.click();
    expect(hs.downloadRecord).toHaveBeenCalledWith('tab9');
    table.render(stateFor(handOverRaw()));
    expect(document.querySelector('[data-testid="download-record"]')).toBeNull();
  });

  it('says who won when it was not me', () => {
    table.render(stateFor(gameOverRaw({ winners: ['N', 'E'] })));
    expect(tid('result-title').textContent).toBe('Bill and Lisa won together.');
  });

  it('explains the moon before the result', () => {
    const s = stateFor(handOverRaw());
    table.render({ ...s, game: s.game && { ...s.game, moon: { shooter: 'N', scored: 'others' } } });
    expect(tid('moon').hidden).toBe(false);
    expect(tid('moon').textContent).toContain('Bill shot the moon!');
    expect(tid('moon-text').textContent).toBe(
      'Shooting the moon is when one player gets all hearts and the queen of spades. Then they get 0 points and everyone else gets 26 points!',
    );
    expect(tid('hand-over').hidden).toBe(true);
  });

  it('opens the score sheet dialog with names in the header', () => {
    table.render({ ...stateFor(playRaw({ names: ['Ann', 'Zed', 'Yul', 'Xia'] })), dialog: 'sheet' });
    const dlg = tid('dialog-sheet');
    expect([...dlg.querySelectorAll('thead th')].map((e) => e.textContent)).toEqual(['Hand', 'Ann', 'Zed', 'Yul', 'Xia', 'Winner(s)']);
    expect(dlg.querySelectorAll('[data-testid="sheet-row"]')).toHaveLength(2);
    // No level said (an older server): nothing shown, and no Verify before the end.
    expect(dlg.querySelector('[data-testid="sheet-level"]')).toBeNull();
    expect(dlg.querySelector('[data-testid="sheet-verify"]')).toBeNull();
  });

  it('the score sheet says the computer players’ level, and at the game’s end leads to Verify', () => {
    const withLevel = (raw: RawView, level: string): AppState => {
      const snap = { ...snapshotOf(raw), level: level as 'hard' };
      return { ...applySnapshot({ ...initialState(DEFAULT_SETTINGS), conn: { kind: 'open' } }, snap), dialog: 'sheet' };
    };
    table.render(withLevel(playRaw(), 'hard'));
    expect(tid('sheet-level').textContent).toBe('Computer players: Hard');
    expect(root.querySelector('[data-testid="sheet-verify"]')).toBeNull();
    table.render(withLevel(gameOverRaw(), 'expert'));
    expect(tid('sheet-level').textContent).toBe('Computer players: Expert');
    tid('sheet-verify').click();
    expect(hs.openVerify).toHaveBeenCalledWith('k3v9q2mx');
  });
});

describe('where a notice goes', () => {
  const notice = { text: 'Hearts have been broken', kind: 'info' as const, serial: 1 };

  it('at the table it hangs under the trick, in the felt', () => {
    table.render(stateFor(playRaw(), { notice }));
    expect(tid('notice').hidden).toBe(false);
    expect(tid('notice').parentElement?.classList.contains('notice-slot')).toBe(true);
  });

  it('while a result is over the table it goes under the menu, never inside the result over its buttons', () => {
    for (const [raw, id] of [[handOverRaw(), 'hand-over'], [gameOverRaw(), 'game-over']] as const) {
      table.render(stateFor(raw, { notice }));
      expect(tid(id).hidden).toBe(false);
      expect(tid(id).contains(tid('notice'))).toBe(false);
      expect(tid('notice').parentElement).toBe(tid('app'));
      expect(tid('notice').textContent).toBe('Hearts have been broken');
    }
    // Back at the table (the next hand), it hangs under the trick again.
    table.render(stateFor(playRaw(), { notice: { ...notice, serial: 2 } }));
    expect(tid('notice').parentElement?.classList.contains('notice-slot')).toBe(true);
  });

  it('one about the hand stays at the table, under a dialog, and goes with its hand: never over its result or the game’s end', () => {
    const about = { ...notice, hand: { table: 'k3v9q2mx', hand: 3 } };
    table.render(stateFor(playRaw(), { notice: about }));
    expect(tid('notice').hidden).toBe(false);
    // A dialog opened over the table: the notice stays in the felt, under its backdrop.
    table.render(stateFor(playRaw(), { notice: about, dialog: 'rules' }));
    expect(tid('dialog-rules').hidden).toBe(false);
    expect(tid('notice').hidden).toBe(false);
    expect(tid('notice').parentElement?.classList.contains('notice-slot')).toBe(true);
    // The hand is over, or the game: the notice of its last trick is not shown over the
    // result, nor over the review opened from it.
    table.render(stateFor(handOverRaw(), { notice: about }));
    expect(tid('notice').hidden).toBe(true);
    table.render(stateFor(gameOverRaw(), { notice: about, dialog: 'review' }));
    expect(tid('notice').hidden).toBe(true);
    // Nor in the next hand, or at another table.
    table.render(stateFor(playRaw({ hand: 4 }), { notice: about }));
    expect(tid('notice').hidden).toBe(true);
    table.render({ ...applySnapshot(stateFor(playRaw()), snapshotOf(playRaw(), 'other123')), notice: about });
    expect(tid('notice').hidden).toBe(true);
  });
});

describe('screens, connection and settings', () => {
  it('shows the start screen before a game', () => {
    table.render({ ...initialState(DEFAULT_SETTINGS), screen: 'start' });
    expect(tid('start').hidden).toBe(false);
    expect(tid('start-text').textContent).toBe('Play against Mike, Bill and Lisa, or with people online.');
    tid('new-game').click();
    expect(hs.newGame).toHaveBeenCalled();
  });

  it('warns when storage is not available', () => {
    table.render({ ...initialState(DEFAULT_SETTINGS, false), screen: 'start' });
    expect(tid('storage-warning').hidden).toBe(false);
    expect(tid('storage-warning').textContent).toContain('Can’t save your game');
  });

  it('shows the reconnect countdown and the give-up message', () => {
    const s = initialState(DEFAULT_SETTINGS);
    table.render({ ...s, conn: { kind: 'waiting', attempt: 2, retryAt: 2000, troubleSince: 0 }, giveUpIn: 45 });
    expect(tid('connection-problem').hidden).toBe(false);
    expect(tid('connection-countdown').textContent).toBe('Giving up in 45.');
    table.render({ ...s, conn: { kind: 'gave_up' } });
    expect(tid('connection-problem').hidden).toBe(true);
    expect(tid('connection-lost').hidden).toBe(false);
    tid('retry-connection').click();
    expect(hs.retryConnection).toHaveBeenCalled();
  });

  it('reads the settings form back into settings', () => {
    table.render({ ...initialState(DEFAULT_SETTINGS), screen: 'start', dialog: 'settings' });
    const form = tid('settings-form') as HTMLFormElement;
    (tid('setting-nameW') as HTMLInputElement).value = '  Ada ';
    // Each level is told in words under it, and the words follow the choice.
    expect(tid('level-note').textContent).toMatch(/^Expert: /);
    (tid('setting-level') as HTMLSelectElement).value = 'expert';
    tid('setting-level').dispatchEvent(new Event('change'));
    expect(tid('level-note').textContent).toMatch(/^Expert: the same search as Hard/);
    (tid('setting-level') as HTMLSelectElement).value = 'random';
    (tid('setting-endScore') as HTMLInputElement).value = '30';
    (tid('setting-passCycle') as HTMLSelectElement).value = 'LARN';
    (tid('setting-fourColour') as HTMLInputElement).checked = true;
    const s = readSettingsForm(form);
    expect(s.names).toEqual(['Ada', 'Bill', 'Lisa']);
    expect(s.level).toBe('random');
    expect(s.endScore).toBe(30);
    expect(s.passCycle).toBe('LARN');
    expect(s.fourColour).toBe(true);
    tid('save-settings').click();
    expect(hs.saveSettings).toHaveBeenCalledWith(s);
  });

  it('shows the rules', () => {
    table.render({ ...initialState(DEFAULT_SETTINGS), screen: 'start', dialog: 'rules' });
    const text = tid('dialog-rules').textContent ?? '';
    expect(text).toContain('Hearts rules');
    expect(text).toContain('The queen of spades does not break hearts.');
    expect(text).toContain('first hand to the left, second to the right, third across');
    tid('rules-about').click();
    expect(hs.openDialog).toHaveBeenCalledWith('about');
  });

  it('the Rules name the players of the game in view, not the settings’ names (changed since it started)', () => {
    const settings = { ...DEFAULT_SETTINGS, names: ['Ann', 'Zed', 'Yul'] as const };
    table.render({ ...stateFor(playRaw()), settings, dialog: 'rules' });
    expect(tid('dialog-rules').textContent).toContain('You play against three computer opponents: Mike on your left, Bill across the table and Lisa on your right.');
    // With no game, the settings' names: those of the next game.
    table.render({ ...initialState(settings), screen: 'start', dialog: 'about' });
    table.render({ ...initialState(settings), screen: 'start', dialog: 'rules' });
    expect(tid('dialog-rules').textContent).toContain('You play against three computer opponents: Ann on your left, Zed across the table and Yul on your right.');
    // A watcher plays against nobody.
    const watched = playRaw({ watching: true, names: ['Ada', 'Bob', 'Bill', 'Cy'] });
    table.render({ ...stateFor(watched), dialog: 'about' });
    table.render({ ...stateFor(watched), dialog: 'rules' });
    expect(tid('dialog-rules').textContent).toContain('You are watching Ada, Bob, Bill and Cy play. Everyone gets 13 cards.');
  });

  it('tells a watcher what they see, not how to play; a player’s Rules are as before', () => {
    const text = (): string => tid('dialog-rules').textContent ?? '';
    const headings = (): string[] => [...tid('dialog-rules').querySelectorAll('h3')].map((el) => el.textContent ?? '');
    const play = ['Click or tap three cards, then “Pass cards”', 'You must follow the suit', 'so you can close the page and come back', 'Tab or the arrow keys move between your cards'];
    table.render({ ...stateFor(playRaw()), dialog: 'rules' });
    for (const words of play) expect(text()).toContain(words);
    expect(headings()).toEqual(['Goal', 'Passing', 'Tricks', 'Special rules', 'Points', 'Shooting the moon', 'End of the game', 'Keyboard', 'The daily deal and watching', 'Ratings']);
    expect(text()).not.toContain('You see the game one trick late');
    // A watcher has no cards: what they see, in place of the player's instructions.
    const watched = playRaw({ watching: true, names: ['Ada', 'Bob', 'Bill', 'Cy'] });
    table.render({ ...stateFor(watched), dialog: 'about' });
    table.render({ ...stateFor(watched), dialog: 'rules' });
    for (const words of play) expect(text()).not.toContain(words);
    expect(headings()).toEqual(['Goal', 'Watching', 'Passing', 'Tricks', 'Special rules', 'Points', 'Shooting the moon', 'End of the game']);
    expect(text()).toContain('You are watching Ada, Bob, Bill and Cy play.');
    expect(text()).toContain('the tricks, the scores and the names, never a card of a hand. You see the game one trick late:');
    expect(text()).toContain('A “passed ✓” by a name shows who has passed; you never see which cards.');
    expect(text()).toContain('Everyone must follow the suit that was led; whoever can’t may play any card.');
    expect(text()).toContain('“Stop watching” takes you back to the lobby.');
  });

  it('shows About with the version of this build', () => {
    table.render({ ...initialState(DEFAULT_SETTINGS), screen: 'start', dialog: 'about' });
    expect(tid('dialog-about').textContent).toContain('About Hearts');
    expect(tid('about-version').textContent).toMatch(/^This is version \d+\.\d+\.\d+( \([0-9a-f]+\))? of Hearts\.$/);
  });
});

describe('helpers', () => {
  it('counts cards left for the backs', () => {
    const v = viewOf(playRaw());
    expect(cardsLeft(v, 'W')).toBe(12);
    expect(cardsLeft(v, 'N')).toBe(11);
    expect(cardsLeft(v, 'E')).toBe(11);
    expect(cardsLeft(v, 'S')).toBe(12);
  });

  it('describes markers', () => {
    expect(markersLabel('')).toBe('No tricks yet');
    expect(markersLabel('·♥♠♥')).toBe('4 tricks: 1 without points, 2 with hearts, 1 with the queen of spades');
  });
});

describe('under the server’s Content-Security-Policy (style-src \'self\')', () => {
  it('writes no style attribute as markup: card positions go through CSSOM', () => {
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    const fresh = new TableView(root, hs);
    for (const raw of [passRaw(), playRaw(), leadRaw(), handOverRaw(), gameOverRaw()]) fresh.render(stateFor(raw));
    fresh.render(stateFor(playRaw(), { dialog: 'settings' }));
    fresh.render(stateFor(playRaw(), { dialog: 'rules' }));
    fresh.render(stateFor(playRaw(), { dialog: 'sheet' }));
    const styled = setAttribute.mock.calls.filter(([name]) => name.toLowerCase() === 'style');
    setAttribute.mockRestore();
    expect(styled).toEqual([]);
    fresh.render(stateFor(playRaw()));
    const hand = [...root.querySelectorAll<HTMLElement>('[data-testid="hand"] [data-card]')];
    expect(hand.map((el) => el.style.getPropertyValue('--i'))).toEqual(hand.map((_, i) => String(i)));
  });

  it('the SVG markup of the cards and the moon has no style in it', () => {
    const all = SUIT_ORDER.flatMap((s) => RANK_ORDER.map((r) => `${r}${s}` as Card));
    for (const svg of [...all.map(cardSvg), moonSvg()]) expect(svg).not.toMatch(/style/i);
  });

  it('the element builder refuses a style attribute', () => {
    // @ts-expect-error: the type refuses it too
    expect(() => h('div', { style: 'color: red' })).toThrow(/CSP/);
  });
});
