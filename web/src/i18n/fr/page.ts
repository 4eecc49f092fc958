import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Dame de pique',
  description: 'La Dame de pique contre trois adversaires contrôlés par l’ordinateur',
  partFailed: 'Un élément de la page n’a pas pu être chargé : vérifie ta connexion, ou recharge la page si le jeu vient d’être mis à jour.',

  // The controller's notices and what it says to screen readers.
  turn: 'À toi de jouer.',
  brk: 'Les cœurs sont brisés',
  off: 'Pas encore de connexion au serveur — réessaie dans un instant',
  newV: 'Une nouvelle version de Dame de pique est prête.',
  reload: 'Recharger',
  later: 'Plus tard',
  offT: 'Pas de connexion au serveur : réessaie dès son retour.',
  offA: 'Pas de connexion au serveur : redemande dès son retour.',
  offS: 'Pas de connexion au serveur : tes statistiques s’afficheront dès son retour.',
  offW: 'Pas de connexion au serveur : tes succès s’afficheront dès son retour.',
  gone: 'Déconnecté',
  back: 'Tu as retrouvé ta place : te revoilà dans la partie.',
  recd: 'Reconnecté.',
  recg: 'Reconnexion…',
  noRec: 'Impossible de télécharger l’enregistrement de la partie : {why}',
  saved: 'Réglages enregistrés. Les noms, les règles et le niveau s’appliqueront à la prochaine partie.',
  copied: 'Copié',
  noCp: 'Impossible de copier : sélectionne le texte et copie-le',
  thk: 'Réflexion…',
  oPs: 'On attend que les autres passent',
  wM: 'Un instant',
  three: 'Tu passes exactement trois cartes : désélectionne-en une d’abord',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'Sans chrono',
  pTurn: '{n} s par tour',

  you: 'Toi',
} satisfies Catalog<typeof en>;
