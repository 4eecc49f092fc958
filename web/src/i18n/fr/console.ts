import type en from '../en/console';
import type { Catalog } from '../words';

// The commands (help, hand, pass 2C 3C 4C, moon others, new!…) and the card codes (QS, 10H,
// Q♠) stay as they are typed, in « » here.
export default {
  label: 'Console',
  command: 'Commande',
  // The prompt's name when the player has none ("toi@hearts:~$")
  you: 'toi',
  welcome: 'Bienvenue dans la Matrice.',
  welcomeHelp: 'Tape « help » pour les commandes, « exit » pour quitter.',

  // "help": a line, then each command and what it does (in two columns; keep them short)
  help: 'Une carte, comme QS, 10H, TH ou Q♠ : la jouer. Trois cartes (QS KS AH) : les passer.',
  helpHand: 'tes cartes',
  helpLegal: 'les cartes jouables',
  helpTable: 'le pli et qui joue',
  helpScores: 'les totaux et la manche',
  helpNext: 'manche suivante',
  helpMoon: '{commands} : compter ton chelem',
  helpNew: 'nouvelle partie',
  helpClear: 'vider la console',
  helpHelp: 'ce texte',
  helpExit: 'fermer la console (Échap aussi)',

  // Answers ({cards}: card codes like "2♣ Q♠"; {card}: one)
  none: 'aucune',
  newGame: 'Nouvelle partie.',
  newPlaying: 'Une partie est en cours : tape « new! » pour la quitter et en commencer une nouvelle.',
  noGame: 'Aucune partie affichée : tape « new » pour en commencer une.',
  hand: 'Ta main : {cards}',
  passHint: '{instruction} : nomme trois cartes, comme « pass 2C 3C 4C ».',
  legal: 'Tu peux jouer : {cards}',
  notYourTurn: 'Ce n’est pas ton tour de jouer.',
  trickEmpty: 'Le pli est vide.',
  onTable: 'Sur la table : {cards}.',
  yourTurn: 'C’est ton tour.',
  theirTurn: 'C’est à {name} de jouer.',
  broken: 'Les cœurs sont brisés.',
  youAre: 'Toi ({name})',
  scoreLine: '{name} : {total} au total, {points} dans cette manche',
  nextHand: 'Manche suivante.',
  noNext: 'Pas de manche suivante à distribuer pour l’instant.',
  noMoon: 'Tu n’as pas de grand chelem à compter.',
  moonHow: 'Tape « moon others » (tous les autres +26) ou « moon shooter » (toi −26).',
  moonOthers: 'Tous les autres prennent 26.',
  moonShooter: 'Tu prends −26.',
  unknown: 'Pas compris : « {words} ». Tape « help » pour les commandes.',
  oneOrThree: 'Nomme une carte à jouer, ou trois à passer.',
  notHeld: 'Tu n’as pas {card}.',
  passThree: 'Nomme trois cartes à passer, comme « pass 2C 3C 4C ».',
  cannotPlay: 'Tu ne peux pas jouer {card} : {reason}.',
  passedAlready: 'Tu as déjà passé tes cartes.',
  notPassing: 'Ce n’est pas le moment de passer.',
  different: 'Nomme trois cartes différentes.',
  youPass: 'Tu passes {cards}.',
} satisfies Catalog<typeof en>;
