import type en from '../en/replay';
import type { Catalog } from '../words';

export default {
  // The seats, by their place when a seat has no name; "You" is the player's own.
  south: 'Sul',
  west: 'Oeste',
  north: 'Norte',
  east: 'Leste',
  you: 'Você',

  // Each step in words ({card}: "5♣"; no article, since a card's gender varies: "o 5♣", "a Q♠").
  dealt: 'A mão {hand} é distribuída.',
  noPass: 'Sem passe nesta mão.',
  passLeft: 'Passe para a esquerda.',
  passRight: 'Passe para a direita.',
  passAcross: 'Passe para a frente.',
  passesLeft: 'O passe: cada lugar dá 3 cartas para a esquerda.',
  passesRight: 'O passe: cada lugar dá 3 cartas para a direita.',
  passesAcross: 'O passe: cada lugar dá 3 cartas para o lugar em frente.',
  youLead: 'Você sai com {card}.',
  leads: '{name} sai com {card}.',
  youPlay: 'Você joga {card}.',
  plays: '{name} joga {card}.',
  youTake: 'Você leva a vaza.',
  takes: '{name} leva a vaza.',
  youTakePoints: {
    one: 'Você leva a vaza ({n} ponto).',
    many: 'Você leva a vaza ({n} pontos).',
    other: 'Você leva a vaza ({n} pontos).',
  },
  takesPoints: {
    one: '{name} leva a vaza ({n} ponto).',
    many: '{name} leva a vaza ({n} pontos).',
    other: '{name} leva a vaza ({n} pontos).',
  },
  youShotMoon: 'Você atirou na lua.',
  shotMoon: '{name} atirou na lua.',
  scored: 'A mão {hand} é pontuada.',

  // The replay on screen.
  where: 'Mão {hand} de {hands} · passo {step} de {steps} · {tricks} de 13 vazas',
  roleDescription: 'replay da partida',
  startLabel: 'O início',
  start: 'Início',
  handBefore: 'A mão anterior',
  stepBack: 'Um passo atrás',
  stepOn: 'Um passo à frente',
  nextHand: 'A próxima mão',
  endLabel: 'O fim',
  end: 'Fim',
  keys: 'Teclas: ← e → um passo, ↑ e ↓ (ou Page Up e Page Down) uma mão, Home e End o início e o fim.',
  noCards: 'sem cartas',
  seatPoints: '{points} nesta mão, {total} antes',
  received: 'As cartas que cada lugar recebeu estão sublinhadas.',
  noTrick: 'Nenhuma vaza ainda.',
  thisHand: 'Esta mão',
  total: 'Total',
  // The review's mistake, marked ({played}, {best}: "7♣", "7♣ e 9♦"; n: how many better cards).
  markPlayed: {
    one: 'O erro apontado na análise: aqui você jogou {played} (marcada com ✗); {best} (marcada com ✓) era melhor.',
    many: 'O erro apontado na análise: aqui você jogou {played} (marcada com ✗); {best} (marcadas com ✓) eram melhores.',
    other: 'O erro apontado na análise: aqui você jogou {played} (marcada com ✗); {best} (marcadas com ✓) eram melhores.',
  },
  markPassed: {
    one: 'O erro apontado na análise: aqui você passou {played} (marcada com ✗); {best} (marcada com ✓) era melhor.',
    many: 'O erro apontado na análise: aqui você passou {played} (marcadas com ✗); {best} (marcadas com ✓) eram melhores.',
    other: 'O erro apontado na análise: aqui você passou {played} (marcadas com ✗); {best} (marcadas com ✓) eram melhores.',
  },
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} e {b}',
  theMistake: '(o erro)',
  better: '(melhor)',

  // Sharing it.
  sharedDaily: 'Uma partida do dia: todos receberam estas cartas. Feche o replay para voltar à classificação.',
  shared: 'Uma partida que os jogadores compartilharam. Feche o replay para jogar uma partida.',
  share: 'Compartilhar este replay',
  shareAbout:
    'Qualquer pessoa com o link pode ver cada carta desta partida. Numa mesa com pessoas, todos que jogaram precisam permitir antes.',
  asking: 'Consultando o servidor…',
  waiting: {
    one: 'Você permitiu. O link é criado quando o outro jogador da partida também permitir: ele também pode usar “Compartilhar este replay”.',
    many: 'Você permitiu. O link é criado quando os {n} outros jogadores da partida também permitirem: eles também podem usar “Compartilhar este replay”.',
    other: 'Você permitiu. O link é criado quando os {n} outros jogadores da partida também permitirem: eles também podem usar “Compartilhar este replay”.',
  },
  linkLabel: 'O link do replay',
  copy: 'Copiar link',
  linkAbout: 'Qualquer pessoa com este link pode assistir à partida:',

  // Downloading it ({why}: one of the reasons under it, or the server's own).
  loading: 'Carregando…',
  downloadFailed: 'Não foi possível baixar a partida: {why}.',
  notDownloaded: 'Não foi possível baixar a partida.',
  noPlayer: 'esta página não tem um jogador para pedi-la',
  answered: 'o servidor respondeu {status}',
  noAnswer: 'o servidor não respondeu',
  notShared: 'Não foi possível ler a partida: o servidor enviou algo que não é uma partida compartilhada.',
  notRecord: 'Não foi possível ler a partida: o servidor enviou algo que não é um registro de partida.',

  // A record that cannot be replayed ({where}: the record's field at fault, "actions[4]").
  cannotReplay: 'Esta partida não pode ser revista: {why}.',
  unreadable: 'não foi possível lê-la',
  notHearts: 'não é um registro de partida de Copas (o "format" dele não é "hearts-game-record")',
  notList: '{where}: era esperada uma lista',
  notSeats: '{where}: eram esperados os números dos quatro lugares',
  notWhole: '{where}: era esperado um número inteiro',
  notPass: '{where}: era esperado o passe de cada lugar na mão {hand}',
  passesTwice: '{where}: {seat} passa duas vezes',
  passOwn: '{where}: {seat} precisa passar 3 das próprias cartas',
  notPlay: '{where}: era esperada uma carta jogada',
  notTurn: '{where}: {seat} joga, mas é a vez de {turn}',
  notHeld: '{where}: {seat} não tem {card}',
  notNext: '{where}: era esperada a distribuição da próxima mão',
  notDeal: '{where}: eram esperadas 13 cartas',
  notSeed: '{where}: era esperado um número decimal de 64 bits',
} satisfies Catalog<typeof en>;
