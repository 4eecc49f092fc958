// The dialogs that are not the game itself: Statistics, Achievements, the rules, About
// and Settings, and the card of what a game unlocked. One chunk of its own
// (table/parts.ts, DIALOGS_PART), downloaded the first time one opens or a game unlocks
// an achievement. The server's answers only they show are read here (read-dialogs.ts).
export { achievementsContent } from './render-achievements';
export { readAchievements, readLeaderboard, readStats } from './read-dialogs';
export { statsContent } from './render-stats';
export { aboutSections, rulesSections, type RulesSection } from './rules-text';
export { markNameProblems, readSettingsForm, settingsForm } from './settings-form';
export { fillUnlocked } from './render-unlocked';
export { drawAchievements, drawStats, drawWords } from './draw-dialogs';
