import type en from '../en/server';
import type { Catalog } from '../words';

// `{seat}`, `{to_move}`, `{shooter}` are the seat_* names below (no article: "a vez de Oeste");
// `{item}` carries its article ("a boina francesa"), `{achievement}` is an achievement's name;
// `{detail}` stays as it comes (English for developers). Lower-case texts may follow a colon.
export default {
  // The server's own failures.
  internal: 'Algo deu errado no servidor: tente de novo daqui a pouco.',
  db_unreachable: 'o banco de dados do jogo está inacessível no momento: tente de novo daqui a pouco',
  seed_mix_failed: 'não foi possível misturar a semente: tente de novo',
  no_salt: 'sem sal aleatório para a distribuição: tente de novo',
  table_id_taken: 'o id de uma nova mesa já estava em uso: tente de novo',
  server_failed: 'O servidor falhou nesta ação: a partida é carregada de novo a partir da última carta salva',
  reload_failed: 'Não foi possível carregar esta partida de novo: recarregue a página para tentar mais uma vez',
  waiting_for_db: 'Esta partida está aguardando o banco de dados: ela volta sozinha, a partir da última carta salva',
  save_failed: 'não foi possível salvar a jogada: {detail}',
  create_failed: 'não foi possível criar a mesa: {detail}',
  table_failed: 'a mesa falhou e está sendo carregada de novo: {detail}',
  hint_failed: 'Não foi possível gerar a dica: tente de novo',
  review_failed: 'Não foi possível fazer a análise: tente de novo mais tarde',
  record_unreadable: 'Não é possível ler o registro desta partida',
  cluster_unreachable: 'os servidores do jogo não estão conseguindo se comunicar agora: tente de novo daqui a pouco',
  table_moving: 'a mesa está mudando de servidor: tente de novo daqui a pouco',
  message_lost: 'o servidor do jogo não recebeu sua mensagem: tente de novo daqui a pouco',
  server_full: 'o servidor desta mesa está lotado: tente de novo daqui a um minuto',

  // Messages, hello and names.
  bad_message: '{detail}',
  hello_first: 'envie hello primeiro: {"t":"hello"}',
  hello_twice: 'hello já foi enviado',
  auth_failed: 'jogador desconhecido ou token errado',
  no_name: 'Digite seu nome',
  no_name_board: 'Digite seu nome: ele aparece na classificação',
  name_bot: 'nome: {bot} é o nome de um jogador do computador: escolha outro nome',

  // Too much, too fast.
  too_many_players: 'Jogadores novos demais a partir do seu endereço: tente de novo daqui a um minuto',
  too_many_wrong_codes: 'Códigos de mesa errados demais: espere um minuto antes de tentar de novo',
  lobby_too_often: 'O salão foi aberto vezes demais: tente de novo daqui a um minuto',
  watch_too_fast: 'Você está pedindo para assistir a mesas rápido demais: tente de novo daqui a um minuto',
  stats_too_fast: 'Pedidos de estatísticas demais: tente de novo daqui a um minuto',
  share_too_fast: 'Pedidos de estatísticas e compartilhamento demais: tente de novo daqui a um minuto',
  boards_too_fast: 'Pedidos de estatísticas e classificações demais: tente de novo daqui a um minuto',
  hints_too_fast: 'Dicas demais: tente de novo daqui a um minuto',
  reviews_too_fast: 'Análises demais: tente de novo daqui a um minuto',
  look_too_fast: 'Você está mudando seu visual rápido demais: tente de novo daqui a um minuto',
  lang_too_fast: 'Você está mudando de idioma rápido demais: tente de novo daqui a um minuto',
  games_too_fast: 'Você está pedindo partidas rápido demais: tente de novo daqui a um minuto',
  tables_too_fast: {
    one: 'Você está começando partidas rápido demais: no máximo {n} por minuto a partir do seu endereço',
    many: 'Você está começando partidas rápido demais: no máximo {n} por minuto a partir do seu endereço',
    other: 'Você está começando partidas rápido demais: no máximo {n} por minuto a partir do seu endereço',
  },
  challenges_too_fast: 'Desafios demais a partir do seu endereço: tente de novo daqui a um minuto',
  challenging_too_often: {
    one: 'Você está desafiando com muita frequência: no máximo {n} desafio por minuto',
    many: 'Você está desafiando com muita frequência: no máximo {n} desafios por minuto',
    other: 'Você está desafiando com muita frequência: no máximo {n} desafios por minuto',
  },
  chat_too_fast: {
    one: 'Você está enviando mensagens rápido demais: no máximo {n} a cada 10 segundos',
    many: 'Você está enviando mensagens rápido demais: no máximo {n} a cada 10 segundos',
    other: 'Você está enviando mensagens rápido demais: no máximo {n} a cada 10 segundos',
  },
  review_being_made: 'Sua análise está sendo feita: aguarde',
  reviews_busy: 'O servidor está fazendo outras análises agora: tente de novo daqui a um minuto',
  hint_on_its_way: 'Uma dica já está a caminho',

  // Tables.
  table_not_found: 'Mesa não encontrada',
  not_yours: 'mesa {table}: essa mesa não existe ou não é sua',
  not_finished: 'mesa {table}: a partida não terminou, e o registro dela revelaria cartas ocultas',
  game_over: 'Esta partida terminou',
  game_not_started: 'A partida ainda não começou',
  game_started: 'A partida já começou',
  started_concede: 'A partida já começou: desista para sair dela',
  started_between_hands: 'A partida já começou: você pode assumir o lugar de um jogador do computador entre uma mão e outra',
  no_game_to_concede: 'Não há nenhuma partida da qual desistir',
  game_not_over: 'A partida ainda não terminou',
  only_host_starts: 'Só o anfitrião pode começar',
  table_full: 'Esta mesa está cheia',
  join_blocked: 'Você não pode entrar nesta mesa: um jogador dela bloqueou você',
  confirm_blocked: 'Nesta mesa há um jogador ({name}) que você já bloqueou (talvez com outro nome). Tem certeza de que quer entrar?',
  name_looks_same: '{name} está nesta mesa, e o seu nome parece igual: mude seu nome para entrar',
  not_your_turn: 'é a vez de {name}',

  // Watching, and the votes of a table.
  solo_not_watchable: 'Esta é uma partida contra o computador: não dá para assistir',
  public_watchable: 'Qualquer pessoa pode assistir a uma mesa pública',
  watch_not_started: 'A partida ainda não começou: entre nela ou assista quando ela começar',
  watch_own_table: 'Você está jogando nesta mesa',
  watchers_not_allowed: 'Os jogadores desta mesa não permitiram espectadores',
  watch_blocked: 'Um jogador desta mesa bloqueou você',
  watchers_full: {
    one: 'Esta mesa já tem o máximo de espectadores ({n}): tente de novo mais tarde',
    many: 'Esta mesa já tem o máximo de espectadores ({n}): tente de novo mais tarde',
    other: 'Esta mesa já tem o máximo de espectadores ({n}): tente de novo mais tarde',
  },
  watch_address_full: {
    one: 'Seu endereço já está assistindo a esta mesa por {n} conexão',
    many: 'Seu endereço já está assistindo a esta mesa por {n} conexões',
    other: 'Seu endereço já está assistindo a esta mesa por {n} conexões',
  },
  watchers_no_longer: 'Os jogadores desta mesa não permitem mais espectadores',
  nobody_playing: 'Ninguém está mais jogando nesta mesa',
  table_not_shown: 'Não foi possível mostrar a mesa: {detail}',
  hints_always_solo: 'Numa partida contra o computador, as dicas são sempre permitidas',
  solo_not_rated: 'Uma partida contra o computador não é ranqueada',
  public_rated: 'Toda partida numa mesa pública é ranqueada',
  daily_not_rated: 'A partida do dia não é ranqueada',
  rated_before_start: 'A partida já começou: uma partida ranqueada é combinada antes da primeira carta',

  // Hints and reviews.
  hint_not_playing: 'Não há o que sugerir: a partida não está em andamento',
  hint_daily: 'Não há dicas na partida do dia: cada um joga as cartas do dia por conta própria',
  hint_not_allowed: 'Numa mesa com pessoas, as dicas precisam da permissão de todos: senão, ajudariam um jogador contra os outros',
  hint_not_your_turn: 'A dica é só para a sua vez de passar ou de jogar',
  review_too_long: {
    one: 'Esta partida é longa demais para analisar: a análise cobre até {n} mão',
    many: 'Esta partida é longa demais para analisar: a análise cobre até {n} mãos',
    other: 'Esta partida é longa demais para analisar: a análise cobre até {n} mãos',
  },

  // Other players, challenges.
  that_is_you: 'jogador: esse é você',
  no_such_player: 'jogador: esse jogador não existe',
  player_no_name: 'jogador: esse jogador ainda não tem nome',
  challenge_blocked: 'Você não pode desafiar este jogador',
  challenge_blocked_them: 'Você bloqueou {name}: desbloqueie para poder desafiar',
  offline: '{name} não está on-line agora',
  already_challenged: 'Você já desafiou {name}: aguarde a resposta',
  challenged_waiting: '{name} tem outros desafios esperando resposta: tente de novo depois que forem respondidos',
  challenged_often: '{name} recebeu muitos desafios agora há pouco: tente de novo daqui a um minuto',
  no_open_challenge: 'Não há nenhum desafio aberto para você nesta mesa',

  // Fair deals, the daily deal, looks.
  nonce_no_commit: 'nonce: ainda não foi enviado nenhum compromisso com que misturá-lo (next_deal)',
  daily_played: 'Você já jogou a partida de hoje: a próxima é distribuída à meia-noite UTC',
  day_not_yet: 'dia: {day} ainda não chegou',
  days_kept: {
    one: 'dia: as classificações vão até {n} dia atrás',
    many: 'dia: as classificações vão até {n} dias atrás',
    other: 'dia: as classificações vão até {n} dias atrás',
  },
  item_not_earned: 'acessório: para usar {item}, você precisa da conquista “{achievement}”, que ainda não ganhou',
  offline_solo_only: 'Offline, a página só joga contra o computador: isto precisa do servidor',

  // A card, a pass or a choice the rules refuse (the engine's words).
  not_pass_time: 'não é hora de passar cartas',
  already_passed: '{seat} já passou',
  pass_three: 'passe exatamente 3 cartas',
  pass_not_held: 'você só pode passar cartas que tem na mão, e {seat} não tem {cards}',
  pass_first: 'passe 3 cartas primeiro',
  not_play_time: 'não é hora de jogar uma carta',
  not_seats_turn: 'é a vez de {to_move}, não de {seat}',
  no_card: 'nenhuma carta informada',
  hand_over: 'a mão terminou',
  card_not_held: 'você não tem essa carta',
  two_clubs_lead: 'a primeira vaza começa com o dois de paus',
  hearts_not_broken: 'as copas ainda não foram quebradas',
  must_follow: 'você deve seguir o naipe',
  no_points_first_trick: 'nada de copas nem dama de espadas na primeira vaza',
  no_moon: 'não há tiro na lua para pontuar',
  shooter_chooses: 'só quem atirou na lua, {shooter}, escolhe como pontuar',
  game_is_over: 'a partida terminou',
  hand_not_over: 'a mão ainda não terminou',
  unknown_action: 'ação desconhecida',
  table_put_away: 'a mesa foi encerrada',
  table_reloading: 'a mesa falhou e está sendo carregada de novo',
  refused: '{detail}',

  // Why a rated game moved a rating less (each a clause of the rating's `reason`).
  rating_newcomers: {
    one: 'jogadores com menos de {n} partida ranqueada ainda não mexem no seu rating',
    many: 'jogadores com menos de {n} partidas ranqueadas ainda não mexem no seu rating',
    other: 'jogadores com menos de {n} partidas ranqueadas ainda não mexem no seu rating',
  },
  rating_same_players: {
    one: 'você jogou {n} partida ranqueada com os mesmos jogadores hoje, então esta vale {percent}%',
    many: 'você jogou {n} partidas ranqueadas com os mesmos jogadores hoje, então esta vale {percent}%',
    other: 'você jogou {n} partidas ranqueadas com os mesmos jogadores hoje, então esta vale {percent}%',
  },

  // Words the texts above hold (the seats' names).
  seat_south: 'Sul',
  seat_west: 'Oeste',
  seat_north: 'Norte',
  seat_east: 'Leste',
} satisfies Catalog<typeof en>;
