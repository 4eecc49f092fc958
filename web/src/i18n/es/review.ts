import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'pase',
  kindLead: 'salida',
  kindFollow: 'seguir el palo',
  kindDiscard: 'descarte',
  kindMoon: 'defensa contra la luna',
  kindLost: '{kind} ({points})',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'salida',
  stepFollow: 'seguir el palo',
  stepDiscard: 'descarte',
  stepMoon: 'frenar la luna',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: { one: '{n} punto', many: '{n} puntos', other: '{n} puntos' },
  south: 'Sur',
  west: 'Oeste',
  north: 'Norte',
  east: 'Este',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} y {b}',

  // The summary and how it was made.
  wellPlayed: 'Ninguna carta que jugaste costó claramente más que la mejor: bien jugado.',
  wellPlayedPass: 'Ninguna carta que pasaste o jugaste costó claramente más que la mejor: bien jugado.',
  lost: 'Perdiste alrededor de {points} por errores: {kinds}.',
  weighed:
    'Cada carta que jugaste se comparó con la mejor en esa posición en {deals} repartos de las cartas que no veías, jugados por la máquina; los puntos son lo que te costó de media el resto de la mano.',
  weighedPass:
    'Cada pase y cada carta que jugaste se comparó con la mejor opción en esa posición en {deals} repartos de las cartas que no veías (un pase, en más), jugados por la máquina; los puntos son lo que te costó de media el resto de la mano.',
  marked: 'Una jugada marcada costó al menos {noise} puntos más que la mejor.',
  markedPass: 'Una jugada marcada costó al menos {noise} puntos más que la mejor (un pase, además, más que el margen de error del muestreo).',
  playedOut: { one: '+{n} carta jugada automáticamente', many: '+{n} cartas jugadas automáticamente', other: '+{n} cartas jugadas automáticamente' },
  claimedNote: 'Una mano cuyo resultado ya no podía cambiar terminó enseguida: las cartas jugadas entonces no las eligió nadie, así que no se evalúan.',
  open: 'Abre “Baza a baza” en una mano para ver los números.',
  openSee: 'Abre “Baza a baza” en una mano para ver los números, y “Ver” en un error para ver la repetición justo antes.',
  loading: 'Comparando cada pase que hiciste y cada carta que jugaste con la mejor opción…',
  failed: 'No se pudo hacer la revisión.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'a la izquierda ({seat})',
  toRight: 'a la derecha ({seat})',
  toAcross: 'al de enfrente ({seat})',
  passMistake: 'El pase: {cards} {to} costaron alrededor de {cost}; pasar {best} habría costado alrededor de {bestCost}.',
  passBest: 'El pase: {cards} {to}, alrededor de {cost}, el mejor pase.',
  passAsGood: 'El pase: {cards} {to}, alrededor de {cost}, tan bueno como el del análisis: pasar {best} costaría alrededor de {bestCost}.',
  passNoDifference: 'El pase: {cards} {to}, alrededor de {cost}; pasar {best} costaría alrededor de {bestCost}, sin una diferencia clara.',
  // Where it went, under its cards: "→ left".
  left: 'izquierda',
  right: 'derecha',
  across: 'enfrente',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Baza {trick}: {card} costó alrededor de {cost}; {best} era una jugada segura.',
  cardCost: 'Baza {trick}: {card} costó alrededor de {cost}; {best} habría costado alrededor de {bestCost}.',
  cardFine: 'Baza {trick}: {card}, alrededor de {cost}.',
  cardBest: 'Baza {trick}: {card}, alrededor de {cost}, la mejor carta.',

  // Each hand, trick by trick.
  hand: 'Mano {hand}',
  byTrick: 'Baza a baza',
  byTrickLabel: 'Mano {hand}, baza a baza',
  caption: 'Mano {hand}: cada una de tus decisiones, tu carta y la mejor, con los puntos que costó cada una de media, y los puntos perdidos.',
  captionPass:
    'Mano {hand}: cada una de tus decisiones, tu pase o tu carta y la mejor opción, con los puntos que costó cada una de media, y los puntos perdidos.',
  captionYours: 'El análisis eligió su pase con otros repartos: con estos, el tuyo no costó más que el suyo, así que el mejor es el tuyo.',
  colTrick: 'Baza',
  colWhat: 'Qué',
  colYours: 'Tu jugada',
  colBest: 'Mejor',
  colLost: 'Perdido',
  pass: 'Pase',
  passToLeft: 'pase a la izquierda',
  passToRight: 'pase a la derecha',
  passAcross: 'pase al de enfrente',
  yours: 'el tuyo',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(el del análisis: {pass})',
  aMistake: ', un error',
  seeIt: 'Ver',
  seePass: 'Ver el pase de la mano {hand} en la repetición',
  seeCard: 'Ver la mano {hand}, baza {trick}, en la repetición',

  // The largest mistakes, largest first.
  largest: 'Los mayores errores',
  largestPass: 'Mano {hand}, el pase: {cards} costaron alrededor de {cost}; {best}, alrededor de {bestCost}. ({kind})',
  largestSafe: 'Mano {hand}, baza {trick}: {card} costó alrededor de {cost}; {best} era una jugada segura. ({kind})',
  largestCost: 'Mano {hand}, baza {trick}: {card} costó alrededor de {cost}; {best} habría costado alrededor de {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
