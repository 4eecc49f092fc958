import type en from '../en/verify';
import type { Catalog } from '../words';

export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter.
  you: 'Você',
  seatS: 'S',
  seatW: 'O',
  seatN: 'N',
  seatE: 'L',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Antes da primeira carta de cada mão, esta página recebeu um compromisso com a distribuição: uma impressão digital SHA-256 da semente da mão e de um segredo. Quando a partida terminou, o servidor revelou a semente e o segredo. Agora esta página recalcula por conta própria cada impressão digital e cada distribuição.',
  provesMix:
    'Isso prova que cada distribuição foi fixada antes de ser jogada e é o embaralhamento documentado dessa semente (o mesmo descrito no formato do registro da partida); e como a semente mistura o seu número com um segredo com o qual o servidor se comprometeu antes de você escolher o número, nenhum dos lados poderia escolhê-la.',
  proves:
    'O servidor escolheu a semente. Isso prova que cada distribuição foi fixada antes de ser jogada e é o embaralhamento documentado dessa semente (o mesmo descrito no formato do registro da partida); não prova que a semente foi escolhida às cegas.',
  seed: 'Semente da partida',
  secret: 'Segredo',
  yourNumber: 'Seu número',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'A semente da partida não é a mistura do segredo comprometido com o seu número: veja abaixo.',
  notOver: 'A partida não terminou, então a semente e o segredo dela ainda estão ocultos. As distribuições podem ser verificadas quando ela terminar.',
  noneKept:
    'Este navegador não guardou nenhum compromisso desta partida: ela foi jogada em outro aparelho, ou o armazenamento da página foi apagado.',
  handsBad: {
    one: 'A mão {hands} não confere: veja abaixo.',
    many: 'As mãos {hands} não conferem: veja abaixo.',
    other: 'As mãos {hands} não conferem: veja abaixo.',
  },
  oneGood:
    'A distribuição confere: é a mesma do compromisso recebido antes de a primeira carta ser jogada, e as suas cartas são as que a semente distribui.',
  allGood: {
    one: 'A distribuição confere: é a mesma do compromisso recebido antes de a primeira carta ser jogada, e as suas cartas são as que a semente distribui.',
    many: 'As {n} distribuições conferem: cada uma é a mesma do compromisso recebido antes de a primeira carta dela ser jogada, e as suas cartas são as que a semente distribui.',
    other:
      'As {n} distribuições conferem: cada uma é a mesma do compromisso recebido antes de a primeira carta dela ser jogada, e as suas cartas são as que a semente distribui.',
  },
  someGood: {
    one: '{good} de {n} distribuição confere. Para as outras, esta página não recebeu o compromisso antes de a mão ser jogada (ela foi aberta depois, ou recarregada), então não pode comprová-las; nada do que ela viu está errado.',
    many: '{good} de {n} distribuições conferem. Para as outras, esta página não recebeu o compromisso antes de a mão ser jogada (ela foi aberta depois, ou recarregada), então não pode comprová-las; nada do que ela viu está errado.',
    other:
      '{good} de {n} distribuições conferem. Para as outras, esta página não recebeu o compromisso antes de a mão ser jogada (ela foi aberta depois, ou recarregada), então não pode comprová-las; nada do que ela viu está errado.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'A semente',
  mixNotKept:
    'A semente foi misturada a partir do segredo do servidor e de um número ({number}) que este navegador não guardou (a partida foi iniciada em outro aparelho, ou o armazenamento da página foi apagado), então não é possível verificar que a semente não foi escolhida a dedo.',
  mixGood:
    'Seu número {number}: misturado à semente com o segredo do servidor, que foi comprometido antes de você escolher o número: a semente não poderia ser escolhida a dedo.',
  mixWrong: 'Seu número {number} e o segredo do servidor não geram a semente desta partida como prometido: a semente pode ter sido escolhida a dedo.',
  secretCommitted: 'O segredo é o mesmo com que o servidor se comprometeu antes de esta página escolher o número dela.',
  secretNotCommitted: 'O segredo não é o mesmo com que o servidor se comprometeu antes de esta página escolher o número dela.',
  usedNumber: 'O servidor usou o seu número, {sent}.',
  noNumber: 'O servidor diz que nenhum número foi misturado à semente, mas esta página enviou {sent}.',
  otherNumber: 'O servidor revelou o número {revealed}, mas esta página enviou {sent}.',
  seedMixed: 'A semente da partida é a mistura do segredo com o seu número.',
  seedNotMixed: 'A semente da partida não é a mistura do segredo com o seu número.',

  // Each hand.
  hand: 'Mão {hand}',
  theDeal: 'A distribuição',
  noCommitment: 'Esta página não recebeu o compromisso desta mão, então não pode verificá-la.',
  commitWrong: 'O compromisso recebido com a distribuição não corresponde à semente e ao segredo revelados.',
  commitGood: 'O compromisso recebido com a distribuição confere.',
  commitLate:
    'O compromisso confere, mas esta página só o recebeu durante a mão, então ele não prova que a distribuição foi fixada antes do jogo.',
  changed: 'Depois, o servidor enviou um compromisso diferente para esta mão.',
  cardsUnseen: 'Esta página não viu as suas cartas como foram distribuídas (ela foi aberta no meio da mão).',
  cardsGood: 'As suas 13 cartas são as que a semente distribui.',
  cardsWrong: 'As suas cartas não são as que a semente distribui.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Verifique uma distribuição por conta própria',
  salt: 'Segredo (sal)',
  handField: 'Mão',
  commitment: 'Compromisso (opcional)',
  check: 'Verificar',
  badSeed: 'A semente é um número inteiro de 0 a 18446744073709551615, escrito sem espaços.',
  badHand: 'A mão é um número de 1 a 999.',
  badCommitment: 'Um compromisso tem 64 dígitos hexadecimais (0-9, a-f).',
  badSalt: 'O segredo tem 32 dígitos hexadecimais (0-9, a-f).',
  deals: 'A mão {hand} da semente {seed} distribui:',
  matches: 'O compromisso confere com esta semente, este segredo e esta mão.',
  noMatch: 'O compromisso não confere com esta semente, este segredo e esta mão.',
} satisfies Catalog<typeof en>;
