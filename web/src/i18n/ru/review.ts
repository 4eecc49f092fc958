import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'передача',
  kindLead: 'заход',
  kindFollow: 'ход в масть',
  kindDiscard: 'сброс',
  kindMoon: 'защита от луны',
  kindLost: '{kind} — {points}',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'заход',
  stepFollow: 'в масть',
  stepDiscard: 'сброс',
  stepMoon: 'защита от луны',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: { one: '{n} очко', few: '{n} очка', many: '{n} очков', other: '{n} очка' },
  south: 'Юг',
  west: 'Запад',
  north: 'Север',
  east: 'Восток',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} и {b}',

  // The summary and how it was made.
  wellPlayed: 'Ни одна сыгранная вами карта не обошлась заметно дороже лучшей: отличная игра.',
  wellPlayedPass: 'Ни одна переданная или сыгранная вами карта не обошлась заметно дороже лучшей: отличная игра.',
  lost: 'На ошибках вы потеряли примерно {points}: {kinds}.',
  weighed:
    'Каждую сыгранную вами карту сравнили с лучшей в той же позиции: компьютер разыграл {deals} раскладов карт, которых вы не видели; очки — это сколько в среднем стоил вам остаток раздачи.',
  weighedPass:
    'Каждую вашу передачу и каждую сыгранную карту сравнили с лучшим вариантом в той же позиции: компьютер разыграл {deals} раскладов карт, которых вы не видели (для передачи — больше); очки — это сколько в среднем стоил вам остаток раздачи.',
  marked: 'Отмеченный ход обошёлся дороже лучшего не меньше чем на {noise} очка.',
  markedPass: 'Отмеченный ход обошёлся дороже лучшего не меньше чем на {noise} очка (передача — ещё и больше, чем на погрешность выборки).',
  playedOut: { one: '+{n} карта сыграна автоматически', few: '+{n} карты сыграны автоматически', many: '+{n} карт сыграно автоматически', other: '+{n} карты сыграно автоматически' },
  claimedNote: 'Раздача, счёт которой уже не мог измениться, закончилась сразу: сыгранные тогда карты никто не выбирал, поэтому они не оцениваются.',
  open: 'Цифры — в разделе «По взяткам» у каждой раздачи.',
  openSee: 'Цифры — в разделе «По взяткам» у каждой раздачи, а кнопка «Показать» у ошибки откроет повтор прямо перед ней.',
  loading: 'Сравниваем каждую вашу передачу и каждую сыгранную карту с лучшим вариантом…',
  failed: 'Не удалось выполнить разбор.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'влево ({seat})',
  toRight: 'вправо ({seat})',
  toAcross: 'напротив ({seat})',
  passMistake: 'Передача {cards} {to} обошлась примерно в {cost}; передача {best} обошлась бы примерно в {bestCost}.',
  passBest: 'Передача {cards} {to}, примерно {cost}, — лучшая.',
  passAsGood: 'Передача {cards} {to}, примерно {cost}, — не хуже варианта перебора: передача {best} обошлась бы примерно в {bestCost}.',
  passNoDifference: 'Передача {cards} {to} — примерно {cost}; передача {best} обошлась бы примерно в {bestCost}, явной разницы нет.',
  // Where it went, under its cards: "→ left".
  left: 'влево',
  right: 'вправо',
  across: 'напротив',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Взятка {trick}: карта {card} обошлась примерно в {cost}; карта {best} была безопасна.',
  cardCost: 'Взятка {trick}: карта {card} обошлась примерно в {cost}; карта {best} обошлась бы примерно в {bestCost}.',
  cardFine: 'Взятка {trick}: карта {card}, примерно {cost}.',
  cardBest: 'Взятка {trick}: карта {card}, примерно {cost}, — лучшая карта.',

  // Each hand, trick by trick.
  hand: 'Раздача {hand}',
  byTrick: 'По взяткам',
  byTrickLabel: 'Раздача {hand} по взяткам',
  caption: 'Раздача {hand}: каждое ваше решение — ваша карта и лучшая, средняя цена каждой в очках и потерянные очки.',
  captionPass: 'Раздача {hand}: каждое ваше решение — ваша передача или карта и лучший вариант, средняя цена каждого в очках и потерянные очки.',
  captionYours: 'Перебор выбирал передачу на других раскладах: на этих ваша обошлась не дороже, так что лучшая — ваша.',
  colTrick: 'Взятка',
  colWhat: 'Что',
  colYours: 'Ваш ход',
  colBest: 'Лучший',
  colLost: 'Потеря',
  pass: 'Передача',
  passToLeft: 'передача влево',
  passToRight: 'передача вправо',
  passAcross: 'передача напротив',
  yours: 'ваша',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(у перебора — {pass})',
  aMistake: ', ошибка',
  seeIt: 'Показать',
  seePass: 'Показать передачу в раздаче {hand} в повторе',
  seeCard: 'Показать раздачу {hand}, взятку {trick} в повторе',

  // The largest mistakes, largest first.
  largest: 'Самые крупные ошибки',
  largestPass: 'Раздача {hand}, передача {cards} — примерно {cost}; передача {best} — примерно {bestCost}. ({kind})',
  largestSafe: 'Раздача {hand}, взятка {trick}: карта {card} обошлась примерно в {cost}; карта {best} была безопасна. ({kind})',
  largestCost: 'Раздача {hand}, взятка {trick}: карта {card} обошлась примерно в {cost}; карта {best} обошлась бы примерно в {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
