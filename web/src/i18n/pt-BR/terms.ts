import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Ordem do passe" and in the lobby's summary.
  L: 'esquerda',
  R: 'direita',
  A: 'frente',
  N: 'sem passe',
  none: 'nenhum',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'A partida tem {n} mão (ou termina antes, se alguém chegar a {end} pontos).',
    many: 'A partida tem {n} mãos (ou termina antes, se alguém chegar a {end} pontos).',
    other: 'A partida tem {n} mãos (ou termina antes, se alguém chegar a {end} pontos).',
  },
  handsOnly: { one: 'A partida tem {n} mão.', many: 'A partida tem {n} mãos.', other: 'A partida tem {n} mãos.' },
  endsAtPts: 'A partida termina em {end} pontos.',
  noPassing: 'Sem passe.',
  order: 'Ordem do passe: {list}.',
  queen: 'A Q♠ quebra copas.',
  moonSelf: 'Quem atira na lua tira 26 da própria pontuação.',
  moonChoice: 'Quem atira na lua escolhe como pontuar.',
  jack: 'O J♦ tira 10 pontos.',
  tie: 'Jogadores empatados com a menor pontuação dividem a vitória.',
  noTimer: 'Sem cronômetro.',
  timer: { one: '{n} segundo por jogada.', many: '{n} segundos por jogada.', other: '{n} segundos por jogada.' },

  // The lobby's summary: "4 mãos · termina em 100 · passe: esquerda, direita, frente, nenhum · …".
  hands: { one: '{n} mão', many: '{n} mãos', other: '{n} mãos' },
  endsAt: 'Termina em {end}',
  thenEndsAt: 'termina em {end}',
  pass: 'passe: {list}',
  queenShort: 'Q♠ quebra copas',
  moonShort: 'lua: quem atira −26',
  choiceShort: 'lua: quem atira escolhe',
  jackShort: 'J♦ −10',
  tieShort: 'empate divide a vitória',
} satisfies Catalog<typeof en>;
