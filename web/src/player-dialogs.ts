// The dialogs about the player, not the game: Statistics and Achievements. One chunk of
// its own (render.ts, DIALOGS_PART), downloaded the first time either one opens.
export { achievementsContent } from './render-achievements';
export { statsContent } from './render-stats';
