import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision: "{points} {kind}", "0,4 point en fournissant".
  kindPass: 'à la passe',
  kindLead: 'à l’entame',
  kindFollow: 'en fournissant',
  kindDiscard: 'en défaussant',
  kindMoon: 'en défense contre le chelem',
  kindLost: '{points} {kind}',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'entame',
  stepFollow: 'fournir',
  stepDiscard: 'défausse',
  stepMoon: 'anti-chelem',
  // An amount of points, with one decimal: "4,2 points", "1 point", "1,5 point".
  points: { one: '{n} point', many: '{n} points', other: '{n} points' },
  south: 'Sud',
  west: 'Ouest',
  north: 'Nord',
  east: 'Est',
  // Cards in words, without an article: "Q♠", "Q♠, A♥ et 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} et {b}',

  // The summary and how it was made.
  wellPlayed: 'Aucune carte que tu as jouée n’a coûté nettement plus que la meilleure : bien joué !',
  wellPlayedPass: 'Aucune carte que tu as passée ou jouée n’a coûté nettement plus que la meilleure : bien joué !',
  lost: 'Tu as perdu environ {points} sur des erreurs : {kinds}.',
  weighed:
    'Chaque carte que tu as jouée a été comparée à la meilleure dans la même situation, sur {deals} répartitions des cartes que tu ne voyais pas, jouées jusqu’au bout par l’ordinateur ; les points indiquent ce que le reste de la manche t’a coûté en moyenne.',
  weighedPass:
    'Chaque passe et chaque carte que tu as jouée ont été comparées à la meilleure option dans la même situation, sur {deals} répartitions des cartes que tu ne voyais pas (davantage pour une passe), jouées jusqu’au bout par l’ordinateur ; les points indiquent ce que le reste de la manche t’a coûté en moyenne.',
  marked: 'Une décision marquée a coûté au moins {noise} points de plus que la meilleure.',
  markedPass: 'Une décision marquée a coûté au moins {noise} points de plus que la meilleure (pour une passe, aussi plus que la marge d’erreur de l’échantillonnage).',
  playedOut: { one: '+{n} carte jouée automatiquement', many: '+{n} cartes jouées automatiquement', other: '+{n} cartes jouées automatiquement' },
  claimedNote: 'Une manche dont le score ne pouvait plus changer s’est terminée aussitôt : les cartes jouées alors n’ont été choisies par personne, elles ne sont donc pas évaluées.',
  open: 'Ouvre « Pli par pli » d’une manche pour voir les chiffres.',
  openSee: 'Ouvre « Pli par pli » d’une manche pour voir les chiffres, et « Voir » d’une erreur pour revoir le moment juste avant.',
  loading: 'Comparaison de chacune de tes passes et de chacune de tes cartes avec la meilleure…',
  failed: 'L’analyse n’a pas pu être faite.',

  // A hand's pass ({cards}, {best}: "Q♠, A♥ et 2♣"; {to}: "à gauche (Ouest)"; {cost}, {bestCost}: "7,1 points").
  toLeft: 'à gauche ({seat})',
  toRight: 'à droite ({seat})',
  toAcross: 'en face ({seat})',
  passMistake: 'La passe : {cards} {to} a coûté environ {cost} ; passer {best} aurait coûté environ {bestCost}.',
  passBest: 'La passe : {cards} {to}, environ {cost}, la meilleure passe.',
  passAsGood: 'La passe : {cards} {to}, environ {cost}, aussi bien que la passe de la recherche : passer {best} aurait coûté environ {bestCost}.',
  passNoDifference: 'La passe : {cards} {to}, environ {cost} ; passer {best} aurait coûté environ {bestCost}, sans différence nette.',
  // Where it went, under its cards: "→ gauche".
  left: 'gauche',
  right: 'droite',
  across: 'en face',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Pli {trick} : {card} a coûté environ {cost} ; {best} était sans risque.',
  cardCost: 'Pli {trick} : {card} a coûté environ {cost} ; {best} aurait coûté environ {bestCost}.',
  cardFine: 'Pli {trick} : {card}, environ {cost}.',
  cardBest: 'Pli {trick} : {card}, environ {cost}, la meilleure carte.',

  // Each hand, trick by trick.
  hand: 'Manche {hand}',
  byTrick: 'Pli par pli',
  byTrickLabel: 'Manche {hand}, pli par pli',
  caption: 'Manche {hand} : chacune de tes décisions, ta carte et la meilleure, avec ce que chacune a coûté en moyenne, et les points perdus.',
  captionPass: 'Manche {hand} : chacune de tes décisions, ta passe ou ta carte et la meilleure, avec ce que chacune a coûté en moyenne, et les points perdus.',
  captionYours: 'La recherche a choisi sa passe sur d’autres répartitions : sur celles-ci, la tienne n’a pas coûté plus que la sienne, donc la meilleure est la tienne.',
  colTrick: 'Pli',
  colWhat: 'Quoi',
  colYours: 'Ton choix',
  colBest: 'Le mieux',
  colLost: 'Perdu',
  pass: 'Passe',
  passToLeft: 'passe à gauche',
  passToRight: 'passe à droite',
  passAcross: 'passe en face',
  yours: 'la tienne',
  // After "la tienne": the search's pass and its points ({pass}).
  searchPass: '(celle de la recherche : {pass})',
  aMistake: ', une erreur',
  seeIt: 'Voir',
  seePass: 'Voir la passe de la manche {hand} dans le replay',
  seeCard: 'Voir la manche {hand}, pli {trick}, dans le replay',

  // The largest mistakes, largest first.
  largest: 'Les plus grosses erreurs',
  largestPass: 'Manche {hand}, la passe : {cards} a coûté environ {cost} ; {best}, environ {bestCost}. ({kind})',
  largestSafe: 'Manche {hand}, pli {trick} : {card} a coûté environ {cost} ; {best} était sans risque. ({kind})',
  largestCost: 'Manche {hand}, pli {trick} : {card} a coûté environ {cost} ; {best} aurait coûté environ {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
