import type en from '../en/rules';
import type { Catalog } from '../words';

export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'Objetivo',
  vsComputers: 'Você joga contra três adversários do computador: {left} à sua esquerda, {across} à sua frente e {right} à sua direita.',
  vsPeople: 'Você joga contra {left} à sua esquerda, {across} à sua frente e {right} à sua direita.',
  aComputer: '{name} (jogador do computador)',
  watchingNames: 'Você está assistindo à partida de {names}.',
  goalText:
    'Cada jogador recebe 13 cartas. As copas e a dama de espadas são cartas de penalidade. Quando a partida termina, vence quem tiver menos pontos.',

  // What a watcher sees, in place of how to play
  watching: 'Assistindo',
  watchingSee:
    'Você vê o que os jogadores veem uns dos outros: as vazas, a pontuação e os nomes, nunca uma carta na mão de alguém. Você acompanha a partida com uma vaza de atraso: uma carta aparece depois que a vaza seguinte à dela foi jogada, e o resto de uma mão aparece quando ela termina.',
  watchingChat:
    'Você pode ler o bate-papo da mesa, mas não escrever nele. “Parar de assistir” leva você de volta ao salão. O que você vê também é anunciado aos leitores de tela.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'Passe de cartas',
  passLRAN:
    'Antes de cada mão, todos passam três cartas: na primeira mão para a esquerda, na segunda para a direita, na terceira para quem está em frente, e na quarta ninguém passa; depois o ciclo recomeça.',
  passLARN:
    'Antes de cada mão, todos passam três cartas: na primeira mão para a esquerda, na segunda para quem está em frente, na terceira para a direita, e na quarta ninguém passa; depois o ciclo recomeça.',
  passLRANOnce:
    'Antes de cada mão, todos passam três cartas: na primeira mão para a esquerda, na segunda para a direita, na terceira para quem está em frente, e na quarta ninguém passa.',
  passLARNOnce:
    'Antes de cada mão, todos passam três cartas: na primeira mão para a esquerda, na segunda para quem está em frente, na terceira para a direita, e na quarta ninguém passa.',
  passWatch: 'Um “passou ✓” ao lado de um nome mostra quem já passou; você nunca vê quais cartas.',
  passHow: 'Clique ou toque em três cartas e depois em “Passar cartas”. As cartas que você recebe ficam destacadas por um momento.',

  // Tricks
  tricks: 'Vazas',
  tricksLead: 'Quem tem o dois de paus sai com ele na primeira vaza. Depois, cada um joga uma carta na sua vez, em sentido horário.',
  followWatch: 'Todos devem seguir o naipe da saída; quem não tiver o naipe pode jogar qualquer carta.',
  followYou: 'Você deve seguir o naipe da saída; se não tiver o naipe, pode jogar qualquer carta.',
  tricksTake: 'A carta mais alta do naipe da saída leva a vaza, e quem a leva sai na próxima.',

  // Special rules
  special: 'Regras especiais',
  firstTrick: 'Na primeira vaza, ninguém pode jogar copas nem a dama de espadas, a menos que não tenha outra carta.',
  broken:
    'Não se pode sair com copas enquanto as copas não forem “quebradas” (quando alguém joga uma copa numa vaza de outro naipe), a menos que quem sai só tenha copas.',
  queenBreaks: 'Nesta partida, a dama de espadas também quebra copas.',
  queenNoBreak: 'A dama de espadas não quebra copas.',

  // Points
  points: 'Pontos',
  pointsText: 'Cada copa vale 1 ponto, a dama de espadas vale 13 pontos, e as outras cartas não valem nada.',
  jack: 'Nesta partida, o valete de ouros vale −10 pontos.',
  pointsShown:
    'Ao lado de cada nome você vê a pontuação da partida e as vazas levadas nesta mão: um pontinho (·) para uma vaza sem pontos, ♥ para uma vaza com copas, ♠ para a vaza com a dama de espadas.',

  // Shooting the moon, by the settings' variant
  moon: 'Tiro na lua',
  moonOthers:
    'Se um jogador levar todas as 13 copas e a dama de espadas numa mesma mão, ele não marca nenhum ponto e cada um dos outros leva 26 pontos.',
  moonShooter:
    'Se um jogador levar todas as 13 copas e a dama de espadas numa mesma mão, em vez de marcar pontos ele tira 26 pontos da própria pontuação.',
  moonChoice:
    'Se um jogador levar todas as 13 copas e a dama de espadas numa mesma mão, ele escolhe: ou cada um dos outros leva 26 pontos, ou ele tira 26 pontos da própria pontuação.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 mãos", {last}: the last hand's number)
  end: 'Fim da partida',
  endAt: {
    one: 'A partida termina depois da mão em que alguém chegar a {n} ponto ou mais.',
    many: 'A partida termina depois da mão em que alguém chegar a {n} pontos ou mais.',
    other: 'A partida termina depois da mão em que alguém chegar a {n} pontos ou mais.',
  },
  endHands: {
    one: 'Esta partida tem {hands}: termina depois da mão {last}, ou antes, se alguém chegar a {n} ponto ou mais.',
    many: 'Esta partida tem {hands}: termina depois da mão {last}, ou antes, se alguém chegar a {n} pontos ou mais.',
    other: 'Esta partida tem {hands}: termina depois da mão {last}, ou antes, se alguém chegar a {n} pontos ou mais.',
  },
  fewestWins: 'Vence quem tiver menos pontos.',
  tieShare: 'Se dois ou mais jogadores empatarem com a menor pontuação, eles dividem a vitória.',
  tiePlayOn: 'Se dois ou mais jogadores empatarem com a menor pontuação, o jogo continua até que só um fique na frente.',
  saved: 'A partida é salva a cada carta, então você pode fechar a página e voltar depois para terminá-la.',

  // Keyboard
  keyboard: 'Teclado',
  keyboardText:
    'Tab ou as setas passam de uma carta sua para outra; Enter ou Espaço joga a carta (ou a seleciona para o passe). H pede uma dica na sua vez: a carta (ou as três para passar) que o computador escolheria, e por quê. Tudo o que acontece também é anunciado aos leitores de tela.',

  // The daily deal and watching
  daily: 'Partida do dia e espectadores',
  dailyText:
    'A partida do dia distribui as mesmas quatro mãos para todos a cada dia, contra os mesmos jogadores do computador: uma partida por dia, e uma classificação do dia ordena todos que a jogaram.',
  watchText:
    'Uma partida em andamento entre pessoas pode ser assistida pelo salão (“Assistir”), com uma vaza de atraso para não entregar nenhuma mão; numa mesa privada, só se todos os jogadores dela permitirem.',

  // Ratings
  ratings: 'Rating',
  ratingsText:
    'Uma partida numa mesa pública com pelo menos outra pessoa, jogada até o fim, é ranqueada: seu rating sobe ou desce conforme a sua colocação entre as pessoas da mesa (os jogadores do computador não contam). Cada conjunto de regras tem o seu próprio rating. Um rating é provisório nas primeiras 10 partidas; em “Estatísticas” você vê o seu e o ranking.',

  // The About dialog
  about: 'Sobre o Copas',
  aboutWhat:
    'Copas para quatro: você contra três jogadores do computador, ou com pessoas pela internet, numa mesa do salão ou numa mesa privada que você compartilha pelo código. As regras são as clássicas, e nas Configurações estão as variantes que as pessoas jogam.',
  aboutBots:
    'Os jogadores do computador têm cinco níveis. O mais forte, Especialista, não segue regras práticas: antes de cada carta, ele simula muitas distribuições possíveis das cartas que não vê.',
  data: 'Suas partidas e seus dados',
  dataWhere:
    'Este servidor é mantido por quem o instalou, na própria máquina. Suas partidas, seu nome e as pessoas que você marcou ficam guardados nele; nada é enviado para nenhum outro lugar. Não há anúncios, nem rastreamento, nem cookies: este navegador guarda o seu ID de jogador e as suas configurações no armazenamento local.',
  dataReplay:
    'Toda partida terminada pode ser revista carta por carta, baixada como registro e ter as suas distribuições verificadas: cada mão é distribuída com um compromisso que o fim da partida comprova, e esta página confere isso.',
} satisfies Catalog<typeof en>;
