import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Tagesspiel',
  titleOf: '{deal} · {day} · Runde {hand} von {hands}',
  title: '{deal} · {day} · Runde {hand}',
  board: 'Rangliste',
  boardLabel: 'Rangliste des Tagesspiels',
  seeToday: 'Heutige Rangliste',
  seeDay: 'Rangliste vom {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Keine Verbindung zum Server: Die Rangliste erscheint, sobald die Verbindung wieder steht.',
  leaveTable: 'Du kannst das Tagesspiel spielen, sobald du diesen Tisch verlassen hast.',
  afterGame: 'Du kannst das Tagesspiel spielen, wenn dieses Spiel vorbei ist.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'Noch nicht gespielt',
  didNotPlay: 'Du hast dieses Tagesspiel nicht gespielt',
  inProgress: 'Läuft noch',
  conceded: { one: 'Aufgegeben: {n} Punkt, ohne Platzierung', other: 'Aufgegeben: {n} Punkte, ohne Platzierung' },
  mine: { one: 'Du: {n} Punkt, {rank} Platz von {players}', other: 'Du: {n} Punkte, {rank} Platz von {players}' },
  // A place, by the language's ordinal rules (Intl.PluralRules, type "ordinal"): 1st, 2nd, 3rd, 4th.
  placeOne: '{n}.',
  placeTwo: '{n}.',
  placeFew: '{n}.',
  placeOther: '{n}.',
  nobodyYet: 'Noch niemand hat dieses Tagesspiel beendet.',
  nobody: 'Niemand hat dieses Tagesspiel beendet.',
  finishedToday: { one: '{n} Person hat dieses Tagesspiel beendet.', other: '{n} Personen haben dieses Tagesspiel beendet.' },
  finished: { one: '{n} Person hat dieses Tagesspiel beendet.', other: '{n} Personen haben dieses Tagesspiel beendet.' },
  nextDeal: 'Das nächste Tagesspiel kommt um Mitternacht UTC, in {left}.',
  hoursMinutes: '{h} Std. {m} Min.',
  hours: '{h} Std.',
  minutes: '{m} Min.',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'Vorheriger Tag: {day}',
  dayAfter: 'Nächster Tag: {day}',
  today: 'heute',
  loading: 'Rangliste wird geladen…',
  play: 'Heutiges Spiel starten',
  continue: 'Weiterspielen',
  caption: 'Die besten Spiele vom {day}',
  rank: 'Platz',
  player: 'Spieler',
  total: 'Gesamt',
  hand: 'Runde {n}',
  replayCol: 'Replay',
  you: 'Du',
  youMark: '(du)',
  replay: 'Replay',
  replayYours: 'Replay deines Spiels',
  replayOf: 'Replay des Spiels von {name}',
  replays: 'Alle haben dieselben Karten bekommen: Vergleiche Runde für Runde und sieh dir im Replay an, wie ein Spiel gespielt wurde.',
  noReplays: 'Replays gibt es, sobald du das Tagesspiel gespielt hast: Niemand sieht die Karten, bevor er sie selbst gespielt hat.',
} satisfies Catalog<typeof en>;
