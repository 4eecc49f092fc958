import type en from '../en/server';
import type { Catalog } from '../words';

// `{seat}`, `{to_move}` and `{shooter}` are the seat_* words below (Sur, Oeste…); `{item}` is an
// item's name without article (achievements.ts `<id>.item`) and `{achievement}` an achievement's
// name: both go in quotes after a colon or a noun. `{detail}` stays the server's English.
export default {
  // The server's own failures.
  internal: 'Algo falló en el servidor: vuelve a intentarlo en un momento.',
  db_unreachable: 'ahora mismo no se puede acceder a la base de datos del juego: vuelve a intentarlo en un momento',
  seed_mix_failed: 'no se pudo mezclar la semilla: vuelve a intentarlo',
  no_salt: 'no hay sal aleatoria para el reparto: vuelve a intentarlo',
  table_id_taken: 'el identificador de la mesa nueva ya estaba en uso: vuelve a intentarlo',
  server_failed: 'El servidor falló al hacerlo: la partida se vuelve a cargar desde la última carta guardada',
  reload_failed: 'No se pudo volver a cargar esta partida: recarga la página para intentarlo otra vez',
  waiting_for_db: 'Esta partida está esperando a su base de datos: volverá sola, desde la última carta guardada',
  save_failed: 'no se pudo guardar la jugada: {detail}',
  create_failed: 'no se pudo crear la mesa: {detail}',
  table_failed: 'la mesa falló y se está volviendo a cargar: {detail}',
  hint_failed: 'No se pudo preparar la pista: vuelve a intentarlo',
  review_failed: 'No se pudo hacer la revisión: vuelve a intentarlo más tarde',
  record_unreadable: 'No se puede leer el registro de esta partida',
  cluster_unreachable: 'ahora mismo los servidores del juego no se pueden comunicar entre sí: vuelve a intentarlo en un momento',
  table_moving: 'la mesa se está trasladando de un servidor a otro: vuelve a intentarlo en un momento',
  message_lost: 'el servidor del juego no recibió tu mensaje: vuelve a intentarlo en un momento',
  server_full: 'el servidor de esta mesa está lleno: vuelve a intentarlo dentro de un minuto',

  // Messages, hello and names.
  bad_message: '{detail}',
  hello_first: 'primero hay que saludar: {"t":"hello"}',
  hello_twice: 'el saludo ya se envió',
  auth_failed: 'jugador desconocido o token incorrecto',
  no_name: 'Escribe tu nombre',
  no_name_board: 'Escribe tu nombre: aparece en la clasificación',
  name_bot: 'nombre: {bot} es el nombre de un bot; elige otro',

  // Too much, too fast.
  too_many_players: 'Demasiados jugadores nuevos desde tu dirección: vuelve a intentarlo dentro de un minuto',
  too_many_wrong_codes: 'Demasiados códigos de mesa incorrectos: espera un minuto antes de volver a intentarlo',
  lobby_too_often: 'Se ha abierto la sala demasiadas veces: vuelve a intentarlo dentro de un minuto',
  watch_too_fast: 'Pides ver mesas demasiado rápido: vuelve a intentarlo dentro de un minuto',
  stats_too_fast: 'Demasiadas solicitudes de estadísticas: vuelve a intentarlo dentro de un minuto',
  share_too_fast: 'Demasiadas solicitudes de estadísticas y de partidas compartidas: vuelve a intentarlo dentro de un minuto',
  boards_too_fast: 'Demasiadas solicitudes de estadísticas y clasificaciones: vuelve a intentarlo dentro de un minuto',
  hints_too_fast: 'Demasiadas pistas: vuelve a intentarlo dentro de un minuto',
  reviews_too_fast: 'Demasiadas revisiones: vuelve a intentarlo dentro de un minuto',
  look_too_fast: 'Cambias de aspecto demasiado rápido: vuelve a intentarlo dentro de un minuto',
  lang_too_fast: 'Cambias de idioma demasiado rápido: vuelve a intentarlo dentro de un minuto',
  games_too_fast: 'Pides partidas demasiado rápido: vuelve a intentarlo dentro de un minuto',
  tables_too_fast: {
    one: 'Empiezas partidas demasiado rápido: como máximo {n} por minuto desde tu dirección',
    many: 'Empiezas partidas demasiado rápido: como máximo {n} por minuto desde tu dirección',
    other: 'Empiezas partidas demasiado rápido: como máximo {n} por minuto desde tu dirección',
  },
  challenges_too_fast: 'Demasiados retos desde tu dirección: vuelve a intentarlo dentro de un minuto',
  challenging_too_often: {
    one: 'Retas demasiado a menudo: como máximo {n} reto por minuto',
    many: 'Retas demasiado a menudo: como máximo {n} retos por minuto',
    other: 'Retas demasiado a menudo: como máximo {n} retos por minuto',
  },
  chat_too_fast: {
    one: 'Envías mensajes demasiado rápido: como máximo {n} cada 10 segundos',
    many: 'Envías mensajes demasiado rápido: como máximo {n} cada 10 segundos',
    other: 'Envías mensajes demasiado rápido: como máximo {n} cada 10 segundos',
  },
  review_being_made: 'Se está preparando una revisión para ti: espera a que termine',
  reviews_busy: 'Ahora mismo el servidor está haciendo otras revisiones: vuelve a intentarlo dentro de un minuto',
  hint_on_its_way: 'Tu pista ya está en camino',

  // Tables.
  table_not_found: 'No se encontró la mesa',
  not_yours: 'mesa {table}: no es una de tus mesas',
  not_finished: 'mesa {table}: la partida no ha terminado y su registro revelaría cartas ocultas',
  game_over: 'Esta partida ha terminado',
  game_not_started: 'La partida aún no ha empezado',
  game_started: 'La partida ya ha empezado',
  started_concede: 'La partida ya ha empezado: ríndete para salir',
  started_between_hands: 'La partida ya ha empezado: puedes ocupar el asiento de un bot entre manos',
  no_game_to_concede: 'No hay ninguna partida de la que rendirse',
  game_not_over: 'La partida aún no ha terminado',
  only_host_starts: 'Solo el anfitrión puede empezar la partida',
  table_full: 'Esta mesa está llena',
  join_blocked: 'No puedes unirte a esta mesa: un jugador de la mesa te ha bloqueado',
  confirm_blocked: 'En esta mesa hay un jugador ({name}) al que bloqueaste antes (quizá con otro nombre). ¿Seguro que quieres unirte?',
  name_looks_same: '{name} está en esta mesa y tu nombre se confunde con el suyo: cámbialo para unirte',
  not_your_turn: 'le toca a {name}',

  // Watching, and the votes of a table.
  solo_not_watchable: 'Es una partida contra los bots: no se puede ver',
  public_watchable: 'Cualquiera puede ver una mesa pública',
  watch_not_started: 'La partida aún no ha empezado: únete, o mírala cuando empiece',
  watch_own_table: 'Estás jugando en esta mesa',
  watchers_not_allowed: 'Los jugadores de esta mesa no permiten espectadores',
  watch_blocked: 'Un jugador de esta mesa te ha bloqueado',
  watchers_full: {
    one: 'Esta mesa ya tiene el máximo de espectadores ({n}): vuelve a intentarlo más tarde',
    many: 'Esta mesa ya tiene el máximo de espectadores ({n}): vuelve a intentarlo más tarde',
    other: 'Esta mesa ya tiene el máximo de espectadores ({n}): vuelve a intentarlo más tarde',
  },
  watch_address_full: {
    one: 'Tu dirección ya está mirando esta mesa desde {n} conexión',
    many: 'Tu dirección ya está mirando esta mesa desde {n} conexiones',
    other: 'Tu dirección ya está mirando esta mesa desde {n} conexiones',
  },
  watchers_no_longer: 'Los jugadores de esta mesa ya no permiten espectadores',
  nobody_playing: 'Ya no hay nadie jugando en esta mesa',
  table_not_shown: 'No se pudo mostrar la mesa: {detail}',
  hints_always_solo: 'En una partida contra los bots, las pistas siempre están permitidas',
  solo_not_rated: 'Una partida contra los bots no es puntuable',
  public_rated: 'Todas las partidas en una mesa pública son puntuables',
  daily_not_rated: 'El reparto del día no es puntuable',
  rated_before_start: 'La partida ya ha empezado: una partida puntuable se acepta antes de la primera carta',

  // Hints and reviews.
  hint_not_playing: 'No hay nada que sugerir: no se está jugando la partida',
  hint_daily: 'En el reparto del día no hay pistas: cada uno juega las cartas del día por su cuenta',
  hint_not_allowed:
    'En una mesa con personas, las pistas necesitan el permiso de todos: si no, ayudarían a un jugador contra los demás',
  hint_not_your_turn: 'La pista es para cuando te toca pasar o jugar',
  review_too_long: {
    one: 'Esta partida es demasiado larga para revisarla: las revisiones abarcan como máximo {n} mano',
    many: 'Esta partida es demasiado larga para revisarla: las revisiones abarcan como máximo {n} manos',
    other: 'Esta partida es demasiado larga para revisarla: las revisiones abarcan como máximo {n} manos',
  },

  // Other players, challenges.
  that_is_you: 'jugador: eres tú',
  no_such_player: 'jugador: no existe ese jugador',
  player_no_name: 'jugador: este jugador aún no tiene nombre',
  challenge_blocked: 'No puedes retar a este jugador',
  challenge_blocked_them: 'Bloqueaste a {name}: quita el bloqueo para poder enviarle un reto',
  offline: '{name} no está en línea ahora mismo',
  already_challenged: 'Ya retaste a {name}: espera su respuesta',
  challenged_waiting: '{name} tiene otros retos pendientes de respuesta: vuelve a intentarlo cuando los haya respondido',
  challenged_often: 'Han retado a {name} muchas veces en muy poco tiempo: vuelve a intentarlo dentro de un minuto',
  no_open_challenge: 'No tienes ningún reto pendiente en esta mesa',

  // Fair deals, the daily deal, looks.
  nonce_no_commit: 'nonce: aún no se envió ningún compromiso con el que mezclarlo (next_deal)',
  daily_played: 'Ya jugaste el reparto de hoy: el siguiente se reparte a medianoche (UTC)',
  day_not_yet: 'día: {day} todavía no ha llegado',
  days_kept: {
    one: 'día: las clasificaciones llegan hasta {n} día atrás',
    many: 'día: las clasificaciones llegan hasta {n} días atrás',
    other: 'día: las clasificaciones llegan hasta {n} días atrás',
  },
  item_not_earned: 'accesorio: “{item}” se consigue con el logro “{achievement}”, que aún no tienes',
  offline_solo_only: 'Sin conexión, la página solo juega contra el ordenador: esto necesita el servidor',

  // A card, a pass or a choice the rules refuse (the engine's words).
  not_pass_time: 'no es momento de pasar cartas',
  already_passed: '{seat} ya pasó sus cartas',
  pass_three: 'pasa exactamente 3 cartas',
  pass_not_held: 'solo puedes pasar cartas que tengas, y {seat} no tiene {cards}',
  pass_first: 'primero pasa 3 cartas',
  not_play_time: 'no es momento de jugar una carta',
  not_seats_turn: 'le toca a {to_move}, no a {seat}',
  no_card: 'no se indicó ninguna carta',
  hand_over: 'la mano ha terminado',
  card_not_held: 'no tienes esa carta',
  two_clubs_lead: 'en la primera baza se sale con el dos de tréboles',
  hearts_not_broken: 'aún no se han roto los corazones',
  must_follow: 'tienes que seguir el palo',
  no_points_first_trick: 'en la primera baza no se juegan corazones ni la reina de picas',
  no_moon: 'no hay ninguna luna que puntuar',
  shooter_chooses: 'solo quien disparó a la luna, {shooter}, elige cómo puntuarla',
  game_is_over: 'la partida ha terminado',
  hand_not_over: 'la mano aún no ha terminado',
  unknown_action: 'acción desconocida',
  table_put_away: 'la mesa se cerró',
  table_reloading: 'la mesa falló y se está volviendo a cargar',
  refused: '{detail}',

  // Why a rated game moved a rating less (each a clause of the rating's `reason`).
  rating_newcomers: {
    one: 'los jugadores con menos de {n} partida puntuable aún no mueven tu puntuación',
    many: 'los jugadores con menos de {n} partidas puntuables aún no mueven tu puntuación',
    other: 'los jugadores con menos de {n} partidas puntuables aún no mueven tu puntuación',
  },
  rating_same_players: {
    one: 'hoy has jugado {n} partida puntuable con los mismos jugadores, así que esta cuenta un {percent} %',
    many: 'hoy has jugado {n} partidas puntuables con los mismos jugadores, así que esta cuenta un {percent} %',
    other: 'hoy has jugado {n} partidas puntuables con los mismos jugadores, así que esta cuenta un {percent} %',
  },

  // Words the texts above hold (the seats' names).
  seat_south: 'Sur',
  seat_west: 'Oeste',
  seat_north: 'Norte',
  seat_east: 'Este',
} satisfies Catalog<typeof en>;
