import { describe, expect, it } from 'vitest';
import { consoleAnswer, consolePrompt, parseCardText } from '../src/parts/console/console';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { applySnapshot, initialState, type AppState } from '../src/state/state';
import { handOverRaw, passRaw, playRaw, snapshotOf, type RawView } from './fixtures';

function at(raw: RawView): AppState {
  return applySnapshot({ ...initialState(DEFAULT_SETTINGS), conn: { kind: 'open' } }, snapshotOf(raw));
}

describe('the console', () => {
  it('reads cards as people type them', () => {
    expect(parseCardText('QS')).toBe('QS');
    expect(parseCardText('qs')).toBe('QS');
    expect(parseCardText('10H')).toBe('TH');
    expect(parseCardText('th')).toBe('TH');
    expect(parseCardText('Q♠')).toBe('QS');
    expect(parseCardText('10♥')).toBe('TH');
    expect(parseCardText('1H')).toBeNull();
    expect(parseCardText('QX')).toBeNull();
    expect(parseCardText('')).toBeNull();
  });

  it('plays a legal card on my turn, and says why another cannot be played', () => {
    const s = at(playRaw());
    const legal = s.game?.view.legal[0] ?? '2C';
    const yes = consoleAnswer(legal.toLowerCase(), s);
    expect(yes.intent).toEqual({ kind: 'play', card: legal });
    const illegal = s.game?.view.cards.find((c) => !s.game?.view.legal.includes(c));
    if (illegal) {
      const no = consoleAnswer(illegal, s);
      expect(no.intent).toBeUndefined();
      expect(no.lines[0]).toMatch(/^You can’t play /);
    }
    expect(consoleAnswer('AH', at(playRaw({ cards: ['2C'], legal: ['2C'] }))).lines).toEqual(['You do not hold A♥.']);
  });

  it('passes three cards in the passing phase, and only then', () => {
    const s = at(passRaw());
    const [a, b, c] = s.game?.view.cards ?? [];
    const yes = consoleAnswer(`pass ${a} ${b} ${c}`, s);
    expect(yes.intent).toEqual({ kind: 'pass', cards: [a, b, c] });
    expect(consoleAnswer(`${a} ${a} ${b}`, s).lines).toEqual(['Name three different cards.']);
    expect(consoleAnswer(`${a}`, s).lines[0]).toMatch(/Name three cards to pass/);
    expect(consoleAnswer(`${a} ${b} ${c}`, at(playRaw())).lines).toEqual(['This is not the time to pass.']);
  });

  it('starts a new game at once when none is being played, and asks for "new!" when one is', () => {
    expect(consoleAnswer('new', initialState(DEFAULT_SETTINGS)).intent).toEqual({ kind: 'new' });
    expect(consoleAnswer('new', { ...at(playRaw()), screen: 'table' })).toEqual({
      lines: ['A game is being played: type "new!" to leave it and start a new one.'],
    });
    expect(consoleAnswer('new!', { ...at(playRaw()), screen: 'table' }).intent).toEqual({ kind: 'new' });
  });

  it('answers hand, legal, table, scores, next, help, and what it does not understand', () => {
    const s = at(playRaw());
    expect(consoleAnswer('hand', s).lines[0]).toMatch(/^Your hand: /);
    expect(consoleAnswer('legal', s).lines[0]).toMatch(/^You may play: /);
    expect(consoleAnswer('table', s).lines).toContain('It is your turn.');
    expect(consoleAnswer('scores', s).lines).toHaveLength(4);
    expect(consoleAnswer('next', s).intent).toBeUndefined();
    expect(consoleAnswer('next', at(handOverRaw())).intent).toEqual({ kind: 'next' });
    expect(consoleAnswer('help', s).lines.length).toBeGreaterThan(3);
    expect(consoleAnswer('dance', s).lines).toEqual(['Not understood: "dance". Type "help" for the commands.']);
    expect(consoleAnswer('exit', s).intent).toEqual({ kind: 'close' });
    expect(consoleAnswer('hand', initialState(DEFAULT_SETTINGS)).lines).toEqual(['No game is shown: type "new" to start one.']);
  });

  it('has a prompt like a shell, from my name', () => {
    expect(consolePrompt(initialState({ ...DEFAULT_SETTINGS, yourName: 'Ada Lovelace' }))).toBe('adalovelace@hearts:~$');
    expect(consolePrompt(initialState({ ...DEFAULT_SETTINGS, yourName: '♥♥' }))).toBe('you@hearts:~$');
  });
});
