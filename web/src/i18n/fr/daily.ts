import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Donne du jour',
  titleOf: '{deal} · {day} · manche {hand} sur {hands}',
  title: '{deal} · {day} · manche {hand}',
  board: 'Classement',
  boardLabel: 'Classement de la donne du jour',
  seeToday: 'Voir le classement du jour',
  seeDay: 'Voir le classement du {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Pas de connexion au serveur : le classement s’affichera dès son retour.',
  leaveTable: 'Tu pourras jouer la donne du jour quand tu auras quitté cette table.',
  afterGame: 'Tu pourras jouer la donne du jour à la fin de cette partie.',

  // What the board says about my game of its day ({rank} is a place: "2e").
  notPlayed: 'Pas encore jouée',
  didNotPlay: 'Tu n’as pas joué cette donne',
  inProgress: 'En cours',
  conceded: {
    one: 'Abandon : {n} point, hors classement',
    many: 'Abandon : {n} points, hors classement',
    other: 'Abandon : {n} points, hors classement',
  },
  mine: { one: 'Toi : {n} point, {rank} sur {players}', many: 'Toi : {n} points, {rank} sur {players}', other: 'Toi : {n} points, {rank} sur {players}' },
  // A place, by French ordinal rules (Intl.PluralRules, type "ordinal": one for 1, other for the rest): 1er, 2e, 3e, 4e.
  placeOne: '{n}er',
  placeTwo: '{n}e',
  placeFew: '{n}e',
  placeOther: '{n}e',
  nobodyYet: 'Personne n’a encore terminé cette donne.',
  nobody: 'Personne n’a terminé cette donne.',
  finishedToday: {
    one: '{n} joueur a terminé cette donne.',
    many: '{n} joueurs ont terminé cette donne.',
    other: '{n} joueurs ont terminé cette donne.',
  },
  finished: {
    one: '{n} joueur a terminé cette donne.',
    many: '{n} joueurs ont terminé cette donne.',
    other: '{n} joueurs ont terminé cette donne.',
  },
  nextDeal: 'La prochaine donne sera distribuée à minuit UTC, dans {left}.',
  hoursMinutes: '{h} h {m} min',
  hours: '{h} h',
  minutes: '{m} min',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day} : {mine}. {players}',

  // The board.
  dayBefore: 'Jour précédent : {day}',
  dayAfter: 'Jour suivant : {day}',
  today: 'aujourd’hui',
  loading: 'Chargement du classement…',
  play: 'Jouer la donne du jour',
  continue: 'Continuer',
  caption: 'Les meilleures parties du {day}',
  rank: 'Rang',
  player: 'Joueur',
  total: 'Total',
  hand: 'Manche {n}',
  replayCol: 'Replay',
  you: 'Toi',
  youMark: '(toi)',
  replay: 'Revoir',
  replayYours: 'Revoir ta partie',
  replayOf: 'Revoir la partie jouée par {name}',
  replays: 'Tout le monde a reçu les mêmes cartes : compare manche par manche, et revois une partie pour voir comment elle a été jouée.',
  noReplays: 'Les replays s’ouvrent une fois que tu as joué la donne du jour : personne ne voit ses cartes avant de les jouer.',
} satisfies Catalog<typeof en>;
