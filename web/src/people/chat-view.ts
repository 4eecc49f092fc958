// The chat: a column on wide screens, a drawer on narrow ones. Every name and message
// goes in as text, never as markup.

import { peopleWords as w } from '../i18n/people';
import { language } from '../i18n/words';
import { MAX_CHAT_LENGTH, isFavorite, visibleChat } from '../state/social';
import type { AppState } from '../state/state';
import { h, setAttrs, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button, heart, onNameClick, onNameKey } from './view-bits';

export class ChatView {
  readonly chatEl: HTMLElement;
  private readonly chatForm: HTMLFormElement;
  private readonly chatReadOnly: HTMLElement;
  private readonly chatLog: HTMLElement;
  private readonly chatInput: HTMLInputElement;
  private readonly chatError: HTMLElement;
  private readonly chatTitle: HTMLElement;
  private readonly sendButton: HTMLElement;
  private readonly closeButton: HTMLButtonElement;
  /** The lines in the chat log, by key, and the relations (and language) they were drawn with. */
  private chatShown: string[] = [];
  private chatRelations = '';

  constructor(private readonly handlers: SocialHandlers) {
    // ---- the chat ----
    this.chatLog = h('div', {
      class: 'chat-log',
      'data-testid': 'chat-log',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': w('chatMessages'),
      tabindex: 0,
    });
    this.chatInput = h('input', {
      type: 'text',
      'data-testid': 'chat-input',
      placeholder: w('chatPlaceholder'),
      'aria-label': w('chatMessage'),
      maxlength: MAX_CHAT_LENGTH,
      autocomplete: 'off',
    });
    this.chatError = h('p', { class: 'chat-error', 'data-testid': 'chat-error', role: 'alert', hidden: true });
    this.chatReadOnly = h('p', { class: 'chat-read-only', 'data-testid': 'chat-read-only', hidden: true }, w('chatReadOnly'));
    this.sendButton = h('button', { type: 'submit', 'data-testid': 'chat-send', class: 'primary' }, w('send'));
    const form = h('form', { class: 'chat-form' }, this.chatInput, this.sendButton);
    this.chatForm = form;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.chatInput.value;
      if (text.trim() !== '' && handlers.sendChat(text.trim())) this.chatInput.value = '';
    });
    this.chatTitle = h('h2', { id: 'chat-title' }, w('chat'));
    this.closeButton = button('chat-close', '×', () => handlers.toggleChat(false), 'close');
    this.closeButton.setAttribute('aria-label', w('closeChat'));
    this.chatEl = h(
      'aside',
      { class: 'chat', 'data-testid': 'chat', 'aria-labelledby': 'chat-title', hidden: true },
      h('div', { class: 'chat-head' }, this.chatTitle, this.closeButton),
      this.chatLog,
      this.chatReadOnly,
      this.chatError,
      form,
    );
    this.chatLog.addEventListener('click', (e) => onNameClick(this.handlers, e));
    this.chatLog.addEventListener('keydown', (e) => onNameKey(this.handlers, e));
  }

  renderChat(s: AppState, people: boolean): void {
    show(this.chatEl, people);
    const watching = s.social.table?.info.watching === true;
    show(this.chatForm, !watching);
    show(this.chatReadOnly, watching);
    setAttrs(this.chatEl, { 'data-open': s.social.chatOpen ? 'true' : null });
    if (!people) return;
    this.relabel();
    setText(this.chatError, s.social.chatError ?? '');
    show(this.chatError, s.social.chatError !== null);
    const lines = visibleChat(s.social);
    const keys = lines.map((c) => `${c.at}|${c.player}|${c.text}`);
    const relations = JSON.stringify([s.social.relations.favorite, s.social.relations.mute, s.social.player, language()]);
    const shown = this.chatShown;
    const grows = relations === this.chatRelations && shown.length > 0 && shown.every((k, i) => keys[i] === k);
    if (grows && keys.length === shown.length) return;
    if (keys.length === 0 && shown.length === 0 && relations === this.chatRelations) return;
    const me = s.social.player;
    const line = (c: (typeof lines)[number]): HTMLElement => {
      const clickable = c.player !== me;
      return h(
        'p',
        { class: `chat-line${c.player === me ? ' mine' : ''}`, 'data-testid': 'chat-line' },
        h(
          'span',
          {
            class: `who${clickable ? ' clickable' : ''}`,
            'data-testid': 'chat-name',
            'data-player': clickable ? c.player : null,
            'data-name': clickable ? c.name : null,
            role: clickable ? 'button' : null,
            tabindex: clickable ? 0 : null,
          },
          c.name,
        ),
        heart(isFavorite(s.social.relations, c.player)),
        ': ',
        h('span', { class: 'text', 'data-testid': 'chat-text' }, c.text),
      );
    };
    // New lines are appended (a screen reader reads only them); anything else redraws.
    if (grows) this.chatLog.append(...lines.slice(shown.length).map(line));
    else {
      this.chatLog.replaceChildren(
        ...(lines.length === 0 ? [h('p', { class: 'hint' }, w('noMessages'))] : lines.map(line)),
      );
    }
    this.chatShown = keys;
    this.chatRelations = relations;
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  /** The chat's own words, in the language in use. */
  private relabel(): void {
    setAttrs(this.chatLog, { 'aria-label': w('chatMessages') });
    setAttrs(this.chatInput, { placeholder: w('chatPlaceholder'), 'aria-label': w('chatMessage') });
    setText(this.chatReadOnly, w('chatReadOnly'));
    setText(this.sendButton, w('send'));
    setText(this.chatTitle, w('chat'));
    setAttrs(this.closeButton, { 'aria-label': w('closeChat') });
  }
}
