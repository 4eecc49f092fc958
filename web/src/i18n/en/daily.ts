// English: the daily deal (parts/daily/): its board, the line over its game, and what a
// day's board says about me.
export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'Daily deal',
  titleOf: '{deal} · {day} · hand {hand} of {hands}',
  title: '{deal} · {day} · hand {hand}',
  board: 'Board',
  boardLabel: 'Board of the daily deal',
  seeToday: 'See today’s board',
  seeDay: 'See the board of {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'Not connected to the server: the board shows once it is back.',
  leaveTable: 'You can play the daily deal once you have left this table.',
  afterGame: 'You can play the daily deal when this game is over.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'Not played yet',
  didNotPlay: 'You did not play this deal',
  inProgress: 'In progress',
  conceded: { one: 'You conceded: {n} point, not ranked', other: 'You conceded: {n} points, not ranked' },
  mine: { one: 'You: {n} point, {rank} of {players}', other: 'You: {n} points, {rank} of {players}' },
  // A place, by the language's ordinal rules (Intl.PluralRules, type "ordinal"): 1st, 2nd, 3rd, 4th.
  placeOne: '{n}st',
  placeTwo: '{n}nd',
  placeFew: '{n}rd',
  placeOther: '{n}th',
  nobodyYet: 'Nobody has finished this deal yet.',
  nobody: 'Nobody finished this deal.',
  finishedToday: { one: '{n} player has finished this deal.', other: '{n} players have finished this deal.' },
  finished: { one: '{n} player finished this deal.', other: '{n} players finished this deal.' },
  nextDeal: 'The next deal is dealt at midnight UTC, in {left}.',
  hoursMinutes: '{h} h {m} min',
  hours: '{h} h',
  minutes: '{m} min',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'The day before: {day}',
  dayAfter: 'The day after: {day}',
  today: 'today',
  loading: 'Loading the board…',
  play: 'Play today’s deal',
  continue: 'Continue',
  caption: 'The best games of {day}',
  rank: 'Rank',
  player: 'Player',
  total: 'Total',
  hand: 'Hand {n}',
  replayCol: 'Replay',
  you: 'You',
  youMark: '(you)',
  replay: 'Replay',
  replayYours: 'Replay your game',
  replayOf: 'Replay {name}’s game',
  replays: 'Everyone was dealt the same cards: compare hand by hand, and replay a game to see how it was played.',
  noReplays: 'Replays open once you have played the day’s deal: nobody sees its cards before playing them.',
} as const;
