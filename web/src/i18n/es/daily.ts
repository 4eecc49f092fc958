import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Reparto del día',
  titleOf: '{deal} · {day} · mano {hand} de {hands}',
  title: '{deal} · {day} · mano {hand}',
  board: 'Clasificación',
  boardLabel: 'Clasificación del reparto del día',
  seeToday: 'Ver la clasificación de hoy',
  seeDay: 'Ver la clasificación del {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Sin conexión con el servidor: la clasificación aparecerá cuando vuelva.',
  leaveTable: 'Podrás jugar el reparto del día cuando salgas de esta mesa.',
  afterGame: 'Podrás jugar el reparto del día cuando termine esta partida.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'Aún sin jugar',
  didNotPlay: 'No jugaste este reparto',
  inProgress: 'En curso',
  conceded: {
    one: 'Te rendiste: {n} punto, sin clasificar',
    many: 'Te rendiste: {n} puntos, sin clasificar',
    other: 'Te rendiste: {n} puntos, sin clasificar',
  },
  mine: {
    one: 'Tú: {n} punto, {rank} de {players}',
    many: 'Tú: {n} puntos, {rank} de {players}',
    other: 'Tú: {n} puntos, {rank} de {players}',
  },
  // A place, by the language's ordinal rules (Intl.PluralRules, type "ordinal"): 1st, 2nd, 3rd, 4th.
  placeOne: '{n}.º',
  placeTwo: '{n}.º',
  placeFew: '{n}.º',
  placeOther: '{n}.º',
  nobodyYet: 'Nadie ha terminado este reparto todavía.',
  nobody: 'Nadie terminó este reparto.',
  finishedToday: {
    one: '{n} jugador ha terminado este reparto.',
    many: '{n} jugadores han terminado este reparto.',
    other: '{n} jugadores han terminado este reparto.',
  },
  finished: {
    one: '{n} jugador terminó este reparto.',
    many: '{n} jugadores terminaron este reparto.',
    other: '{n} jugadores terminaron este reparto.',
  },
  nextDeal: 'El próximo reparto llega a medianoche (UTC), dentro de {left}.',
  hoursMinutes: '{h} h {m} min',
  hours: '{h} h',
  minutes: '{m} min',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'El día anterior: {day}',
  dayAfter: 'El día siguiente: {day}',
  today: 'hoy',
  loading: 'Cargando la clasificación…',
  play: 'Jugar el reparto de hoy',
  continue: 'Continuar',
  caption: 'Las mejores partidas del {day}',
  rank: 'Puesto',
  player: 'Jugador',
  total: 'Total',
  hand: 'Mano {n}',
  replayCol: 'Repetición',
  you: 'Tú',
  youMark: '(tú)',
  replay: 'Ver',
  replayYours: 'Ver la repetición de tu partida',
  replayOf: 'Ver la repetición de la partida de {name}',
  replays: 'Todos recibieron las mismas cartas: compara mano a mano y mira la repetición de una partida para ver cómo se jugó.',
  noReplays: 'Las repeticiones se abren cuando hayas jugado el reparto del día: nadie ve sus cartas antes de jugarlas.',
} satisfies Catalog<typeof en>;
