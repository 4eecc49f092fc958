import { describe, expect, it } from 'vitest';
import { announce, listWords, winnersText } from '../src/game/a11y';
import { cardLabel, cardName, cardShort, cardSvg, sortCards } from '../src/game/cards';
import { illegalReason, passInstruction, passTarget, positionOf } from '../src/game/rules';
import { rulesSections } from '../src/parts/dialogs/rules-text';
import { DEFAULT_SETTINGS, loadSettings, newGameOptions, normaliseSettings, rulesText, saveSettings } from '../src/state/settings';
import { memoryStore, loadIdentity, saveIdentity, clearIdentity } from '../src/state/storage';
import { leadRaw, passRaw, playRaw, viewOf } from './fixtures';

describe('cards', () => {
  it('names cards for people', () => {
    expect(cardLabel('QS')).toBe('Queen of spades');
    expect(cardName('TH')).toBe('ten of hearts');
    expect(cardShort('TH')).toBe('10♥');
    expect(sortCards(['2H', 'AS', '3C', 'TD', '2C'])).toEqual(['2C', '3C', 'TD', 'AS', '2H']);
  });

  it('draws distinct SVG per suit with no text other than the rank', () => {
    const svg = cardSvg('TH');
    expect(svg).toContain('suit-H');
    expect(svg).toContain('>10<');
    // Court cards: a double-headed figure (the half drawn twice, once turned round), each
    // rank its own headwear, no boxed letter.
    for (const r of ['J', 'Q', 'K'] as const) {
      const court = cardSvg(`${r}S`);
      expect(court).not.toContain('court-letter');
      expect(court.match(/class="court-skin"/g)).toHaveLength(2);
      expect(court).toContain('rotate(180 100 140)');
    }
    expect(cardSvg('KH')).toContain('court-beard');
    expect(cardSvg('QH')).not.toContain('court-beard');
    expect(cardSvg('JH')).toContain('court-cap');
    expect((cardSvg('KH').match(/>K</g) ?? []).length).toBe(2); // the corner indices only
    expect((cardSvg('7D').match(/<path/g) ?? []).length).toBe(7 + 2);
  });
});

describe('words for the table', () => {
  it('explains illegal cards from the view', () => {
    const v = viewOf(playRaw());
    expect(illegalReason(v, 'QS')).toBe('You must follow suit: play clubs');
    const lead = viewOf(leadRaw());
    expect(illegalReason(lead, '9H')).toBe('Hearts are not broken yet');
    const first = viewOf(passRaw({ phase: 'play', to_move: 'S', legal: ['2C'] }));
    expect(illegalReason(first, 'AC')).toBe('The two of clubs leads the first trick');
    const discard = viewOf(
      passRaw({ phase: 'play', to_move: 'S', cards: ['3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH', '5S', '6S', '7S', '8S'], legal: ['3D', '8D', 'KD', '4S', 'AS', '5S', '6S', '7S', '8S'], trick: { leader: 'N', cards: ['2C', '5C'] } }),
    );
    expect(illegalReason(discard, 'QS')).toBe('No hearts or queen of spades on the first trick');
    expect(illegalReason(viewOf(playRaw({ to_move: 'E' })), 'QS')).toBe('Wait for your turn: it is Lisa’s turn');
  });

  it('places seats and passes around the table', () => {
    expect(positionOf('S', 'W')).toBe('left');
    expect(positionOf('W', 'S')).toBe('right');
    expect(passTarget('S', 'left')).toBe('W');
    expect(passTarget('S', 'right')).toBe('E');
    expect(passTarget('S', 'across')).toBe('N');
    expect(passTarget('S', 'none')).toBeNull();
    expect(passInstruction(viewOf(passRaw()))).toBe('Pass three cards to the left (Mike)');
    expect(passInstruction(viewOf(passRaw({ pass: 'across' })))).toBe('Pass three cards to the player across (Bill)');
  });

  it('announces plays, tricks and the end', () => {
    const v = viewOf(playRaw());
    expect(announce({ kind: 'play', seat: 'W', card: 'QS' }, v)).toBe('Mike plays the queen of spades.');
    expect(announce({ kind: 'play', seat: 'S', card: '2C' }, v)).toBe('You play the two of clubs.');
    expect(announce({ kind: 'trick', winner: 'N', points: 1 }, v)).toBe('Bill takes the trick with 1 point.');
    expect(announce({ kind: 'trick', winner: 'S', points: 0 }, v)).toBe('You take the trick.');
    expect(announce({ kind: 'hearts_broken' }, v)).toBe('Hearts are broken.');
    expect(announce({ kind: 'exchange' }, v)).toBe('You received the three of diamonds, eight of diamonds and four of spades.');
    expect(announce({ kind: 'game_over', winners: ['S'], fair: null }, v)).toBe('Game over. Congratulations, you won!');
    expect(winnersText(v, ['W'])).toBe('Mike won.');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('writes the rules following the settings', () => {
    const text = rulesSections({ ...DEFAULT_SETTINGS, queenBreaks: true, passCycle: 'LARN', endScore: 50 })
      .flatMap((s) => s.paragraphs)
      .join(' ');
    expect(text).toContain('the queen of spades breaks hearts too');
    expect(text).toContain('second across the table');
    expect(text).toContain('reaches 50 points');
    // The hint's key, the daily deal and watching are explained too.
    expect(text).toContain('H asks for a hint on your turn');
    expect(text).toContain('the same four hands each day');
    expect(text).toContain('can be watched from the lobby');
    // And how ratings work, and where to see them.
    expect(text).toContain('A game at a public table with at least one other person, played to its end, is rated');
    expect(text).toContain('Statistics shows yours and the leaderboard');
  });

  it('writes the rules of the game on screen where it has its own, and a game of 4 hands as one', () => {
    const words = (game: string | null): string =>
      rulesSections({ ...DEFAULT_SETTINGS, moon: 'shooter', endScore: 50, passCycle: 'LARN' }, game)
        .flatMap((s) => s.paragraphs)
        .join(' ');
    // The daily deal's rules, whatever the settings say.
    const daily = words('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=share,hands=4');
    expect(daily).toContain('This game is 4 hands: it ends after hand 4, or sooner if someone reaches 100 points or more.');
    expect(daily).toContain('If two or more share the lowest score, they share the win.');
    expect(daily).not.toContain('play continues until one is alone');
    expect(daily).toContain('second to the right, third across the table, and in the fourth hand nobody passes.');
    expect(daily).not.toContain('the cycle starts again');
    expect(daily).toContain('everyone else gets 26 points');
    expect(daily).not.toContain('reaches 50 points');
    // A game without a limit ends at its score, and ties play on.
    const plain = words('pass=LRAN,queen_breaks=yes,moon=others,jack=no,end=75,tie=continue');
    expect(plain).toContain('The game ends after the hand in which someone reaches 75 points or more.');
    expect(plain).toContain('play continues until one is alone');
    expect(plain).toContain('then the cycle starts again');
    expect(plain).toContain('the queen of spades breaks hearts too');
    // No game: the settings.
    expect(words(null)).toContain('reaches 50 points');
    expect(words(null)).toContain('26 points off their own score');
  });
});

describe('settings and identity', () => {
  it('builds the rules text and new_game options', () => {
    expect(rulesText(DEFAULT_SETTINGS)).toBe('pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100');
    expect(newGameOptions({ ...DEFAULT_SETTINGS, level: 'random', endScore: 30 })).toEqual({
      rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=30',
      names: ['Mike', 'Bill', 'Lisa'],
      level: 'random',
      name: 'You',
    });
  });

  it('falls back to defaults for bad stored values', () => {
    expect(normaliseSettings({ level: 'godlike', endScore: -5, names: ['', 7], speed: 'fast' })).toEqual({
      ...DEFAULT_SETTINGS,
      speed: 'fast',
    });
    const store = memoryStore();
    store.set('hearts.settings', '{broken');
    expect(loadSettings(store)).toEqual(DEFAULT_SETTINGS);
    saveSettings(store, { ...DEFAULT_SETTINGS, moon: 'choice' });
    expect(loadSettings(store).moon).toBe('choice');
  });

  it('keeps the player id and token', () => {
    const store = memoryStore();
    expect(loadIdentity(store)).toBeNull();
    saveIdentity(store, { player: 'p_1', token: 't' });
    expect(loadIdentity(store)).toEqual({ player: 'p_1', token: 't' });
    clearIdentity(store);
    expect(loadIdentity(store)).toBeNull();
  });
});

describe('the live region', () => {
  it('adds each message as a new line and keeps only the last ones', async () => {
    const { Announcer } = await import('../src/ui/announcer');
    const region = document.createElement('div');
    const a = new Announcer(region, 3);
    for (const t of ['one', 'two', 'three', 'four']) a.say(t);
    expect([...region.children].map((p) => p.textContent)).toEqual(['two', 'three', 'four']);
    expect(region.getAttribute('role')).toBe('log');
  });
});
