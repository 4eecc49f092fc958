import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Расклад дня',
  titleOf: '{deal} · {day} · раздача {hand} из {hands}',
  title: '{deal} · {day} · раздача {hand}',
  board: 'Таблица',
  boardLabel: 'Таблица расклада дня',
  seeToday: 'Таблица за сегодня',
  seeDay: 'Таблица за {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Нет связи с сервером: таблица появится, когда связь восстановится.',
  leaveTable: 'Сыграть расклад дня можно, когда вы выйдете из-за этого стола.',
  afterGame: 'Сыграть расклад дня можно после этой игры.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'Ещё не сыгран',
  didNotPlay: 'Вы не играли этот расклад',
  inProgress: 'Идёт игра',
  conceded: {
    one: 'Вы сдались: {n} очко, без места',
    few: 'Вы сдались: {n} очка, без места',
    many: 'Вы сдались: {n} очков, без места',
    other: 'Вы сдались: {n} очка, без места',
  },
  mine: {
    one: 'Вы: {n} очко, {rank} место из {players}',
    few: 'Вы: {n} очка, {rank} место из {players}',
    many: 'Вы: {n} очков, {rank} место из {players}',
    other: 'Вы: {n} очка, {rank} место из {players}',
  },
  // A place, by the language's ordinal rules (Intl.PluralRules, type "ordinal"): 1st, 2nd, 3rd, 4th.
  placeOne: '{n}-е',
  placeTwo: '{n}-е',
  placeFew: '{n}-е',
  placeOther: '{n}-е',
  nobodyYet: 'Этот расклад ещё никто не доиграл.',
  nobody: 'Этот расклад никто не доиграл.',
  finishedToday: {
    one: 'Этот расклад доиграл {n} игрок.',
    few: 'Этот расклад доиграли {n} игрока.',
    many: 'Этот расклад доиграли {n} игроков.',
    other: 'Этот расклад доиграли {n} игрока.',
  },
  finished: {
    one: 'Этот расклад доиграл {n} игрок.',
    few: 'Этот расклад доиграли {n} игрока.',
    many: 'Этот расклад доиграли {n} игроков.',
    other: 'Этот расклад доиграли {n} игрока.',
  },
  nextDeal: 'Следующий расклад — в полночь по UTC, через {left}.',
  hoursMinutes: '{h} ч {m} мин',
  hours: '{h} ч',
  minutes: '{m} мин',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'Предыдущий день: {day}',
  dayAfter: 'Следующий день: {day}',
  today: 'сегодня',
  loading: 'Загружаем таблицу…',
  play: 'Сыграть расклад дня',
  continue: 'Продолжить',
  caption: 'Лучшие игры за {day}',
  rank: 'Место',
  player: 'Игрок',
  total: 'Итого',
  hand: 'Раздача {n}',
  replayCol: 'Повтор',
  you: 'Вы',
  youMark: '(вы)',
  replay: 'Повтор',
  replayYours: 'Повтор вашей игры',
  replayOf: 'Повтор игры игрока {name}',
  replays: 'Все получили одни и те же карты: сравнивайте раздачу за раздачей и смотрите повторы, чтобы увидеть, как играли другие.',
  noReplays: 'Повторы откроются, когда вы сыграете расклад дня: никто не видит его карт, пока не сыграет.',
} satisfies Catalog<typeof en>;
