import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("seguir o naipe (0,4 ponto)").
  kindPass: 'passe',
  kindLead: 'saída',
  kindFollow: 'seguir o naipe',
  kindDiscard: 'descarte',
  kindMoon: 'defesa contra tiro na lua',
  kindLost: '{kind} ({points})',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'saída',
  stepFollow: 'seguir naipe',
  stepDiscard: 'descarte',
  stepMoon: 'contra a lua',
  // An amount of points, with one decimal: "4,2 pontos", "1 ponto".
  points: { one: '{n} ponto', many: '{n} pontos', other: '{n} pontos' },
  south: 'Sul',
  west: 'Oeste',
  north: 'Norte',
  east: 'Leste',
  // Cards in words, without an article: "Q♠", "Q♠, A♥ e 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} e {b}',

  // The summary and how it was made.
  wellPlayed: 'Nenhuma carta que você jogou custou visivelmente mais do que a melhor: muito bem jogado.',
  wellPlayedPass: 'Nenhuma carta que você passou ou jogou custou visivelmente mais do que a melhor: muito bem jogado.',
  lost: 'Você perdeu cerca de {points} com erros: {kinds}.',
  weighed:
    'Cada carta que você jogou foi comparada com a melhor naquela situação em {deals} distribuições das cartas que você não via, jogadas até o fim pelo computador; os pontos são quanto o resto da mão custou a você, em média.',
  weighedPass:
    'Cada passe e cada carta que você jogou foram comparados com a melhor opção naquela situação em {deals} distribuições das cartas que você não via (no caso do passe, em mais), jogadas até o fim pelo computador; os pontos são quanto o resto da mão custou a você, em média.',
  marked: 'Uma jogada marcada custou pelo menos {noise} pontos a mais que a melhor.',
  markedPass: 'Uma jogada marcada custou pelo menos {noise} pontos a mais que a melhor (no caso do passe, também mais do que a margem de erro da amostragem).',
  playedOut: { one: '+{n} carta jogada automaticamente', many: '+{n} cartas jogadas automaticamente', other: '+{n} cartas jogadas automaticamente' },
  claimedNote: 'Uma mão cujo resultado já não podia mudar terminou na hora: as cartas jogadas então não foram escolha de ninguém, por isso não são avaliadas.',
  open: 'Abra “Vaza a vaza” numa mão para ver os números.',
  openSee: 'Abra “Vaza a vaza” numa mão para ver os números, e “Ver” num erro para ver o replay logo antes dele.',
  loading: 'Comparando cada passe que você fez e cada carta que você jogou com a melhor opção…',
  failed: 'Não foi possível fazer a análise.',

  // A hand's pass ({cards}, {best}: "Q♠, A♥ e 2♣"; {to}: "para a esquerda (Oeste)"; {cost}, {bestCost}: "7,1 pontos").
  toLeft: 'para a esquerda ({seat})',
  toRight: 'para a direita ({seat})',
  toAcross: 'para a frente ({seat})',
  passMistake: 'O passe: {cards} {to} custaram cerca de {cost}; passar {best} custaria cerca de {bestCost}.',
  passBest: 'O passe: {cards} {to}, cerca de {cost}, o melhor passe.',
  passAsGood: 'O passe: {cards} {to}, cerca de {cost}, tão bom quanto o passe do computador: passar {best} custaria cerca de {bestCost}.',
  passNoDifference: 'O passe: {cards} {to}, cerca de {cost}; passar {best} custaria cerca de {bestCost}, sem diferença clara.',
  // Where it went, under its cards: "→ esquerda".
  left: 'esquerda',
  right: 'direita',
  across: 'frente',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Vaza {trick}: {card} custou cerca de {cost}; {best} não custaria nada.',
  cardCost: 'Vaza {trick}: {card} custou cerca de {cost}; {best} custaria cerca de {bestCost}.',
  cardFine: 'Vaza {trick}: {card}, cerca de {cost}.',
  cardBest: 'Vaza {trick}: {card}, cerca de {cost}, a melhor carta.',

  // Each hand, trick by trick.
  hand: 'Mão {hand}',
  byTrick: 'Vaza a vaza',
  byTrickLabel: 'Mão {hand}, vaza a vaza',
  caption: 'Mão {hand}: cada decisão sua, a sua carta e a melhor, com os pontos que cada uma custou em média, e os pontos perdidos.',
  captionPass:
    'Mão {hand}: cada decisão sua, o seu passe ou a sua carta e a melhor opção, com os pontos que cada um custou em média, e os pontos perdidos.',
  captionYours: 'O computador escolheu o passe dele em outras distribuições: nestas, o seu não custou mais do que o dele, então o melhor é o seu.',
  colTrick: 'Vaza',
  colWhat: 'O quê',
  colYours: 'Sua',
  colBest: 'Melhor',
  colLost: 'Perda',
  pass: 'Passe',
  passToLeft: 'passe para a esquerda',
  passToRight: 'passe para a direita',
  passAcross: 'passe para a frente',
  yours: 'o seu',
  // After "o seu": the search's pass and its points ({pass}).
  searchPass: '(o do computador: {pass})',
  aMistake: ', um erro',
  seeIt: 'Ver',
  seePass: 'Ver o passe da mão {hand} no replay',
  seeCard: 'Ver a mão {hand}, vaza {trick}, no replay',

  // The largest mistakes, largest first.
  largest: 'Os maiores erros',
  largestPass: 'Mão {hand}, o passe: {cards} custaram cerca de {cost}; {best}, cerca de {bestCost}. ({kind})',
  largestSafe: 'Mão {hand}, vaza {trick}: {card} custou cerca de {cost}; {best} não custaria nada. ({kind})',
  largestCost: 'Mão {hand}, vaza {trick}: {card} custou cerca de {cost}; {best} custaria cerca de {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
