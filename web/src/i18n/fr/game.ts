import type en from '../en/game';
import type { Catalog } from '../words';

// A card in words carries its article in the rank ("la dame", "l’as", "le dix"), so that the
// sentences read right whatever the card: « Ada joue la dame de pique », « Tu as reçu l’as de
// cœur ». The suits are singular, as in French card names (« dame de pique », « as de cœur »).
export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words.
  C: 'trèfle',
  D: 'carreau',
  S: 'pique',
  H: 'cœur',
  '2': 'le deux',
  '3': 'le trois',
  '4': 'le quatre',
  '5': 'le cinq',
  '6': 'le six',
  '7': 'le sept',
  '8': 'le huit',
  '9': 'le neuf',
  T: 'le dix',
  J: 'le valet',
  Q: 'la dame',
  K: 'le roi',
  A: 'l’as',
  card: '{rank} de {suit}',

  // The pass, by direction (the status line, the announcer).
  np: 'Pas de passe dans cette manche',
  pleft: 'Passe trois cartes à gauche ({name})',
  pright: 'Passe trois cartes à droite ({name})',
  pacross: 'Passe trois cartes en face ({name})',

  // Why a card cannot be played.
  nNow: 'Tu ne peux pas jouer de carte maintenant',
  wF: 'Attends ton tour : c’est à {name} de jouer',
  wait: 'Attends ton tour',
  fol: 'Tu dois fournir la couleur demandée : joue {suit}',
  two: 'Le premier pli s’entame avec le deux de trèfle',
  ft: 'Ni cœur ni dame de pique au premier pli',
  nBr: 'Les cœurs ne sont pas encore brisés',
  cant: 'Tu ne peux pas jouer {card} maintenant',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Un grand chelem, c’est quand un joueur ramasse tous les cœurs et la dame de pique. Il marque alors 0 point, et tous les autres 26 points !',
  mS: 'Un grand chelem, c’est quand un joueur ramasse tous les cœurs et la dame de pique. Avec ces règles, il retire alors 26 points de son propre score !',
  ver: 'Ceci est la version {v} de Dame de pique.',

  // What a screen reader hears (a11y.ts). "toi" is the player in a list of winners.
  yW: 'Bravo, tu as gagné !',
  you: 'toi',
  won: '{names} a gagné.',
  wA: 'Victoire partagée : {names}.',
  hand: 'Manche {n}.',
  iP: 'Tu as passé tes cartes.',
  got: 'Tu as reçu {cards}.',
  iPl: 'Tu joues {card}.',
  pl: '{name} joue {card}.',
  iT: 'Tu remportes le pli.',
  tk: '{name} remporte le pli.',
  iTP: {
    one: 'Tu remportes le pli avec {n} point.',
    many: 'Tu remportes le pli avec {n} points.',
    other: 'Tu remportes le pli avec {n} points.',
  },
  tkP: {
    one: '{name} remporte le pli avec {n} point.',
    many: '{name} remporte le pli avec {n} points.',
    other: '{name} remporte le pli avec {n} points.',
  },
  brk: 'Les cœurs sont brisés.',
  clN: 'Il ne restait aucun point à prendre : la manche s’est arrêtée là.',
  iCl: 'Tu as remporté tous les plis restants : personne ne pouvait battre tes cartes.',
  cl: '{name} a remporté tous les plis restants : personne ne pouvait battre ses cartes.',
  hO: 'Manche {n} terminée.',
  sc: { one: 'Tu as marqué {n} point.', many: 'Tu as marqué {n} points.', other: 'Tu as marqué {n} points.' },
  iSh: 'Tu as réussi le grand chelem !',
  shot: '{name} a réussi le grand chelem !',
  over: 'Partie terminée.',

  // What is wrong with a name (names.ts).
  nm: 'Saisis un nom',
  nmC: 'Un nom ne peut pas contenir de caractères de contrôle ni de sens d’écriture',
  nmI: 'Un nom ne peut pas contenir de caractères invisibles ni d’espaces autres que l’espace ordinaire',
  nmL: { one: 'Un nom compte au plus {n} caractère', many: 'Un nom compte au plus {n} caractères', other: 'Un nom compte au plus {n} caractères' },
  nmS: 'Un nom doit contenir une lettre, un chiffre ou un symbole visible',
  nmW: 'Un nom ne peut pas contenir de caractère aussi large qu’un mot',
  nmM: {
    one: 'Un caractère d’un nom peut porter au plus {n} accent',
    many: 'Un caractère d’un nom peut porter au plus {n} accents',
    other: 'Un caractère d’un nom peut porter au plus {n} accents',
  },

  // An achievement just earned: its title and item are the server's words (fr/achievements.ts:
  // the title with « un/une », the item with « le/la/l’ »).
  unl: 'SUCCÈS DÉBLOQUÉ',
  mb: 'On dirait que tu es {title}. Tu peux maintenant porter {item} pendant tes parties.',
  put: 'Tu veux mettre {item} ?',
} satisfies Catalog<typeof en>;
