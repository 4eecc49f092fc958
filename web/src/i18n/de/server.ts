import type en from '../en/server';
import type { Catalog } from '../words';

// `{seat}`, `{to_move}`, `{shooter}` are seat names (Süd, West, Nord, Ost: seat_* below);
// `{item}` is an accusative with its article ("den Partyhut": achievements.ts `<id>.item`),
// `{achievement}` an achievement's name; `{detail}` stays in the developers' English.
export default {
  // The server's own failures.
  internal: 'Auf dem Server ist etwas schiefgegangen: Versuch es gleich noch einmal.',
  db_unreachable: 'Die Datenbank des Spiels ist gerade nicht erreichbar: Versuch es gleich noch einmal',
  seed_mix_failed: 'Der Seed konnte nicht gemischt werden: Versuch es noch einmal',
  no_salt: 'Kein Geheimnis (Salt) für die Verteilung: Versuch es noch einmal',
  table_id_taken: 'Die ID für einen neuen Tisch war schon vergeben: Versuch es noch einmal',
  server_failed: 'Dabei ist auf dem Server ein Fehler passiert: Das Spiel wird ab der zuletzt gespeicherten Karte neu geladen',
  reload_failed: 'Dieses Spiel konnte nicht neu geladen werden: Lade die Seite neu, um es noch einmal zu versuchen',
  waiting_for_db: 'Dieses Spiel wartet auf seine Datenbank: Es geht von selbst weiter, ab der zuletzt gespeicherten Karte',
  save_failed: 'Der Zug konnte nicht gespeichert werden: {detail}',
  create_failed: 'Der Tisch konnte nicht erstellt werden: {detail}',
  table_failed: 'Am Tisch ist ein Fehler passiert, er wird neu geladen: {detail}',
  hint_failed: 'Der Tipp konnte nicht erstellt werden: Versuch es noch einmal',
  review_failed: 'Die Analyse konnte nicht erstellt werden: Versuch es später noch einmal',
  record_unreadable: 'Das Spielprotokoll dieses Spiels ist nicht lesbar',
  cluster_unreachable: 'Die Server des Spiels erreichen sich gerade nicht gegenseitig: Versuch es gleich noch einmal',
  table_moving: 'Der Tisch zieht gerade auf einen anderen Server um: Versuch es gleich noch einmal',
  message_lost: 'Deine Nachricht ist nicht beim Server angekommen: Versuch es gleich noch einmal',
  server_full: 'Der Server mit diesem Tisch ist voll: Versuch es in einer Minute noch einmal',

  // Messages, hello and names.
  bad_message: '{detail}',
  hello_first: 'Zuerst „hello“ senden: {"t":"hello"}',
  hello_twice: '„hello“ wurde schon gesendet',
  auth_failed: 'Unbekannter Spieler oder falscher Token',
  no_name: 'Bitte gib deinen Namen ein',
  no_name_board: 'Bitte gib deinen Namen ein: Er erscheint in der Rangliste',
  name_bot: '{bot} ist der Name eines Computerspielers: Wähl bitte einen anderen Namen',

  // Too much, too fast.
  too_many_players: 'Zu viele neue Spieler von deiner Adresse: Versuch es in einer Minute noch einmal',
  too_many_wrong_codes: 'Zu viele falsche Tischcodes: Warte eine Minute, bevor du es noch einmal versuchst',
  lobby_too_often: 'Die Lobby wurde zu oft geöffnet: Versuch es in einer Minute noch einmal',
  watch_too_fast: 'Du willst zu schnell hintereinander zuschauen: Versuch es in einer Minute noch einmal',
  stats_too_fast: 'Zu viele Anfragen nach Statistiken: Versuch es in einer Minute noch einmal',
  share_too_fast: 'Zu viele Anfragen nach Statistiken und geteilten Spielen: Versuch es in einer Minute noch einmal',
  boards_too_fast: 'Zu viele Anfragen nach Statistiken und Ranglisten: Versuch es in einer Minute noch einmal',
  hints_too_fast: 'Zu viele Tipps: Versuch es in einer Minute noch einmal',
  reviews_too_fast: 'Zu viele Analysen: Versuch es in einer Minute noch einmal',
  look_too_fast: 'Du änderst deinen Look zu oft: Versuch es in einer Minute noch einmal',
  lang_too_fast: 'Du wechselst die Sprache zu oft: Versuch es in einer Minute noch einmal',
  games_too_fast: 'Du suchst zu schnell hintereinander nach Spielen: Versuch es in einer Minute noch einmal',
  tables_too_fast: {
    one: 'Du startest zu viele Spiele: höchstens {n} pro Minute von deiner Adresse aus',
    other: 'Du startest zu viele Spiele: höchstens {n} pro Minute von deiner Adresse aus',
  },
  challenges_too_fast: 'Zu viele Herausforderungen von deiner Adresse: Versuch es in einer Minute noch einmal',
  challenging_too_often: {
    one: 'Du forderst zu oft heraus: höchstens {n} Herausforderung pro Minute',
    other: 'Du forderst zu oft heraus: höchstens {n} Herausforderungen pro Minute',
  },
  chat_too_fast: {
    one: 'Du schreibst zu schnell: höchstens {n} Nachricht in 10 Sekunden',
    other: 'Du schreibst zu schnell: höchstens {n} Nachrichten in 10 Sekunden',
  },
  review_being_made: 'Gerade wird eine Analyse für dich erstellt: Warte bitte, bis sie fertig ist',
  reviews_busy: 'Der Server erstellt gerade andere Analysen: Versuch es in einer Minute noch einmal',
  hint_on_its_way: 'Ein Tipp ist unterwegs',

  // Tables.
  table_not_found: 'Spieltisch nicht gefunden',
  not_yours: 'Tisch {table}: Das ist keiner deiner Tische',
  not_finished: 'Tisch {table}: Das Spiel ist noch nicht vorbei, und sein Spielprotokoll würde verdeckte Karten zeigen',
  game_over: 'Dieses Spiel ist vorbei',
  game_not_started: 'Das Spiel hat noch nicht angefangen',
  game_started: 'Das Spiel hat schon angefangen',
  started_concede: 'Das Spiel läuft schon: Gib auf, um es zu verlassen',
  started_between_hands: 'Das Spiel läuft schon: Zwischen den Runden kannst du den Platz eines Computerspielers übernehmen',
  no_game_to_concede: 'Es gibt kein Spiel, das du aufgeben könntest',
  game_not_over: 'Das Spiel ist noch nicht vorbei',
  only_host_starts: 'Nur der Gastgeber kann das Spiel starten',
  table_full: 'Dieser Tisch ist voll',
  join_blocked: 'Du kannst diesem Tisch nicht beitreten: Jemand dort hat dich blockiert',
  confirm_blocked:
    'An diesem Tisch sitzt jemand ({name}), den du früher blockiert hast (vielleicht unter einem anderen Namen). Willst du wirklich beitreten?',
  name_looks_same: '{name} sitzt an diesem Tisch, und dein Name sieht genauso aus: Ändere deinen Namen, um beizutreten',
  not_your_turn: '{name} ist am Zug',

  // Watching, and the votes of a table.
  solo_not_watchable: 'Das ist ein Spiel gegen den Computer: Dabei kann man nicht zuschauen',
  public_watchable: 'An einem öffentlichen Tisch darf jeder zuschauen',
  watch_not_started: 'Das Spiel hat noch nicht angefangen: Tritt bei, oder schau zu, sobald es losgeht',
  watch_own_table: 'Du spielst an diesem Tisch',
  watchers_not_allowed: 'Die Spieler an diesem Tisch haben keine Zuschauer erlaubt',
  watch_blocked: 'Jemand an diesem Tisch hat dich blockiert',
  watchers_full: {
    one: 'Dieser Tisch hat schon so viele Zuschauer wie möglich ({n}): Versuch es später noch einmal',
    other: 'Dieser Tisch hat schon so viele Zuschauer wie möglich ({n}): Versuch es später noch einmal',
  },
  watch_address_full: {
    one: 'Von deiner Adresse aus schaut schon {n} Verbindung diesem Tisch zu',
    other: 'Von deiner Adresse aus schauen schon {n} Verbindungen diesem Tisch zu',
  },
  watchers_no_longer: 'Die Spieler an diesem Tisch erlauben keine Zuschauer mehr',
  nobody_playing: 'An diesem Tisch spielt niemand mehr',
  table_not_shown: 'Der Tisch konnte nicht angezeigt werden: {detail}',
  hints_always_solo: 'In einem Spiel gegen den Computer sind Tipps immer erlaubt',
  solo_not_rated: 'Ein Spiel gegen den Computer wird nicht gewertet',
  public_rated: 'An einem öffentlichen Tisch wird jedes Spiel gewertet',
  daily_not_rated: 'Das Tagesspiel wird nicht gewertet',
  rated_before_start: 'Das Spiel hat schon angefangen: Einer Wertung stimmen alle vor der ersten Karte zu',

  // Hints and reviews.
  hint_not_playing: 'Gerade gibt es keinen Tipp: Das Spiel läuft nicht',
  hint_daily: 'Im Tagesspiel gibt es keine Tipps: Alle spielen die Karten des Tages allein',
  hint_not_allowed:
    'An einem Tisch mit Menschen gibt es Tipps nur, wenn alle sie erlauben: Sonst würden sie einem Spieler gegen die anderen helfen',
  hint_not_your_turn: 'Einen Tipp gibt es nur, wenn du mit Weitergeben oder Spielen dran bist',
  review_too_long: {
    one: 'Dieses Spiel ist zu lang für eine Analyse: Sie umfasst höchstens {n} Runde',
    other: 'Dieses Spiel ist zu lang für eine Analyse: Sie umfasst höchstens {n} Runden',
  },

  // Other players, challenges.
  that_is_you: 'Das bist du selbst',
  no_such_player: 'Diesen Spieler gibt es nicht',
  player_no_name: 'Dieser Spieler hat noch keinen Namen',
  challenge_blocked: 'Du kannst diesen Spieler nicht herausfordern',
  challenge_blocked_them: 'Du hast {name} blockiert: Heb die Blockierung auf, wenn du herausfordern willst',
  offline: '{name} ist gerade nicht online',
  already_challenged: 'Du hast {name} schon herausgefordert: Warte auf die Antwort',
  challenged_waiting: '{name} hat noch andere Herausforderungen offen: Versuch es noch einmal, wenn sie beantwortet sind',
  challenged_often: '{name} wurde gerade oft herausgefordert: Versuch es in einer Minute noch einmal',
  no_open_challenge: 'An diesem Tisch gibt es keine offene Herausforderung an dich',

  // Fair deals, the daily deal, looks.
  nonce_no_commit: 'nonce: Es wurde noch kein Commitment gesendet, mit dem sie gemischt werden könnte (next_deal)',
  daily_played: 'Du hast das heutige Tagesspiel schon gespielt: Das nächste kommt um Mitternacht UTC',
  day_not_yet: '{day}: Dieser Tag ist noch nicht gekommen',
  days_kept: { one: 'Ranglisten reichen nur {n} Tag zurück', other: 'Ranglisten reichen nur {n} Tage zurück' },
  item_not_earned: 'Um {item} zu tragen, brauchst du den Erfolg „{achievement}“, und den hast du noch nicht erreicht',
  offline_solo_only: 'Offline spielt die Seite nur gegen den Computer: dafür braucht es den Server',

  // A card, a pass or a choice the rules refuse (the engine's words).
  not_pass_time: 'Gerade werden keine Karten weitergegeben',
  already_passed: '{seat} hat schon weitergegeben',
  pass_three: 'Gib genau 3 Karten weiter',
  pass_not_held: 'Du kannst nur Karten weitergeben, die du hast, und {seat} hat {cards} nicht',
  pass_first: 'Gib zuerst 3 Karten weiter',
  not_play_time: 'Gerade kann keine Karte gespielt werden',
  not_seats_turn: '{to_move} ist am Zug, nicht {seat}',
  no_card: 'Keine Karte angegeben',
  hand_over: 'Die Runde ist vorbei',
  card_not_held: 'Diese Karte hast du nicht',
  two_clubs_lead: 'Der erste Stich beginnt mit der Kreuz-Zwei',
  hearts_not_broken: 'Herz ist noch nicht gebrochen',
  must_follow: 'Du musst bedienen',
  no_points_first_trick: 'Im ersten Stich kein Herz und keine Pik-Dame',
  no_moon: 'Es gibt keinen Mondschuss zu werten',
  shooter_chooses: 'Nur wer den Mond geschossen hat ({shooter}), wählt, wie er gewertet wird',
  game_is_over: 'Das Spiel ist vorbei',
  hand_not_over: 'Die Runde ist noch nicht vorbei',
  unknown_action: 'Unbekannte Aktion',
  table_put_away: 'Der Tisch wurde abgeräumt',
  table_reloading: 'Am Tisch ist ein Fehler passiert, er wird neu geladen',
  refused: '{detail}',

  // Why a rated game moved a rating less (each a clause of the rating's `reason`).
  rating_newcomers: {
    one: 'Spieler mit weniger als {n} gewerteten Spiel bewegen deine Wertung noch nicht',
    other: 'Spieler mit weniger als {n} gewerteten Spielen bewegen deine Wertung noch nicht',
  },
  rating_same_players: {
    one: 'du hast heute schon {n} gewertetes Spiel mit denselben Leuten gespielt, deshalb zählt dieses nur zu {percent} %',
    other: 'du hast heute schon {n} gewertete Spiele mit denselben Leuten gespielt, deshalb zählt dieses nur zu {percent} %',
  },

  // Words the texts above hold (the seats' names).
  seat_south: 'Süd',
  seat_west: 'West',
  seat_north: 'Nord',
  seat_east: 'Ost',
} satisfies Catalog<typeof en>;
