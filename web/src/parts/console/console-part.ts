// The console (where the game is played by typing): its panel and what it understands.
// One chunk of its own (app/app-core.ts, CONSOLE_PART), downloaded the first time it opens.
import type { AppState } from '../../state/state';
import { uiMode } from '../../state/state';
import { consoleAnswer, consolePrompt, consoleWelcome, type ConsoleIntent } from './console';
import { ConsoleView } from './render-console';

export { consoleAnswer, consolePrompt, consoleWelcome, type ConsoleIntent } from './console';
export { CONSOLE_KEEP, ConsoleView } from './render-console';

/** What the console needs of the page (app-core.ts). */
export interface ConsoleHost {
  readonly state: AppState;
  readonly appEl: HTMLElement;
  /** Does what a typed line asked (play, pass, next, moon, new, clear, close). */
  does(intent: ConsoleIntent): void;
}

/**
 * Opens the console, made the first time (`c` null) with what was said before it existed
 * (`backlog`) and, on my turn, the cards I may play; returns it.
 */
export function openConsole(host: ConsoleHost, c: ConsoleView | null, backlog: readonly string[]): ConsoleView {
  if (c === null) {
    const made = new ConsoleView({
      run: (line) => {
        made.print([`${consolePrompt(host.state)} ${line}`], 'echo');
        const answer = consoleAnswer(line, host.state);
        made.print(answer.lines);
        if (answer.intent) host.does(answer.intent);
        made.setPrompt(consolePrompt(host.state));
      },
      closed: () => {},
    });
    host.appEl.append(made.el);
    made.print(consoleWelcome());
    made.print(backlog, 'event');
    if (uiMode(host.state) === 'my-turn' && host.state.game) made.print(consoleAnswer('legal', host.state).lines);
    c = made;
  }
  c.open(consolePrompt(host.state));
  return c;
}
