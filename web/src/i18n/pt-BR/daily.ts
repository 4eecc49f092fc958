import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Partida do dia',
  titleOf: '{deal} · {day} · mão {hand} de {hands}',
  title: '{deal} · {day} · mão {hand}',
  board: 'Classificação',
  boardLabel: 'Classificação da partida do dia',
  seeToday: 'Ver a classificação de hoje',
  seeDay: 'Ver a classificação de {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Sem conexão com o servidor: a classificação aparece quando a conexão voltar.',
  leaveTable: 'Você pode jogar a partida do dia depois de sair desta mesa.',
  afterGame: 'Você pode jogar a partida do dia quando esta partida terminar.',

  // What the board says about my game of its day ({rank} is a place: "2º").
  notPlayed: 'Ainda não jogada',
  didNotPlay: 'Você não jogou esta partida',
  inProgress: 'Em andamento',
  conceded: {
    one: 'Você desistiu: {n} ponto, fora da classificação',
    many: 'Você desistiu: {n} pontos, fora da classificação',
    other: 'Você desistiu: {n} pontos, fora da classificação',
  },
  mine: { one: 'Você: {n} ponto, {rank} de {players}', many: 'Você: {n} pontos, {rank} de {players}', other: 'Você: {n} pontos, {rank} de {players}' },
  // Ordinals in Portuguese have a single form: 1º, 2º, 3º, 4º.
  placeOne: '{n}º',
  placeTwo: '{n}º',
  placeFew: '{n}º',
  placeOther: '{n}º',
  nobodyYet: 'Ninguém terminou esta partida ainda.',
  nobody: 'Ninguém terminou esta partida.',
  finishedToday: {
    one: '{n} jogador já terminou esta partida.',
    many: '{n} jogadores já terminaram esta partida.',
    other: '{n} jogadores já terminaram esta partida.',
  },
  finished: {
    one: '{n} jogador terminou esta partida.',
    many: '{n} jogadores terminaram esta partida.',
    other: '{n} jogadores terminaram esta partida.',
  },
  nextDeal: 'A próxima partida é distribuída à meia-noite UTC, daqui a {left}.',
  hoursMinutes: '{h} h {m} min',
  hours: '{h} h',
  minutes: '{m} min',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'O dia anterior: {day}',
  dayAfter: 'O dia seguinte: {day}',
  today: 'hoje',
  loading: 'Carregando a classificação…',
  play: 'Jogar a partida de hoje',
  continue: 'Continuar',
  caption: 'As melhores partidas de {day}',
  rank: 'Posição',
  player: 'Jogador',
  total: 'Total',
  hand: 'Mão {n}',
  replayCol: 'Replay',
  you: 'Você',
  youMark: '(você)',
  replay: 'Rever',
  replayYours: 'Rever sua partida',
  replayOf: 'Rever a partida de {name}',
  replays: 'Todos receberam as mesmas cartas: compare mão a mão e reveja uma partida para ver como ela foi jogada.',
  noReplays: 'Os replays ficam disponíveis depois que você joga a partida do dia: ninguém vê as cartas antes de jogá-las.',
} satisfies Catalog<typeof en>;
