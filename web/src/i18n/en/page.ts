// English: the page around the game (the controller, its notices, the parts' loading,
// the document's title and description).
export default {
  title: 'Hearts',
  description: 'Hearts against three computer opponents',
  partFailed: 'Part of the page could not be loaded: check your connection, or reload the page if the game was just updated.',
} as const;
