import type en from '../en/game';
import type { Catalog } from '../words';

export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words ("Pik-Dame").
  C: 'Kreuz',
  D: 'Karo',
  S: 'Pik',
  H: 'Herz',
  '2': 'Zwei',
  '3': 'Drei',
  '4': 'Vier',
  '5': 'Fünf',
  '6': 'Sechs',
  '7': 'Sieben',
  '8': 'Acht',
  '9': 'Neun',
  T: 'Zehn',
  J: 'Bube',
  Q: 'Dame',
  K: 'König',
  A: 'Ass',
  card: '{suit}-{rank}',

  // The pass, by direction (the status line, the announcer).
  np: 'In dieser Runde wird nicht weitergegeben',
  pleft: 'Gib drei Karten nach links weiter ({name})',
  pright: 'Gib drei Karten nach rechts weiter ({name})',
  pacross: 'Gib drei Karten über den Tisch weiter ({name})',

  // Why a card cannot be played.
  nNow: 'Du kannst gerade keine Karte spielen',
  wF: 'Warte, bis du dran bist: {name} ist am Zug',
  wait: 'Warte, bis du dran bist',
  fol: 'Du musst {suit} bedienen',
  two: 'Der erste Stich beginnt mit der Kreuz-Zwei',
  ft: 'Im ersten Stich kein Herz und keine Pik-Dame',
  nBr: 'Herz ist noch nicht gebrochen',
  cant: 'Du kannst {card} gerade nicht spielen',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Mondschuss heißt: Jemand holt alle Herzen und die Pik-Dame. Dann bekommt er 0 Punkte und alle anderen bekommen 26 Punkte!',
  mS: 'Mondschuss heißt: Jemand holt alle Herzen und die Pik-Dame. Nach diesen Regeln werden ihm dann stattdessen 26 Punkte vom eigenen Stand abgezogen!',
  ver: 'Das ist Version {v} von Hearts.',

  // What a screen reader hears (a11y.ts). "du" is the player in a list of winners.
  yW: 'Glückwunsch, du hast gewonnen!',
  you: 'du',
  won: '{names} hat gewonnen.',
  wA: '{names} haben gemeinsam gewonnen.',
  hand: 'Runde {n}.',
  iP: 'Du hast deine Karten weitergegeben.',
  got: 'Du hast {cards} bekommen.',
  iPl: 'Du spielst {card}.',
  pl: '{name} spielt {card}.',
  iT: 'Du machst den Stich.',
  tk: '{name} macht den Stich.',
  iTP: { one: 'Du machst den Stich mit {n} Punkt.', other: 'Du machst den Stich mit {n} Punkten.' },
  tkP: { one: '{name} macht den Stich mit {n} Punkt.', other: '{name} macht den Stich mit {n} Punkten.' },
  brk: 'Herz ist gebrochen.',
  clN: 'Es waren keine Punkte mehr zu holen, also endete die Runde dort.',
  iCl: 'Du hast alle restlichen Stiche gemacht: Niemand konnte deine Karten schlagen.',
  cl: '{name} hat alle restlichen Stiche gemacht: Niemand konnte diese Karten schlagen.',
  hO: 'Runde {n} ist vorbei.',
  sc: { one: 'Du hast {n} Punkt bekommen.', other: 'Du hast {n} Punkte bekommen.' },
  iSh: 'Du hast den Mond geschossen!',
  shot: '{name} hat den Mond geschossen!',
  over: 'Spiel vorbei.',

  // What is wrong with a name (names.ts).
  nm: 'Bitte gib einen Namen ein',
  nmC: 'Ein Name darf keine Steuerzeichen und keine Zeichen für die Schreibrichtung enthalten',
  nmI: 'Ein Name darf keine unsichtbaren Zeichen enthalten und kein anderes Leerzeichen als das normale',
  nmL: { one: 'Ein Name hat höchstens {n} Zeichen', other: 'Ein Name hat höchstens {n} Zeichen' },
  nmS: 'Ein Name braucht einen Buchstaben, eine Ziffer oder ein sichtbares Symbol',
  nmW: 'Ein Name darf kein Zeichen enthalten, das so breit ist wie ein ganzes Wort',
  nmM: { one: 'Ein Zeichen in einem Namen darf höchstens {n} Akzent tragen', other: 'Ein Zeichen in einem Namen darf höchstens {n} Akzente tragen' },

  // An achievement just earned: {title} is a nominative predicate ("ein Kartenhai"), {item} an accusative ("den Partyhut").
  unl: 'ERFOLG FREIGESCHALTET',
  mb: 'Sieht so aus, als wärst du {title}: Ab jetzt kannst du beim Spielen {item} tragen.',
  put: 'Möchtest du jetzt {item} tragen?',
} satisfies Catalog<typeof en>;
