import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Rozdanie dnia',
  titleOf: '{deal} · {day} · rozdanie {hand} z {hands}',
  title: '{deal} · {day} · rozdanie {hand}',
  board: 'Tabela',
  boardLabel: 'Tabela rozdania dnia',
  seeToday: 'Zobacz dzisiejszą tabelę',
  seeDay: 'Zobacz tabelę z {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Brak połączenia z serwerem: tabela pojawi się, gdy połączenie wróci.',
  leaveTable: 'Rozdanie dnia zagrasz, gdy opuścisz ten stół.',
  afterGame: 'Rozdanie dnia zagrasz, gdy skończy się ta partia.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'Jeszcze nie rozegrane',
  didNotPlay: 'To rozdanie cię ominęło',
  inProgress: 'W toku',
  conceded: {
    one: 'Partia poddana: {n} punkt, bez klasyfikacji',
    few: 'Partia poddana: {n} punkty, bez klasyfikacji',
    many: 'Partia poddana: {n} punktów, bez klasyfikacji',
    other: 'Partia poddana: {n} punktu, bez klasyfikacji',
  },
  mine: {
    one: 'Ty: {n} punkt, {rank} miejsce na {players}',
    few: 'Ty: {n} punkty, {rank} miejsce na {players}',
    many: 'Ty: {n} punktów, {rank} miejsce na {players}',
    other: 'Ty: {n} punktu, {rank} miejsce na {players}',
  },
  // A place, by the language's ordinal rules (Intl.PluralRules, type "ordinal"): 1st, 2nd, 3rd, 4th.
  placeOne: '{n}.',
  placeTwo: '{n}.',
  placeFew: '{n}.',
  placeOther: '{n}.',
  nobodyYet: 'Nikt jeszcze nie ukończył tego rozdania.',
  nobody: 'Nikt nie ukończył tego rozdania.',
  finishedToday: {
    one: 'To rozdanie ukończył już {n} gracz.',
    few: 'To rozdanie ukończyło już {n} graczy.',
    many: 'To rozdanie ukończyło już {n} graczy.',
    other: 'To rozdanie ukończyło już {n} gracza.',
  },
  finished: {
    one: 'To rozdanie ukończył {n} gracz.',
    few: 'To rozdanie ukończyło {n} graczy.',
    many: 'To rozdanie ukończyło {n} graczy.',
    other: 'To rozdanie ukończyło {n} gracza.',
  },
  nextDeal: 'Następne rozdanie pojawi się o północy UTC, za {left}.',
  hoursMinutes: '{h} godz. {m} min',
  hours: '{h} godz.',
  minutes: '{m} min',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'Dzień wcześniej: {day}',
  dayAfter: 'Dzień później: {day}',
  today: 'dziś',
  loading: 'Wczytywanie tabeli…',
  play: 'Zagraj dzisiejsze rozdanie',
  continue: 'Graj dalej',
  caption: 'Najlepsze partie z {day}',
  rank: 'Miejsce',
  player: 'Gracz',
  total: 'Suma',
  hand: 'Rozdanie {n}',
  replayCol: 'Powtórka',
  you: 'Ty',
  youMark: '(ty)',
  replay: 'Powtórka',
  replayYours: 'Powtórka twojej partii',
  replayOf: 'Powtórka partii: {name}',
  replays: 'Wszyscy dostali te same karty: porównaj wyniki rozdanie po rozdaniu i obejrzyj powtórkę, by zobaczyć, jak rozegrano partię.',
  noReplays: 'Powtórki otwierają się, gdy rozegrasz rozdanie dnia: nikt nie widzi jego kart przed grą.',
} satisfies Catalog<typeof en>;
