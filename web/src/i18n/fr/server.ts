import type en from '../en/server';
import type { Catalog } from '../words';

// The server's refusals and notices. {seat}, {to_move} and {shooter} are the seat names below
// (Sud, Ouest…: the same as fr/table.ts), so the sentences say « à {seat} » (« à Ouest »), never
// « de {seat} ». {item} is an item with its article (« le chapeau de fête »: fr/achievements.ts)
// and {achievement} an achievement's name, put in « » quotes. {detail} is the server's English.
export default {
  // The server's own failures.
  internal: 'Un problème est survenu sur le serveur : réessaie dans un instant.',
  db_unreachable: 'la base de données du jeu est injoignable pour le moment : réessaie dans un instant',
  seed_mix_failed: 'impossible de mélanger la graine de la donne : réessaie',
  no_salt: 'pas de sel aléatoire pour la donne : réessaie',
  table_id_taken: 'l’identifiant d’une nouvelle table était déjà pris : réessaie',
  server_failed: 'Le serveur a rencontré une erreur : la partie est rechargée à la dernière carte enregistrée',
  reload_failed: 'Impossible de recharger cette partie : recharge la page pour réessayer',
  waiting_for_db: 'Cette partie attend sa base de données : elle reprendra d’elle-même, à la dernière carte enregistrée',
  save_failed: 'impossible d’enregistrer le coup : {detail}',
  create_failed: 'impossible de créer la table : {detail}',
  table_failed: 'la table a rencontré une erreur et est rechargée : {detail}',
  hint_failed: 'Impossible de préparer le conseil : réessaie',
  review_failed: 'Impossible de préparer l’analyse : réessaie plus tard',
  record_unreadable: 'L’enregistrement de cette partie est illisible',
  cluster_unreachable: 'les serveurs du jeu n’arrivent pas à communiquer entre eux pour le moment : réessaie dans un instant',
  table_moving: 'la table est en cours de transfert vers un autre serveur : réessaie dans un instant',
  message_lost: 'le serveur du jeu n’a pas reçu ton message : réessaie dans un instant',
  server_full: 'le serveur qui héberge cette table est plein : réessaie dans une minute',

  // Messages, hello and names.
  bad_message: '{detail}',
  hello_first: 'commence par dire bonjour : {"t":"hello"}',
  hello_twice: 'tu as déjà dit bonjour',
  auth_failed: 'joueur inconnu ou jeton incorrect',
  no_name: 'Saisis ton nom',
  no_name_board: 'Saisis ton nom : il s’affiche dans le classement',
  name_bot: 'nom : {bot} est le nom d’un ordinateur, choisis-en un autre',

  // Too much, too fast.
  too_many_players: 'Trop de nouveaux joueurs depuis ton adresse : réessaie dans une minute',
  too_many_wrong_codes: 'Trop de codes de table erronés : attends une minute avant de réessayer',
  lobby_too_often: 'Le salon a été ouvert trop souvent : réessaie dans une minute',
  watch_too_fast: 'Tu demandes à regarder des tables trop vite : réessaie dans une minute',
  stats_too_fast: 'Trop de demandes de statistiques : réessaie dans une minute',
  share_too_fast: 'Trop de demandes de statistiques et de partages : réessaie dans une minute',
  boards_too_fast: 'Trop de demandes de statistiques et de classements : réessaie dans une minute',
  hints_too_fast: 'Trop de conseils demandés : réessaie dans une minute',
  reviews_too_fast: 'Trop d’analyses demandées : réessaie dans une minute',
  look_too_fast: 'Tu changes de look trop vite : réessaie dans une minute',
  lang_too_fast: 'Tu changes de langue trop vite : réessaie dans une minute',
  games_too_fast: 'Tu demandes des parties trop vite : réessaie dans une minute',
  tables_too_fast: {
    one: 'Tu lances des parties trop vite : {n} par minute au plus depuis ton adresse',
    many: 'Tu lances des parties trop vite : {n} par minute au plus depuis ton adresse',
    other: 'Tu lances des parties trop vite : {n} par minute au plus depuis ton adresse',
  },
  challenges_too_fast: 'Trop de défis depuis ton adresse : réessaie dans une minute',
  challenging_too_often: {
    one: 'Tu lances trop de défis : {n} défi par minute au plus',
    many: 'Tu lances trop de défis : {n} défis par minute au plus',
    other: 'Tu lances trop de défis : {n} défis par minute au plus',
  },
  chat_too_fast: {
    one: 'Tu envoies des messages trop vite : {n} message en 10 secondes au plus',
    many: 'Tu envoies des messages trop vite : {n} messages en 10 secondes au plus',
    other: 'Tu envoies des messages trop vite : {n} messages en 10 secondes au plus',
  },
  review_being_made: 'Ton analyse est en cours de préparation : patiente un peu',
  reviews_busy: 'Le serveur prépare d’autres analyses en ce moment : réessaie dans une minute',
  hint_on_its_way: 'Ton conseil arrive',

  // Tables.
  table_not_found: 'Table introuvable',
  not_yours: 'table {table} : ce n’est pas une de tes tables',
  not_finished: 'table {table} : la partie n’est pas terminée, et son enregistrement dévoilerait des cartes cachées',
  game_over: 'Cette partie est terminée',
  game_not_started: 'La partie n’a pas encore commencé',
  game_started: 'La partie a commencé',
  started_concede: 'La partie a commencé : abandonne-la pour la quitter',
  started_between_hands: 'La partie a commencé : tu peux prendre la place d’un ordinateur entre deux manches',
  no_game_to_concede: 'Il n’y a aucune partie à abandonner',
  game_not_over: 'La partie n’est pas encore terminée',
  only_host_starts: 'Seul l’hôte peut lancer la partie',
  table_full: 'Cette table est complète',
  join_blocked: 'Tu ne peux pas rejoindre cette table : un joueur qui s’y trouve te bloque',
  confirm_blocked: 'À cette table se trouve un joueur ({name}) que tu as bloqué (peut-être sous un autre nom). Tu veux vraiment la rejoindre ?',
  name_looks_same: '{name} est à cette table, et ton nom lui ressemble trop : change de nom pour la rejoindre',
  not_your_turn: 'c’est à {name} de jouer',

  // Watching, and the votes of a table.
  solo_not_watchable: 'C’est une partie contre l’ordinateur : impossible de la regarder',
  public_watchable: 'Tout le monde peut regarder une table publique',
  watch_not_started: 'La partie n’a pas encore commencé : rejoins-la, ou regarde-la une fois lancée',
  watch_own_table: 'Tu joues à cette table',
  watchers_not_allowed: 'Les joueurs de cette table n’ont pas autorisé les spectateurs',
  watch_blocked: 'Un joueur de cette table te bloque',
  watchers_full: {
    one: 'Cette table a déjà autant de spectateurs que possible ({n}) : réessaie plus tard',
    many: 'Cette table a déjà autant de spectateurs que possible ({n}) : réessaie plus tard',
    other: 'Cette table a déjà autant de spectateurs que possible ({n}) : réessaie plus tard',
  },
  watch_address_full: {
    one: 'Ton adresse regarde déjà cette table depuis {n} connexion',
    many: 'Ton adresse regarde déjà cette table depuis {n} connexions',
    other: 'Ton adresse regarde déjà cette table depuis {n} connexions',
  },
  watchers_no_longer: 'Les joueurs de cette table n’autorisent plus les spectateurs',
  nobody_playing: 'Plus personne ne joue à cette table',
  table_not_shown: 'Impossible d’afficher la table : {detail}',
  hints_always_solo: 'Les conseils sont toujours autorisés dans une partie contre l’ordinateur',
  solo_not_rated: 'Une partie contre l’ordinateur n’est pas classée',
  public_rated: 'Toutes les parties aux tables publiques sont classées',
  daily_not_rated: 'La donne du jour n’est pas classée',
  rated_before_start: 'La partie a commencé : une partie classée se décide avant la première carte',

  // Hints and reviews.
  hint_not_playing: 'Pas de conseil possible : la partie n’est pas en cours',
  hint_daily: 'Pas de conseils pour la donne du jour : chacun joue seul les cartes du jour',
  hint_not_allowed:
    'À une table avec d’autres personnes, les conseils doivent être autorisés par tout le monde : sinon, ils aideraient un joueur contre les autres',
  hint_not_your_turn: 'Un conseil se demande quand c’est à toi de passer ou de jouer',
  review_too_long: {
    one: 'Cette partie est trop longue pour être analysée : une analyse couvre {n} manche au plus',
    many: 'Cette partie est trop longue pour être analysée : une analyse couvre {n} manches au plus',
    other: 'Cette partie est trop longue pour être analysée : une analyse couvre {n} manches au plus',
  },

  // Other players, challenges.
  that_is_you: 'joueur : c’est toi',
  no_such_player: 'joueur : ce joueur n’existe pas',
  player_no_name: 'joueur : ce joueur n’a pas encore de nom',
  challenge_blocked: 'Tu ne peux pas défier ce joueur',
  challenge_blocked_them: 'Tu as bloqué {name} : débloque ce joueur pour pouvoir le défier',
  offline: '{name} n’est pas en ligne pour le moment',
  already_challenged: 'Tu as déjà défié {name} : attends sa réponse',
  challenged_waiting: '{name} doit déjà répondre à d’autres défis : réessaie quand ce sera fait',
  challenged_often: '{name} vient de recevoir beaucoup de défis : réessaie dans une minute',
  no_open_challenge: 'Aucun défi ne t’attend à cette table',

  // Fair deals, the daily deal, looks.
  nonce_no_commit: 'nonce : aucun engagement avec lequel le combiner n’a encore été envoyé (next_deal)',
  daily_played: 'Tu as déjà joué la donne du jour : la prochaine sera distribuée à minuit UTC',
  day_not_yet: 'jour : le {day} n’est pas encore arrivé',
  days_kept: {
    one: 'jour : les classements remontent à {n} jour au plus',
    many: 'jour : les classements remontent à {n} jours au plus',
    other: 'jour : les classements remontent à {n} jours au plus',
  },
  item_not_earned: 'accessoire : {item} s’obtient avec le succès « {achievement} », que tu n’as pas encore débloqué',
  offline_solo_only: 'Hors ligne, la page ne joue que contre l’ordinateur : ceci demande le serveur',

  // A card, a pass or a choice the rules refuse (the engine's words).
  not_pass_time: 'ce n’est pas le moment de passer des cartes',
  already_passed: '{seat} a déjà passé ses cartes',
  pass_three: 'passe exactement 3 cartes',
  pass_not_held: 'tu ne peux passer que des cartes de ta main, et {seat} n’a pas {cards}',
  pass_first: 'passe d’abord 3 cartes',
  not_play_time: 'ce n’est pas le moment de jouer une carte',
  not_seats_turn: 'c’est à {to_move} de jouer, pas à {seat}',
  no_card: 'aucune carte indiquée',
  hand_over: 'la manche est terminée',
  card_not_held: 'tu n’as pas cette carte',
  two_clubs_lead: 'le premier pli s’entame avec le deux de trèfle',
  hearts_not_broken: 'les cœurs ne sont pas encore brisés',
  must_follow: 'tu dois fournir la couleur demandée',
  no_points_first_trick: 'ni cœur ni dame de pique au premier pli',
  no_moon: 'il n’y a pas de grand chelem à compter',
  shooter_chooses: 'seul l’auteur du grand chelem, {shooter}, choisit comment le compter',
  game_is_over: 'la partie est terminée',
  hand_not_over: 'la manche n’est pas encore terminée',
  unknown_action: 'action inconnue',
  table_put_away: 'la table a été fermée',
  table_reloading: 'la table a rencontré une erreur et est en cours de rechargement',
  refused: '{detail}',

  // Why a rated game moved a rating less (each a clause of the rating's `reason`).
  rating_newcomers: {
    one: 'les joueurs qui ont moins de {n} partie classée ne font pas encore évoluer ta cote',
    many: 'les joueurs qui ont moins de {n} parties classées ne font pas encore évoluer ta cote',
    other: 'les joueurs qui ont moins de {n} parties classées ne font pas encore évoluer ta cote',
  },
  rating_same_players: {
    one: 'tu as joué {n} partie classée avec les mêmes joueurs aujourd’hui : celle-ci compte donc pour {percent} %',
    many: 'tu as joué {n} parties classées avec les mêmes joueurs aujourd’hui : celle-ci compte donc pour {percent} %',
    other: 'tu as joué {n} parties classées avec les mêmes joueurs aujourd’hui : celle-ci compte donc pour {percent} %',
  },

  // Words the texts above hold (the seats' names).
  seat_south: 'Sud',
  seat_west: 'Ouest',
  seat_north: 'Nord',
  seat_east: 'Est',
} satisfies Catalog<typeof en>;
