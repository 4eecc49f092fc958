// English: "Verify the deals" (parts/verify/): each hand's commitment and deal checked in
// the browser, the seed's mix, and the form that checks any deal by hand.
export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter.
  you: 'You',
  seatS: 'S',
  seatW: 'W',
  seatN: 'N',
  seatE: 'E',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Before the first card of each hand, this page received a commitment to the deal: a SHA-256 fingerprint of the hand’s seed and a secret. When the game ended, the server revealed the seed and the secret. This page now recomputes every fingerprint and every deal itself.',
  provesMix:
    'This proves that each deal was fixed before it was played and is the documented shuffle of that seed (the same one the game record’s format describes); and since the seed mixes your number with a secret the server committed to before you chose it, neither side could pick it.',
  proves:
    'The server chose the seed. This proves that each deal was fixed before it was played and is the documented shuffle of that seed (the same one the game record’s format describes); it does not prove the seed was picked blindly.',
  seed: 'Game seed',
  secret: 'Secret',
  yourNumber: 'Your number',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'The game seed is not the mix of the committed secret and your number: see below.',
  notOver: 'The game is not over, so its seed and secret are still hidden. The deals can be checked when it ends.',
  noneKept: 'This browser kept no commitments for this game: it was played on another device, or the page’s storage was cleared.',
  handsBad: { one: 'Hand {hands} does not check out: see below.', other: 'Hands {hands} do not check out: see below.' },
  oneGood: 'The deal checks out: each is the one committed to before its first card was played, and your cards are the ones the seed deals.',
  allGood: { other: 'All {n} deals check out: each is the one committed to before its first card was played, and your cards are the ones the seed deals.' },
  someGood: {
    other: '{good} of {n} deals check out. For the others this page did not receive the commitment before the hand was played (it was opened later, or reloaded), so it cannot prove them; nothing it saw is wrong.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'The seed',
  mixNotKept:
    'The seed was mixed from the server’s secret and a number ({number}) this browser did not keep (the game was started on another device, or the page’s storage was cleared), so it cannot check that the seed was not picked.',
  mixGood: 'Your number {number}: mixed into the seed with the server’s secret, which was committed to before you chose it: the seed could not be picked.',
  mixWrong: 'Your number {number} and the server’s secret do not give this game’s seed as promised: the seed could have been picked.',
  secretCommitted: 'The secret is the one the server committed to before this page chose its number.',
  secretNotCommitted: 'The secret is not the one the server committed to before this page chose its number.',
  usedNumber: 'The server used your number, {sent}.',
  noNumber: 'The server says no number was mixed into the seed, but this page sent {sent}.',
  otherNumber: 'The server revealed the number {revealed}, but this page sent {sent}.',
  seedMixed: 'The game seed is the mix of the secret and your number.',
  seedNotMixed: 'The game seed is not the mix of the secret and your number.',

  // Each hand.
  hand: 'Hand {hand}',
  theDeal: 'The deal',
  noCommitment: 'This page did not receive this hand’s commitment, so it cannot check it.',
  commitWrong: 'The commitment received with the deal does not match the revealed seed and secret.',
  commitGood: 'The commitment received with the deal matches.',
  commitLate: 'The commitment matches, but this page received it only during the hand, so it does not prove the deal was fixed before play.',
  changed: 'The server later sent a different commitment for this hand.',
  cardsUnseen: 'Your cards were not seen as dealt on this page (it was opened later in the hand).',
  cardsGood: 'Your 13 cards are the ones the seed deals.',
  cardsWrong: 'Your cards are not the ones the seed deals.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Check a deal yourself',
  salt: 'Secret (salt)',
  handField: 'Hand',
  commitment: 'Commitment (optional)',
  check: 'Check',
  badSeed: 'The seed is a whole number from 0 to 18446744073709551615, written without spaces.',
  badHand: 'The hand is a number from 1 to 999.',
  badCommitment: 'A commitment is 64 hex digits (0-9, a-f).',
  badSalt: 'The secret is 32 hex digits (0-9, a-f).',
  deals: 'Hand {hand} of seed {seed} deals:',
  matches: 'The commitment matches this seed, secret and hand.',
  noMatch: 'The commitment does not match this seed, secret and hand.',
} as const;
