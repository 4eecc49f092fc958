import type en from '../en/game';
import type { Catalog } from '../words';

// A card in words carries its article ("la reina de picas", "el dos de tréboles"): the
// sentences say "Juegas {card}", "Recibiste {cards}", "Ahora no puedes jugar {card}".
export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words.
  C: 'tréboles',
  D: 'diamantes',
  S: 'picas',
  H: 'corazones',
  '2': 'el dos',
  '3': 'el tres',
  '4': 'el cuatro',
  '5': 'el cinco',
  '6': 'el seis',
  '7': 'el siete',
  '8': 'el ocho',
  '9': 'el nueve',
  T: 'el diez',
  J: 'la jota',
  Q: 'la reina',
  K: 'el rey',
  A: 'el as',
  card: '{rank} de {suit}',

  // The pass, by direction (the status line, the announcer).
  np: 'En esta mano no se pasan cartas',
  pleft: 'Pasa tres cartas a la izquierda ({name})',
  pright: 'Pasa tres cartas a la derecha ({name})',
  pacross: 'Pasa tres cartas al jugador de enfrente ({name})',

  // Why a card cannot be played.
  nNow: 'Ahora no puedes jugar ninguna carta',
  wF: 'Espera tu turno: le toca a {name}',
  wait: 'Espera tu turno',
  fol: 'Tienes que seguir el palo: juega {suit}',
  two: 'En la primera baza se sale con el dos de tréboles',
  ft: 'En la primera baza no se juegan corazones ni la reina de picas',
  nBr: 'Aún no se han roto los corazones',
  cant: 'Ahora no puedes jugar {card}',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Disparar a la luna es llevarse todos los corazones y la reina de picas en una mano. ¡Entonces quien lo consigue suma 0 puntos y cada uno de los demás suma 26!',
  mS:
    'Disparar a la luna es llevarse todos los corazones y la reina de picas en una mano. ¡Con estas reglas, quien lo consigue se resta 26 puntos de su propia puntuación!',
  ver: 'Esta es la versión {v} de Corazones.',

  // What a screen reader hears (a11y.ts). "you" is the player in a list of winners.
  yW: '¡Felicidades, ganaste!',
  you: 'tú',
  won: 'Ganó {names}.',
  wA: '{names} comparten la victoria.',
  hand: 'Mano {n}.',
  iP: 'Pasaste tus cartas.',
  got: 'Recibiste {cards}.',
  iPl: 'Juegas {card}.',
  pl: '{name} juega {card}.',
  iT: 'Te llevas la baza.',
  tk: '{name} se lleva la baza.',
  iTP: { one: 'Te llevas la baza con {n} punto.', many: 'Te llevas la baza con {n} puntos.', other: 'Te llevas la baza con {n} puntos.' },
  tkP: {
    one: '{name} se lleva la baza con {n} punto.',
    many: '{name} se lleva la baza con {n} puntos.',
    other: '{name} se lleva la baza con {n} puntos.',
  },
  brk: 'Se rompieron los corazones.',
  clN: 'No quedaban puntos por llevarse, así que la mano terminó ahí.',
  iCl: 'Te llevaste todas las bazas restantes: nadie podía superar tus cartas.',
  cl: '{name} se llevó todas las bazas restantes: nadie podía superar sus cartas.',
  hO: 'Fin de la mano {n}.',
  sc: { one: 'Sumaste {n} punto.', many: 'Sumaste {n} puntos.', other: 'Sumaste {n} puntos.' },
  iSh: '¡Disparaste a la luna!',
  shot: '¡{name} disparó a la luna!',
  over: 'Fin de la partida.',

  // What is wrong with a name (names.ts).
  nm: 'Escribe un nombre',
  nmC: 'Un nombre no puede contener caracteres de control ni de dirección del texto',
  nmI: 'Un nombre no puede contener caracteres invisibles ni espacios distintos del espacio normal',
  nmL: {
    one: 'Un nombre tiene como máximo {n} carácter',
    many: 'Un nombre tiene como máximo {n} caracteres',
    other: 'Un nombre tiene como máximo {n} caracteres',
  },
  nmS: 'Un nombre necesita al menos una letra, una cifra o un símbolo visible',
  nmW: 'Un nombre no puede contener un carácter tan ancho como una palabra',
  nmM: {
    one: 'Un carácter de un nombre puede llevar como máximo {n} acento',
    many: 'Un carácter de un nombre puede llevar como máximo {n} acentos',
    other: 'Un carácter de un nombre puede llevar como máximo {n} acentos',
  },

  // An achievement just earned: its title and item are the server's words.
  unl: 'LOGRO DESBLOQUEADO',
  mb: 'Parece que eres {title}. Ya puedes llevar {item} mientras juegas.',
  put: '¿Quieres ponerte {item}?',
} satisfies Catalog<typeof en>;
