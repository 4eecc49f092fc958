import type en from '../en/verify';
import type { Catalog } from '../words';

export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter.
  you: 'Tú',
  seatS: 'S',
  seatW: 'O',
  seatN: 'N',
  seatE: 'E',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Antes de la primera carta de cada mano, esta página recibió un compromiso sobre el reparto: una huella SHA-256 de la semilla de la mano y de un secreto. Al terminar la partida, el servidor reveló la semilla y el secreto. Ahora esta página vuelve a calcular por sí misma cada huella y cada reparto.',
  provesMix:
    'Esto demuestra que cada reparto quedó fijado antes de jugarse y que es el barajado documentado de esa semilla (el mismo que describe el formato del registro de partida); y como la semilla mezcla tu número con un secreto con el que el servidor se comprometió antes de que lo eligieras, ninguna de las partes pudo escogerla.',
  proves:
    'La semilla la eligió el servidor. Esto demuestra que cada reparto quedó fijado antes de jugarse y que es el barajado documentado de esa semilla (el mismo que describe el formato del registro de partida); no demuestra que la semilla se eligiera a ciegas.',
  seed: 'Semilla de la partida',
  secret: 'Secreto',
  yourNumber: 'Tu número',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'La semilla de la partida no es la mezcla del secreto comprometido y tu número: mira abajo.',
  notOver: 'La partida no ha terminado, así que su semilla y su secreto siguen ocultos. Los repartos se podrán comprobar cuando termine.',
  noneKept: 'Este navegador no guardó ningún compromiso de esta partida: se jugó en otro dispositivo o se borró el almacenamiento de la página.',
  handsBad: {
    one: 'La mano {hands} no cuadra: mira abajo.',
    many: 'Las manos {hands} no cuadran: mira abajo.',
    other: 'Las manos {hands} no cuadran: mira abajo.',
  },
  oneGood: 'El reparto cuadra: es el comprometido antes de jugarse su primera carta, y tus cartas son las que reparte la semilla.',
  allGood: {
    one: 'Los {n} repartos cuadran: cada uno es el comprometido antes de jugarse su primera carta, y tus cartas son las que reparte la semilla.',
    many: 'Los {n} repartos cuadran: cada uno es el comprometido antes de jugarse su primera carta, y tus cartas son las que reparte la semilla.',
    other: 'Los {n} repartos cuadran: cada uno es el comprometido antes de jugarse su primera carta, y tus cartas son las que reparte la semilla.',
  },
  someGood: {
    one: 'Cuadran {good} de {n} repartos. De los demás, esta página no recibió el compromiso antes de jugarse la mano (se abrió más tarde o se recargó), así que no puede demostrarlos; nada de lo que vio es incorrecto.',
    many: 'Cuadran {good} de {n} repartos. De los demás, esta página no recibió el compromiso antes de jugarse la mano (se abrió más tarde o se recargó), así que no puede demostrarlos; nada de lo que vio es incorrecto.',
    other:
      'Cuadran {good} de {n} repartos. De los demás, esta página no recibió el compromiso antes de jugarse la mano (se abrió más tarde o se recargó), así que no puede demostrarlos; nada de lo que vio es incorrecto.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'La semilla',
  mixNotKept:
    'La semilla se mezcló a partir del secreto del servidor y de un número ({number}) que este navegador no guardó (la partida se empezó en otro dispositivo o se borró el almacenamiento de la página), así que no puede comprobar que la semilla no se eligiera a propósito.',
  mixGood:
    'Tu número {number} se mezcló en la semilla con el secreto del servidor, comprometido antes de que eligieras tu número: nadie pudo escoger la semilla.',
  mixWrong: 'Tu número {number} y el secreto del servidor no dan la semilla de esta partida como se prometió: la semilla pudo escogerse a propósito.',
  secretCommitted: 'El secreto es aquel con el que el servidor se comprometió antes de que esta página eligiera su número.',
  secretNotCommitted: 'El secreto no es aquel con el que el servidor se comprometió antes de que esta página eligiera su número.',
  usedNumber: 'El servidor usó tu número, {sent}.',
  noNumber: 'El servidor dice que no se mezcló ningún número en la semilla, pero esta página envió {sent}.',
  otherNumber: 'El servidor reveló el número {revealed}, pero esta página envió {sent}.',
  seedMixed: 'La semilla de la partida es la mezcla del secreto y tu número.',
  seedNotMixed: 'La semilla de la partida no es la mezcla del secreto y tu número.',

  // Each hand.
  hand: 'Mano {hand}',
  theDeal: 'El reparto',
  noCommitment: 'Esta página no recibió el compromiso de esta mano, así que no puede comprobarla.',
  commitWrong: 'El compromiso recibido con el reparto no coincide con la semilla y el secreto revelados.',
  commitGood: 'El compromiso recibido con el reparto coincide.',
  commitLate:
    'El compromiso coincide, pero esta página lo recibió cuando la mano ya estaba en juego, así que no demuestra que el reparto estuviera fijado antes de jugar.',
  changed: 'Más tarde, el servidor envió otro compromiso distinto para esta mano.',
  cardsUnseen: 'Esta página no vio tus cartas tal como se repartieron (se abrió con la mano ya empezada).',
  cardsGood: 'Tus 13 cartas son las que reparte la semilla.',
  cardsWrong: 'Tus cartas no son las que reparte la semilla.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Comprueba un reparto por tu cuenta',
  salt: 'Secreto (sal)',
  handField: 'Mano',
  commitment: 'Compromiso (opcional)',
  check: 'Comprobar',
  badSeed: 'La semilla es un número entero de 0 a 18446744073709551615, escrito sin espacios.',
  badHand: 'La mano es un número de 1 a 999.',
  badCommitment: 'Un compromiso tiene 64 dígitos hexadecimales (0-9, a-f).',
  badSalt: 'El secreto tiene 32 dígitos hexadecimales (0-9, a-f).',
  deals: 'La mano {hand} de la semilla {seed} reparte:',
  matches: 'El compromiso coincide con esta semilla, este secreto y esta mano.',
  noMatch: 'El compromiso no coincide con esta semilla, este secreto y esta mano.',
} satisfies Catalog<typeof en>;
