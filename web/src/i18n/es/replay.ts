import type en from '../en/replay';
import type { Catalog } from '../words';

export default {
  // The seats, by their place when a seat has no name; "You" is the player's own.
  south: 'Sur',
  west: 'Oeste',
  north: 'Norte',
  east: 'Este',
  you: 'Tú',

  // Each step in words ({card}: "5♣").
  dealt: 'Se reparte la mano {hand}.',
  noPass: 'En esta mano no se pasa.',
  passLeft: 'Pase a la izquierda.',
  passRight: 'Pase a la derecha.',
  passAcross: 'Pase al jugador de enfrente.',
  passesLeft: 'El pase: cada jugador da 3 cartas al de su izquierda.',
  passesRight: 'El pase: cada jugador da 3 cartas al de su derecha.',
  passesAcross: 'El pase: cada jugador da 3 cartas al de enfrente.',
  youLead: 'Sales con {card}.',
  leads: '{name} sale con {card}.',
  youPlay: 'Juegas {card}.',
  plays: '{name} juega {card}.',
  youTake: 'Te llevas la baza.',
  takes: '{name} se lleva la baza.',
  youTakePoints: {
    one: 'Te llevas la baza ({n} punto).',
    many: 'Te llevas la baza ({n} puntos).',
    other: 'Te llevas la baza ({n} puntos).',
  },
  takesPoints: {
    one: '{name} se lleva la baza ({n} punto).',
    many: '{name} se lleva la baza ({n} puntos).',
    other: '{name} se lleva la baza ({n} puntos).',
  },
  youShotMoon: 'Disparaste a la luna.',
  shotMoon: '{name} disparó a la luna.',
  scored: 'Se puntúa la mano {hand}.',

  // The replay on screen.
  where: 'Mano {hand} de {hands} · paso {step} de {steps} · {tricks} de 13 bazas',
  roleDescription: 'repetición de la partida',
  startLabel: 'El principio',
  start: 'Inicio',
  handBefore: 'La mano anterior',
  stepBack: 'Un paso atrás',
  stepOn: 'Un paso adelante',
  nextHand: 'La mano siguiente',
  endLabel: 'El final',
  end: 'Final',
  keys: 'Teclas: ← y → un paso, ↑ y ↓ (o Re Pág y Av Pág) una mano, Inicio y Fin el principio y el final.',
  noCards: 'sin cartas',
  seatPoints: '{points} en esta mano, {total} antes',
  received: 'Las cartas que recibió cada jugador aparecen subrayadas.',
  noTrick: 'Aún no hay baza.',
  thisHand: 'Esta mano',
  total: 'Total',
  // The review's mistake, marked ({played}, {best}: "the 7♣", "the 7♣ and 9♦"; n: how many better cards).
  markPlayed: {
    one: 'El error de la revisión: aquí jugaste {played} (con ✗); {best} (con ✓) era mejor.',
    many: 'El error de la revisión: aquí jugaste {played} (con ✗); {best} (con ✓) eran mejores.',
    other: 'El error de la revisión: aquí jugaste {played} (con ✗); {best} (con ✓) eran mejores.',
  },
  markPassed: {
    one: 'El error de la revisión: aquí pasaste {played} (con ✗); {best} (con ✓) era mejor.',
    many: 'El error de la revisión: aquí pasaste {played} (con ✗); {best} (con ✓) eran mejores.',
    other: 'El error de la revisión: aquí pasaste {played} (con ✗); {best} (con ✓) eran mejores.',
  },
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} y {b}',
  theMistake: '(el error)',
  better: '(mejor)',

  // Sharing it.
  sharedDaily: 'Una partida del reparto del día: todos recibieron estas cartas. Cierra la repetición para volver a la clasificación.',
  shared: 'Una partida que compartieron sus jugadores. Cierra la repetición para jugar tú una.',
  share: 'Compartir esta repetición',
  shareAbout: 'Cualquiera con el enlace podrá ver cada carta de esta partida. En una mesa con personas, todos los que jugaron deben permitirlo antes.',
  asking: 'Consultando al servidor…',
  waiting: {
    one: 'Lo has permitido. El enlace se creará cuando el otro jugador de la partida también lo permita: solo tiene que pulsar “Compartir esta repetición”.',
    many: 'Lo has permitido. El enlace se creará cuando los otros {n} jugadores de la partida también lo permitan: solo tienen que pulsar “Compartir esta repetición”.',
    other:
      'Lo has permitido. El enlace se creará cuando los otros {n} jugadores de la partida también lo permitan: solo tienen que pulsar “Compartir esta repetición”.',
  },
  linkLabel: 'El enlace de la repetición',
  copy: 'Copiar enlace',
  linkAbout: 'Cualquiera con este enlace puede ver la partida:',

  // Downloading it ({why}: one of the reasons under it, or the server's own).
  loading: 'Cargando…',
  downloadFailed: 'No se pudo descargar la partida: {why}.',
  notDownloaded: 'No se pudo descargar la partida.',
  noPlayer: 'esta página no tiene ningún jugador con el que pedirla',
  answered: 'el servidor respondió {status}',
  noAnswer: 'el servidor no responde',
  notShared: 'No se pudo leer la partida: el servidor envió algo que no es una partida compartida.',
  notRecord: 'No se pudo leer la partida: el servidor envió algo que no es un registro de partida.',

  // A record that cannot be replayed ({where}: the record's field at fault, "actions[4]").
  cannotReplay: 'No se puede ver la repetición de esta partida: {why}.',
  unreadable: 'no se pudo leer',
  notHearts: 'no es un registro de una partida de Corazones (su "format" no es "hearts-game-record")',
  notList: '{where}: se esperaba una lista',
  notSeats: '{where}: se esperaban los números de los cuatro asientos',
  notWhole: '{where}: se esperaba un número entero',
  notPass: '{where}: se esperaba el pase de cada asiento en la mano {hand}',
  passesTwice: '{where}: {seat} pasa dos veces',
  passOwn: '{where}: {seat} debe pasar 3 de sus propias cartas',
  notPlay: '{where}: se esperaba una carta jugada',
  notTurn: '{where}: juega {seat}, pero le toca a {turn}',
  notHeld: '{where}: {seat} no tiene {card}',
  notNext: '{where}: se esperaba el reparto de la siguiente mano',
  notDeal: '{where}: se esperaban 13 cartas',
  notSeed: '{where}: se esperaba un número decimal de 64 bits',
} satisfies Catalog<typeof en>;
