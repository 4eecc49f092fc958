import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Ordre des passes" and in the lobby's summary.
  L: 'gauche',
  R: 'droite',
  A: 'en face',
  N: 'pas de passe',
  none: 'aucune',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'La partie se joue en {n} manche (ou s’arrête plus tôt à {end} points).',
    many: 'La partie se joue en {n} manches (ou s’arrête plus tôt à {end} points).',
    other: 'La partie se joue en {n} manches (ou s’arrête plus tôt à {end} points).',
  },
  handsOnly: { one: 'La partie se joue en {n} manche.', many: 'La partie se joue en {n} manches.', other: 'La partie se joue en {n} manches.' },
  endsAtPts: 'La partie se termine à {end} points.',
  noPassing: 'Pas de passe.',
  order: 'Ordre des passes : {list}.',
  queen: 'La Q♠ brise les cœurs.',
  moonSelf: 'Un grand chelem retire 26 points du score de son auteur.',
  moonChoice: 'L’auteur d’un grand chelem choisit comment le compter.',
  jack: 'Le J♦ retire 10 points.',
  tie: 'Les joueurs à égalité avec le score le plus bas se partagent la victoire.',
  noTimer: 'Pas de chrono.',
  timer: { one: '{n} seconde par tour.', many: '{n} secondes par tour.', other: '{n} secondes par tour.' },

  // The lobby's summary: "4 manches · fin à 100 · passes : gauche, droite, en face, aucune · …".
  hands: { one: '{n} manche', many: '{n} manches', other: '{n} manches' },
  endsAt: 'Fin à {end}',
  thenEndsAt: 'fin à {end}',
  pass: 'passes : {list}',
  queenShort: 'la Q♠ brise les cœurs',
  moonShort: 'chelem : son auteur −26',
  choiceShort: 'chelem : au choix de son auteur',
  jackShort: 'J♦ −10',
  tieShort: 'égalité : victoire partagée',
} satisfies Catalog<typeof en>;
