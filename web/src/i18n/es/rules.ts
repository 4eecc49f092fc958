import type en from '../en/rules';
import type { Catalog } from '../words';

export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'Objetivo',
  vsComputers: 'Juegas contra tres bots: {left} a tu izquierda, {across} enfrente y {right} a tu derecha.',
  vsPeople: 'Juegas contra {left} a tu izquierda, {across} enfrente y {right} a tu derecha.',
  aComputer: '{name} (un bot)',
  watchingNames: 'Estás viendo jugar a {names}.',
  goalText:
    'Cada jugador recibe 13 cartas. Los corazones y la reina de picas son cartas de castigo. Al acabar la partida, gana quien tenga menos puntos.',

  // What a watcher sees, in place of how to play
  watching: 'Mirando',
  watchingSee:
    'Ves lo que los jugadores ven unos de otros: las bazas, los puntos y los nombres, nunca una carta de una mano. Ves la partida con una baza de retraso: cada carta aparece cuando ya se ha jugado la baza siguiente, y el resto de una mano cuando esta termina.',
  watchingChat:
    'Puedes leer el chat de la mesa, pero no escribir en él. “Dejar de mirar” te devuelve a la sala. Lo que ves también se anuncia a los lectores de pantalla.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'El pase',
  passLRAN:
    'Antes de cada mano, todos pasan tres cartas: en la primera mano, a la izquierda; en la segunda, a la derecha; en la tercera, al jugador de enfrente, y en la cuarta no se pasa; luego el ciclo vuelve a empezar.',
  passLARN:
    'Antes de cada mano, todos pasan tres cartas: en la primera mano, a la izquierda; en la segunda, al jugador de enfrente; en la tercera, a la derecha, y en la cuarta no se pasa; luego el ciclo vuelve a empezar.',
  passLRANOnce:
    'Antes de cada mano, todos pasan tres cartas: en la primera mano, a la izquierda; en la segunda, a la derecha; en la tercera, al jugador de enfrente, y en la cuarta no se pasa.',
  passLARNOnce:
    'Antes de cada mano, todos pasan tres cartas: en la primera mano, a la izquierda; en la segunda, al jugador de enfrente; en la tercera, a la derecha, y en la cuarta no se pasa.',
  passWatch: 'Una ✓ junto a un nombre indica quién ya ha pasado; nunca ves qué cartas.',
  passHow: 'Haz clic o toca tres cartas y luego “Pasar cartas”. Las cartas que recibes se iluminan un momento.',

  // Tricks
  tricks: 'Bazas',
  tricksLead: 'Quien tenga el dos de tréboles sale con él en la primera baza. Después, cada jugador juega una carta por turno, en el sentido de las agujas del reloj.',
  followWatch: 'Todos deben seguir el palo de salida; quien no pueda, puede jugar cualquier carta.',
  followYou: 'Debes seguir el palo de salida; si no puedes, puedes jugar cualquier carta.',
  tricksTake: 'La carta más alta del palo de salida se lleva la baza, y quien se la lleva sale en la siguiente.',

  // Special rules
  special: 'Reglas especiales',
  firstTrick: 'En la primera baza nadie puede jugar un corazón ni la reina de picas, salvo que no tenga otra cosa.',
  broken:
    'No se puede salir con corazones hasta que se “rompan” los corazones (que alguien juegue un corazón en una baza de otro palo), salvo que quien sale solo tenga corazones.',
  queenBreaks: 'En esta partida, la reina de picas también rompe los corazones.',
  queenNoBreak: 'La reina de picas no rompe los corazones.',

  // Points
  points: 'Puntos',
  pointsText: 'Cada corazón vale 1 punto; la reina de picas, 13 puntos, y las demás cartas, nada.',
  jack: 'En esta partida, la jota de diamantes vale −10 puntos.',
  pointsShown:
    'Junto a cada nombre ves los puntos de la partida y las bazas ganadas en esta mano: un punto (·) por una baza sin puntos, ♥ por una baza con corazones y ♠ por la baza con la reina de picas.',

  // Shooting the moon, by the settings' variant
  moon: 'Disparar a la luna',
  moonOthers:
    'Si un jugador se lleva los 13 corazones y la reina de picas en una mano, ese jugador suma 0 puntos y cada uno de los demás suma 26.',
  moonShooter:
    'Si un jugador se lleva los 13 corazones y la reina de picas en una mano, en lugar de sumar puntos, resta 26 de su propia puntuación.',
  moonChoice:
    'Si un jugador se lleva los 13 corazones y la reina de picas en una mano, ese jugador elige: que cada uno de los demás sume 26 puntos o restarse 26 de su propia puntuación.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 hands", {last}: the last hand's number)
  end: 'Fin de la partida',
  endAt: {
    one: 'La partida termina al acabar la mano en la que alguien llega a {n} punto o más.',
    many: 'La partida termina al acabar la mano en la que alguien llega a {n} puntos o más.',
    other: 'La partida termina al acabar la mano en la que alguien llega a {n} puntos o más.',
  },
  endHands: {
    one: 'Esta partida es de {hands}: termina después de la mano {last}, o antes si alguien llega a {n} punto o más.',
    many: 'Esta partida es de {hands}: termina después de la mano {last}, o antes si alguien llega a {n} puntos o más.',
    other: 'Esta partida es de {hands}: termina después de la mano {last}, o antes si alguien llega a {n} puntos o más.',
  },
  fewestWins: 'Gana el jugador con menos puntos.',
  tieShare: 'Si dos o más empatan con la puntuación más baja, comparten la victoria.',
  tiePlayOn: 'Si dos o más empatan con la puntuación más baja, se sigue jugando hasta que solo quede uno.',
  saved: 'La partida se guarda después de cada carta, así que puedes cerrar la página y volver más tarde para terminarla.',

  // Keyboard
  keyboard: 'Teclado',
  keyboardText:
    'Tab o las flechas te mueven entre tus cartas; Enter o Espacio juega la carta (o la selecciona para el pase). H te da una pista en tu turno: la carta (o las tres del pase) que elegiría la máquina, y por qué. Todo lo que pasa también se anuncia a los lectores de pantalla.',

  // The daily deal and watching
  daily: 'El reparto del día y mirar partidas',
  dailyText:
    'El reparto del día da a todos las mismas cuatro manos cada día, contra los mismos bots: una partida al día, y una clasificación del día ordena a todos los que la han jugado.',
  watchText:
    'Una partida con personas en curso se puede ver desde la sala (Ver), con una baza de retraso para no desvelar ninguna mano; en una mesa privada, solo si todos sus jugadores lo permiten.',

  // Ratings
  ratings: 'Puntuaciones',
  ratingsText:
    'Una partida en una mesa pública con al menos otra persona, jugada hasta el final, es puntuable: tu puntuación sube o baja según tu puesto entre las personas de la mesa (los bots no cuentan). Cada conjunto de reglas tiene su propia puntuación. Una puntuación es provisional durante sus 10 primeras partidas; en Estadísticas ves la tuya y la clasificación.',

  // The About dialog
  about: 'Acerca de Corazones',
  aboutWhat:
    'Corazones para cuatro: tú contra tres bots, o con personas en línea, en una mesa de la sala o en una privada que compartes con su código. Las reglas son las clásicas, y en los ajustes tienes las variantes que se juegan.',
  aboutBots:
    'Los bots tienen cinco niveles. El más fuerte, Experto, no sigue reglas generales: antes de cada carta juega muchos repartos posibles de las cartas que no ve.',
  data: 'Tus partidas y tus datos',
  dataWhere:
    'Este servidor lo gestiona quien lo instaló, en su propia máquina. Tus partidas, tu nombre y las personas que marcaste se guardan en él; no se envía nada a ningún otro sitio. No hay anuncios, ni rastreo, ni cookies: este navegador guarda tu identificador de jugador y tus ajustes en su almacenamiento local.',
  dataReplay:
    'Cada partida terminada se puede volver a ver carta a carta, descargar como registro y verificar sus repartos: cada mano se reparte con un compromiso que el final de la partida demuestra, y esta página lo comprueba.',
} satisfies Catalog<typeof en>;
