// English: the review of a finished game (parts/review/): what was lost and where, each
// hand's decisions, and the largest mistakes, all built from the server's numbers.
export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'passing',
  kindLead: 'leading',
  kindFollow: 'following suit',
  kindDiscard: 'discarding',
  kindMoon: 'moon defence',
  kindLost: '{kind} {points}',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'lead',
  stepFollow: 'follow suit',
  stepDiscard: 'discard',
  stepMoon: 'moon defence',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: { one: '{n} point', other: '{n} points' },
  south: 'South',
  west: 'West',
  north: 'North',
  east: 'East',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: 'the {cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} and {b}',

  // The summary and how it was made.
  wellPlayed: 'No card you played cost noticeably more than the best one: well played.',
  wellPlayedPass: 'No card you passed or played cost noticeably more than the best one: well played.',
  lost: 'You lost about {points} to mistakes: {kinds}.',
  weighed:
    'Each card you played was weighed against the best one in that position on {deals} deals of the cards you could not see, played out by the computer; the points are what the rest of the hand cost you on average.',
  weighedPass:
    'Each pass and each card you played was weighed against the best one in that position on {deals} deals of the cards you could not see (a pass, on more), played out by the computer; the points are what the rest of the hand cost you on average.',
  marked: 'A marked one cost more than the best by at least {noise} points.',
  markedPass: 'A marked one cost more than the best by at least {noise} points (a pass, also by more than the sampling’s error).',
  // A claimed hand (its score could no longer change): the row's last cell, and a line under the summary.
  playedOut: { one: '+{n} card played out', other: '+{n} cards played out' },
  claimedNote: 'A hand whose score could no longer change ended at once: the cards played out then were nobody’s choice, so they are not weighed.',
  open: 'Open a hand’s “Trick by trick” for the numbers.',
  openSee: 'Open a hand’s “Trick by trick” for the numbers, and a mistake’s “See it” for the replay just before it.',
  loading: 'Weighing every pass you made and every card you played against the best one…',
  failed: 'The review could not be made.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'to the left ({seat})',
  toRight: 'to the right ({seat})',
  toAcross: 'across ({seat})',
  passMistake: 'The pass: {cards} {to} cost about {cost}; passing {best} would cost about {bestCost}.',
  passBest: 'The pass: {cards} {to}, about {cost}, the best pass.',
  passAsGood: 'The pass: {cards} {to}, about {cost}, as good as the search’s pass: passing {best} would cost about {bestCost}.',
  passNoDifference: 'The pass: {cards} {to}, about {cost}; passing {best} would cost about {bestCost}, no clear difference.',
  // Where it went, under its cards: "→ left".
  left: 'left',
  right: 'right',
  across: 'across',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Trick {trick}: the {card} cost about {cost}; the {best} was safe.',
  cardCost: 'Trick {trick}: the {card} cost about {cost}; the {best} would cost about {bestCost}.',
  cardFine: 'Trick {trick}: the {card}, about {cost}.',
  cardBest: 'Trick {trick}: the {card}, about {cost}, the best card.',

  // Each hand, trick by trick.
  hand: 'Hand {hand}',
  byTrick: 'Trick by trick',
  byTrickLabel: 'Hand {hand}, trick by trick',
  caption: 'Hand {hand}: each of your decisions, your card and the best one with the points each cost on average, and the points lost.',
  captionPass: 'Hand {hand}: each of your decisions, your pass or card and the best one with the points each cost on average, and the points lost.',
  captionYours: 'The search chose its pass on other deals: on these, yours cost no more than it did, so the best is yours.',
  colTrick: 'Trick',
  colWhat: 'What',
  colYours: 'Yours',
  colBest: 'Best',
  colLost: 'Lost',
  pass: 'Pass',
  passToLeft: 'pass to the left',
  passToRight: 'pass to the right',
  passAcross: 'pass across',
  yours: 'yours',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(the search’s {pass})',
  aMistake: ', a mistake',
  seeIt: 'See it',
  seePass: 'See hand {hand}’s pass in the replay',
  seeCard: 'See hand {hand}, trick {trick} in the replay',

  // The largest mistakes, largest first.
  largest: 'The largest',
  largestPass: 'Hand {hand}, the pass: {cards} cost about {cost}; {best} about {bestCost}. ({kind})',
  largestSafe: 'Hand {hand}, trick {trick}: the {card} cost about {cost}; the {best} was safe. ({kind})',
  largestCost: 'Hand {hand}, trick {trick}: the {card} cost about {cost}; the {best} would cost about {bestCost}. ({kind})',
} as const;
