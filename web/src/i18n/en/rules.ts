// English: the Rules dialog, following the settings or the rules of the game on screen
// (parts/dialogs/rules-text.ts), and the About dialog. A paragraph is made of the
// sentences below, joined by a space.
export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'Goal',
  vsComputers: 'You play against three computer opponents: {left} on your left, {across} across the table and {right} on your right.',
  vsPeople: 'You play against {left} on your left, {across} across the table and {right} on your right.',
  aComputer: '{name} (a computer player)',
  watchingNames: 'You are watching {names} play.',
  goalText: 'Everyone gets 13 cards. Hearts and the queen of spades are penalty cards. When the game ends, the player with the fewest points wins.',

  // What a watcher sees, in place of how to play
  watching: 'Watching',
  watchingSee:
    'You see what the players see of each other: the tricks, the scores and the names, never a card of a hand. You see the game one trick late: a card shows once the trick after its own has been played, and the rest of a hand when it ends.',
  watchingChat: 'You can read the table’s chat but not write in it. “Stop watching” takes you back to the lobby. What you see is also announced to screen readers.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'Passing',
  passLRAN:
    'Before each hand everyone passes three cards: first hand to the left, second to the right, third across the table, and in the fourth hand nobody passes; then the cycle starts again.',
  passLARN:
    'Before each hand everyone passes three cards: first hand to the left, second across the table, third to the right, and in the fourth hand nobody passes; then the cycle starts again.',
  passLRANOnce:
    'Before each hand everyone passes three cards: first hand to the left, second to the right, third across the table, and in the fourth hand nobody passes.',
  passLARNOnce:
    'Before each hand everyone passes three cards: first hand to the left, second across the table, third to the right, and in the fourth hand nobody passes.',
  passWatch: 'A “passed ✓” by a name shows who has passed; you never see which cards.',
  passHow: 'Click or tap three cards, then “Pass cards”. The cards you receive light up for a moment.',

  // Tricks
  tricks: 'Tricks',
  tricksLead: 'Whoever holds the two of clubs leads it to the first trick. Then everyone plays one card in turn, clockwise.',
  followWatch: 'Everyone must follow the suit that was led; whoever can’t may play any card.',
  followYou: 'You must follow the suit that was led; if you can’t, you may play any card.',
  tricksTake: 'The highest card of the suit led takes the trick, and whoever takes it leads the next one.',

  // Special rules
  special: 'Special rules',
  firstTrick: 'On the first trick nobody may play a heart or the queen of spades, unless they have nothing else.',
  broken: 'Hearts may not be led until hearts are “broken” – a heart has been played on another suit – unless the leader has nothing but hearts.',
  queenBreaks: 'In this game the queen of spades breaks hearts too.',
  queenNoBreak: 'The queen of spades does not break hearts.',

  // Points
  points: 'Points',
  pointsText: 'Every heart counts 1 point, the queen of spades 13 points, all other cards nothing.',
  jack: 'In this game the jack of diamonds counts −10 points.',
  pointsShown:
    'Next to each name you see the score of the game and the tricks taken this hand: a dot (·) for a trick without points, ♥ for a trick with hearts, ♠ for the trick with the queen of spades.',

  // Shooting the moon, by the settings' variant
  moon: 'Shooting the moon',
  moonOthers: 'If one player takes all 13 hearts and the queen of spades in a hand, that player gets 0 points and everyone else gets 26 points.',
  moonShooter: 'If one player takes all 13 hearts and the queen of spades in a hand, that player takes 26 points off their own score instead of scoring any.',
  moonChoice:
    'If one player takes all 13 hearts and the queen of spades in a hand, that player chooses: everyone else gets 26 points, or 26 points come off their own score.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 hands", {last}: the last hand's number)
  end: 'End of the game',
  endAt: { one: 'The game ends after the hand in which someone reaches {n} point or more.', other: 'The game ends after the hand in which someone reaches {n} points or more.' },
  endHands: {
    one: 'This game is {hands}: it ends after hand {last}, or sooner if someone reaches {n} point or more.',
    other: 'This game is {hands}: it ends after hand {last}, or sooner if someone reaches {n} points or more.',
  },
  fewestWins: 'The player with the fewest points wins.',
  tieShare: 'If two or more share the lowest score, they share the win.',
  tiePlayOn: 'If two or more share the lowest score, play continues until one is alone.',
  saved: 'The game is saved after every card, so you can close the page and come back to finish it later.',

  // Keyboard
  keyboard: 'Keyboard',
  keyboardText:
    'Tab or the arrow keys move between your cards; Enter or Space plays the card (or selects it for passing). H asks for a hint on your turn: the card (or the three to pass) the computer would choose, and why. Everything that happens is also announced to screen readers.',

  // The daily deal and watching
  daily: 'The daily deal and watching',
  dailyText:
    'The daily deal (Daily) deals everyone the same four hands each day, against the same computer players: one game a day, and a board of the day ranks everyone who played it.',
  watchText:
    'A game with people in progress can be watched from the lobby (Watch), one trick late so that no hand is given away; at a private table, only if every player there allows it.',

  // Ratings
  ratings: 'Ratings',
  ratingsText:
    'A game at a public table with at least one other person, played to its end, is rated: your rating goes up or down with your place among the people there (computer players do not count). Every set of rules has a rating of its own. A rating is provisional for its first 10 games; Statistics shows yours and the leaderboard.',

  // The About dialog
  about: 'About Hearts',
  aboutWhat:
    'Hearts for four: you against three computer players, or with people online, at a table of the lobby or a private one you share by its code. The rules are the classic ones, and Settings holds the variants people play.',
  aboutBots:
    'The computer players come in five levels. The strongest, Expert, does not follow rules of thumb: before each card it plays out many possible deals of the cards it cannot see.',
  data: 'Your games and your data',
  dataWhere:
    'This server is run by whoever set it up, on their own machine. Your games, your name and the people you marked are kept on it; nothing is sent anywhere else. There are no ads, no tracking and no cookies: this browser keeps your player id and your settings in its local storage.',
  dataReplay:
    'Every finished game can be replayed card by card, downloaded as a record, and its deals verified: each hand is dealt with a commitment the game’s end proves, and this page checks it.',
} as const;
