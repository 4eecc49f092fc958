// English: the page around the game (the controller, its notices, the parts' loading,
// the document's title and description).
export default {
  title: 'Hearts',
  description: 'Hearts against three computer opponents',
  partFailed: 'Part of the page could not be loaded: check your connection, or reload the page if the game was just updated.',

  // The controller's notices and what it says to screen readers.
  turn: 'Your turn.',
  brk: 'Hearts are broken',
  off: 'Not connected to the server yet — try again in a moment',
  newV: 'A new version of Hearts is ready.',
  reload: 'Reload',
  later: 'Later',
  offT: 'Not connected to the server: try again once it is back.',
  offA: 'Not connected to the server: ask again once it is back.',
  offS: 'Not connected to the server: your statistics show once it is back.',
  offW: 'Not connected to the server: your achievements show once it is back.',
  gone: 'Disconnected',
  back: 'Your seat is yours again: you are back in the game.',
  recd: 'Reconnected.',
  recg: 'Reconnecting…',
  noRec: 'Could not download the game record: {why}',
  saved: 'Settings saved. Names, rules and level apply to the next new game.',
  copied: 'Copied',
  noCp: 'Could not copy: select the text and copy it',
  thk: 'Thinking…',
  oPs: 'Waiting for the others to pass',
  wM: 'Wait a moment',
  three: 'You pass exactly three cards: unselect one first',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'No timer',
  pTurn: '{n} s per turn',

  // The name of a player who has not chosen one (Settings' default).
  you: 'You',
} as const;
