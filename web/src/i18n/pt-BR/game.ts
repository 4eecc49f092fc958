import type en from '../en/game';
import type { Catalog } from '../words';

export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words
  // ("dama de espadas"): sentences put it without an article, since its gender varies.
  C: 'paus',
  D: 'ouros',
  S: 'espadas',
  H: 'copas',
  '2': 'dois',
  '3': 'três',
  '4': 'quatro',
  '5': 'cinco',
  '6': 'seis',
  '7': 'sete',
  '8': 'oito',
  '9': 'nove',
  T: 'dez',
  J: 'valete',
  Q: 'dama',
  K: 'rei',
  A: 'ás',
  card: '{rank} de {suit}',

  // The pass, by direction (the status line, the announcer).
  np: 'Sem passe nesta mão',
  pleft: 'Passe três cartas para a esquerda ({name})',
  pright: 'Passe três cartas para a direita ({name})',
  pacross: 'Passe três cartas para a frente ({name})',

  // Why a card cannot be played.
  nNow: 'Agora você não pode jogar uma carta',
  wF: 'Aguarde a sua vez: agora quem joga é {name}',
  wait: 'Aguarde a sua vez',
  fol: 'Você deve seguir o naipe: jogue {suit}',
  two: 'A primeira vaza começa com o dois de paus',
  ft: 'Nada de copas nem dama de espadas na primeira vaza',
  nBr: 'As copas ainda não foram quebradas',
  cant: 'Agora você não pode jogar {card}',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Atirar na lua é quando um jogador leva todas as copas e a dama de espadas. Aí ele não marca nenhum ponto e todos os outros levam 26 pontos!',
  mS: 'Atirar na lua é quando um jogador leva todas as copas e a dama de espadas. Com estas regras, em vez disso, ele tira 26 pontos da própria pontuação!',
  ver: 'Esta é a versão {v} do Copas.',

  // What a screen reader hears (a11y.ts). "você" is the player in a list of winners.
  yW: 'Parabéns, você venceu!',
  you: 'você',
  won: '{names} venceu.',
  wA: '{names} dividiram a vitória.',
  hand: 'Mão {n}.',
  iP: 'Você passou suas cartas.',
  got: 'Você recebeu {cards}.',
  iPl: 'Você joga {card}.',
  pl: '{name} joga {card}.',
  iT: 'Você leva a vaza.',
  tk: '{name} leva a vaza.',
  iTP: { one: 'Você leva a vaza com {n} ponto.', many: 'Você leva a vaza com {n} pontos.', other: 'Você leva a vaza com {n} pontos.' },
  tkP: { one: '{name} leva a vaza com {n} ponto.', many: '{name} leva a vaza com {n} pontos.', other: '{name} leva a vaza com {n} pontos.' },
  brk: 'As copas foram quebradas.',
  clN: 'Não restavam pontos a levar, então a mão terminou ali.',
  iCl: 'Você levou todas as vazas restantes: ninguém podia superar suas cartas.',
  cl: '{name} levou todas as vazas restantes: ninguém podia superar essas cartas.',
  hO: 'A mão {n} terminou.',
  // `one` also covers 0 here.
  sc: { one: 'Seus pontos nesta mão: {n}.', many: 'Você marcou {n} pontos.', other: 'Você marcou {n} pontos.' },
  iSh: 'Você atirou na lua!',
  shot: '{name} atirou na lua!',
  over: 'Fim da partida.',

  // What is wrong with a name (names.ts).
  nm: 'Digite um nome',
  nmC: 'Um nome não pode ter caracteres de controle nem de direção de texto',
  nmI: 'Um nome não pode ter caracteres invisíveis nem espaços além do espaço comum',
  nmL: {
    one: 'Um nome tem no máximo {n} caractere',
    many: 'Um nome tem no máximo {n} caracteres',
    other: 'Um nome tem no máximo {n} caracteres',
  },
  nmS: 'Um nome precisa de uma letra, um dígito ou um símbolo visível',
  nmW: 'Um nome não pode ter um caractere tão largo quanto uma palavra',
  nmM: {
    one: 'Cada caractere de um nome pode ter no máximo {n} acento',
    many: 'Cada caractere de um nome pode ter no máximo {n} acentos',
    other: 'Cada caractere de um nome pode ter no máximo {n} acentos',
  },

  // An achievement just earned: its title and item are the server's words (achievements.ts:
  // the title fits after "você é", the item carries its article).
  unl: 'CONQUISTA DESBLOQUEADA',
  mb: 'Parece que você é {title}. Agora você pode usar {item} enquanto joga.',
  put: 'Quer colocar {item}?',
} satisfies Catalog<typeof en>;
