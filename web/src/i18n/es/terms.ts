import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Pass order" and in the lobby's summary.
  L: 'izquierda',
  R: 'derecha',
  A: 'enfrente',
  N: 'sin pase',
  none: 'ninguno',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'La partida es de {n} mano (o termina antes, al llegar a {end} puntos).',
    many: 'La partida es de {n} manos (o termina antes, al llegar a {end} puntos).',
    other: 'La partida es de {n} manos (o termina antes, al llegar a {end} puntos).',
  },
  handsOnly: { one: 'La partida es de {n} mano.', many: 'La partida es de {n} manos.', other: 'La partida es de {n} manos.' },
  endsAtPts: 'La partida termina al llegar a {end} puntos.',
  noPassing: 'No se pasan cartas.',
  order: 'Orden de pase: {list}.',
  queen: 'La Q♠ rompe los corazones.',
  moonSelf: 'Quien dispara a la luna se resta 26 puntos.',
  moonChoice: 'Quien dispara a la luna elige cómo se puntúa.',
  jack: 'La J♦ resta 10 puntos.',
  tie: 'Si hay empate con la puntuación más baja, se comparte la victoria.',
  noTimer: 'Sin límite de tiempo por turno.',
  timer: { one: '{n} segundo por turno.', many: '{n} segundos por turno.', other: '{n} segundos por turno.' },

  // The lobby's summary: "4 hands · ends at 100 · pass left, right, across, none · …".
  hands: { one: '{n} mano', many: '{n} manos', other: '{n} manos' },
  endsAt: 'Acaba en {end}',
  thenEndsAt: 'acaba en {end}',
  pass: 'pase: {list}',
  queenShort: 'Q♠ rompe corazones',
  moonShort: 'luna: quien dispara −26',
  choiceShort: 'luna: elige quien dispara',
  jackShort: 'J♦ −10',
  tieShort: 'empate compartido',
} satisfies Catalog<typeof en>;
