// The console's panel: a log and a line to type in, over the bottom of the page. It
// keeps its own lines (they are not game state); app.ts decides what they say.

import { h } from '../../ui/dom';
import { consoleWords as w } from '../../i18n/console';

/** Lines kept in the log. */
export const CONSOLE_KEEP = 300;

export interface ConsoleHandlers {
  run(line: string): void;
  closed(): void;
}

export class ConsoleView {
  readonly el: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly promptEl: HTMLElement;
  private readonly history: string[] = [];
  private back = 0;
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly handlers: ConsoleHandlers) {
    this.log = h('div', { class: 'console-log', 'data-testid': 'console-log', role: 'log', 'aria-live': 'polite' });
    this.promptEl = h('span', { class: 'console-prompt', 'aria-hidden': 'true' });
    this.input = h('input', {
      type: 'text',
      class: 'console-input',
      'data-testid': 'console-input',
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
    });
    const form = h('form', { class: 'console-line' }, this.promptEl, this.input);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const line = this.input.value;
      this.input.value = '';
      if (line.trim() !== '') this.history.push(line);
      this.back = 0;
      this.handlers.run(line);
    });
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.el = h('section', { class: 'console', 'data-testid': 'console', hidden: true }, this.log, form);
    this.relabel();
  }

  /** Its labels, in the language in use (again after a change of language; open() does it too). */
  relabel(): void {
    this.el.setAttribute('aria-label', w('label'));
    this.input.setAttribute('aria-label', w('command'));
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  open(prompt: string): void {
    this.relabel();
    this.setPrompt(prompt);
    if (!this.isOpen) {
      this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      this.el.hidden = false;
    }
    this.input.focus();
    this.log.scrollTop = this.log.scrollHeight;
  }

  close(): void {
    if (!this.isOpen) return;
    this.el.hidden = true;
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back && back.isConnected && back.closest('[hidden]') === null) back.focus();
    this.handlers.closed();
  }

  setPrompt(prompt: string): void {
    if (this.promptEl.textContent !== prompt) this.promptEl.textContent = prompt;
  }

  print(lines: readonly string[], kind: 'out' | 'echo' | 'event' = 'out'): void {
    for (const text of lines) this.log.append(h('p', { class: `console-${kind}` }, text));
    while (this.log.childElementCount > CONSOLE_KEEP) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  clear(): void {
    this.log.replaceChildren();
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.close();
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      // The lines typed before, as in a shell.
      e.preventDefault();
      this.back = Math.max(0, Math.min(this.history.length, this.back + (e.key === 'ArrowUp' ? 1 : -1)));
      this.input.value = this.back === 0 ? '' : (this.history[this.history.length - this.back] ?? '');
    }
  }
}
