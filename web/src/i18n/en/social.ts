// English: what the first chunk says of playing with people (people/social-words.ts): a
// seat's state beside its name, and the notices of a connection closed for being away.
export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'empty',
  computer: 'computer player',
  disconnected: 'disconnected',
  away: 'computer player (away)',

  // Disconnected.
  removed:
    'Sorry, you were disconnected from the game for too long, we had to remove you from the game so the others could keep playing. 🙁',
  inactivity: 'You’ve been disconnected due to inactivity. You can always reconnect by pressing the "Multiplayer" button',
  soloInactivity: 'Disconnected for inactivity. Your game is kept: your next move reconnects.',
} as const;
