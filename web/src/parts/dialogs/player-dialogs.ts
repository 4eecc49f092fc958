// The dialogs that are not the game itself: Statistics, Achievements, the rules, About
// and Settings, and the card of what a game unlocked. One chunk of its own
// (table/parts.ts, DIALOGS_PART), downloaded the first time one opens or a game unlocks
// an achievement.
export { achievementsContent } from './render-achievements';
export { statsContent } from './render-stats';
export { aboutSections, rulesSections, type RulesSection } from './rules-text';
export { markNameProblems, readSettingsForm, settingsForm } from './settings-form';
export { fillUnlocked } from './render-unlocked';
