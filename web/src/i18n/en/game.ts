// English: the game's words (src/game/): the cards, the rules at the table, what a screen
// reader hears of each event, a name's problems, an achievement just earned.
export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words.
  C: 'clubs',
  D: 'diamonds',
  S: 'spades',
  H: 'hearts',
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
  '9': 'nine',
  T: 'ten',
  J: 'jack',
  Q: 'queen',
  K: 'king',
  A: 'ace',
  card: '{rank} of {suit}',

  // The pass, by direction (the status line, the announcer).
  np: 'No passing this hand',
  pleft: 'Pass three cards to the left ({name})',
  pright: 'Pass three cards to the right ({name})',
  pacross: 'Pass three cards to the player across ({name})',

  // Why a card cannot be played.
  nNow: 'You can’t play a card now',
  wF: 'Wait for your turn: it is {name}’s turn',
  wait: 'Wait for your turn',
  fol: 'You must follow suit: play {suit}',
  two: 'The two of clubs leads the first trick',
  ft: 'No hearts or queen of spades on the first trick',
  nBr: 'Hearts are not broken yet',
  cant: 'You can’t play the {card} now',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Shooting the moon is when one player gets all hearts and the queen of spades. Then they get 0 points and everyone else gets 26 points!',
  mS:
    'Shooting the moon is when one player gets all hearts and the queen of spades. Under these rules 26 points come off their own score instead!',
  ver: 'This is version {v} of Hearts.',

  // What a screen reader hears (a11y.ts). "you" is the player in a list of winners.
  yW: 'Congratulations, you won!',
  you: 'you',
  won: '{names} won.',
  wA: '{names} won together.',
  hand: 'Hand {n}.',
  iP: 'You passed your cards.',
  got: 'You received the {cards}.',
  iPl: 'You play the {card}.',
  pl: '{name} plays the {card}.',
  iT: 'You take the trick.',
  tk: '{name} takes the trick.',
  iTP: { one: 'You take the trick with {n} point.', other: 'You take the trick with {n} points.' },
  tkP: { one: '{name} takes the trick with {n} point.', other: '{name} takes the trick with {n} points.' },
  brk: 'Hearts are broken.',
  clN: 'No points were left to take, so the hand ended there.',
  iCl: 'You took every trick left: nobody could beat your cards.',
  cl: '{name} took every trick left: nobody could beat those cards.',
  hO: 'Hand {n} is over.',
  sc: { one: 'You scored {n} point.', other: 'You scored {n} points.' },
  iSh: 'You shot the moon!',
  shot: '{name} shot the moon!',
  over: 'Game over.',

  // What is wrong with a name (names.ts).
  nm: 'Please enter a name',
  nmC: 'A name cannot contain control or text-direction characters',
  nmI: 'A name cannot contain invisible characters or spaces other than the plain one',
  nmL: { other: 'A name has at most {n} characters' },
  nmS: 'A name needs a letter, a digit or a symbol that shows',
  nmW: 'A name cannot contain a character as wide as a word',
  nmM: { other: 'A character of a name can carry at most {n} accents' },

  // An achievement just earned: its title and item are the server's words.
  unl: 'ACHIEVEMENT UNLOCKED',
  mb: 'It looks like you might be a {title}. You can now wear a {item} while playing.',
  put: 'Do you want to put on the {item}?',
} as const;
