// The console (where the game is played by typing): its panel and what it understands.
// One chunk of its own (app/app-core.ts, CONSOLE_PART), downloaded the first time it opens.
export { CONSOLE_WELCOME, consoleAnswer, consolePrompt, type ConsoleIntent } from './console';
export { CONSOLE_KEEP, ConsoleView } from './render-console';
