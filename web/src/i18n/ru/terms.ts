import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Pass order" and in the lobby's summary.
  L: 'влево',
  R: 'вправо',
  A: 'напротив',
  N: 'без передачи',
  none: 'нет',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'В игре {n} раздача (или меньше, если кто-то раньше наберёт {end} очков).',
    few: 'В игре {n} раздачи (или меньше, если кто-то раньше наберёт {end} очков).',
    many: 'В игре {n} раздач (или меньше, если кто-то раньше наберёт {end} очков).',
    other: 'В игре {n} раздачи (или меньше, если кто-то раньше наберёт {end} очков).',
  },
  handsOnly: {
    one: 'В игре {n} раздача.',
    few: 'В игре {n} раздачи.',
    many: 'В игре {n} раздач.',
    other: 'В игре {n} раздачи.',
  },
  endsAtPts: 'Игра идёт до {end} очков.',
  noPassing: 'Без передачи карт.',
  order: 'Порядок передачи: {list}.',
  queen: 'Q♠ открывает червы.',
  moonSelf: 'Выстрел в луну вычитает 26 очков из счёта стрелка.',
  moonChoice: 'Стрелок сам выбирает, как засчитать выстрел в луну.',
  jack: 'J♦ стоит −10 очков.',
  tie: 'Игроки с равным наименьшим счётом делят победу.',
  noTimer: 'Без таймера хода.',
  timer: {
    one: '{n} секунда на ход.',
    few: '{n} секунды на ход.',
    many: '{n} секунд на ход.',
    other: '{n} секунды на ход.',
  },

  // The lobby's summary: "4 hands · ends at 100 · pass left, right, across, none · …".
  hands: { one: '{n} раздача', few: '{n} раздачи', many: '{n} раздач', other: '{n} раздачи' },
  endsAt: 'Игра до {end}',
  thenEndsAt: 'до {end}',
  pass: 'передача: {list}',
  queenShort: 'Q♠ открывает червы',
  moonShort: 'луна: стрелку −26',
  choiceShort: 'луна: выбирает стрелок',
  jackShort: 'J♦ −10',
  tieShort: 'ничья — общая победа',
} satisfies Catalog<typeof en>;
