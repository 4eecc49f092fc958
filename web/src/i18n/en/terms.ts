// English: a table's rules in words (game/rules-words.ts): a challenge's terms in
// sentences, the lobby's summary in a few words. Only the parts that show them need these.
export default {
  // The pass directions, in a challenge's "Pass order" and in the lobby's summary.
  L: 'left',
  R: 'right',
  A: 'across',
  N: 'no pass',
  none: 'none',

  // A challenge's terms, each a sentence.
  handsEnd: { one: 'The game is {n} hand (or ends sooner at {end} points).', other: 'The game is {n} hands (or ends sooner at {end} points).' },
  handsOnly: { one: 'The game is {n} hand.', other: 'The game is {n} hands.' },
  endsAtPts: 'The game ends at {end} points.',
  noPassing: 'No passing.',
  order: 'Pass order: {list}.',
  queen: 'The Q♠ breaks hearts.',
  moonSelf: 'Shooting the moon takes 26 off the shooter’s score.',
  moonChoice: 'Whoever shoots the moon chooses how it scores.',
  jack: 'The J♦ takes 10 points off.',
  tie: 'Players tied for the lowest score share the win.',
  noTimer: 'No turn timer.',
  timer: { one: '{n} second per turn.', other: '{n} seconds per turn.' },

  // The lobby's summary: "4 hands · ends at 100 · pass left, right, across, none · …".
  hands: { one: '{n} hand', other: '{n} hands' },
  endsAt: 'Ends at {end}',
  thenEndsAt: 'ends at {end}',
  pass: 'pass {list}',
  queenShort: 'Q♠ breaks hearts',
  moonShort: 'moon: shooter −26',
  choiceShort: 'moon: shooter chooses',
  jackShort: 'J♦ −10',
  tieShort: 'ties share',
} as const;
