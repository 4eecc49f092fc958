// The dialogs that are not the game itself: Statistics, Achievements, the rules, About
// and Settings. One chunk of its own (table/parts.ts, DIALOGS_PART), downloaded the first time one opens.
export { achievementsContent } from './render-achievements';
export { statsContent } from './render-stats';
export { aboutSections, rulesSections, type RulesSection } from './rules-text';
export { markNameProblems, readSettingsForm, settingsForm } from './settings-form';
