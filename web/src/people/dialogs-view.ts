// The dialogs of playing with people (name, code, blocked user, private table created,
// block/mute/favorite, concede, new game, messages) and the question "Ada challenges you
// to a game of Hearts.", over the rest. Focus goes into each, and back when it closes.

import { MAX_NAME_CHARS } from '../game/names';
import { challengeTerms } from '../game/rules-words';
import { peopleWords as w } from '../i18n/people';
import { language } from '../i18n/words';
import type { Profile, RelationKind } from '../net/types';
import { hasRelation, joinLink, type IncomingChallenge, type Prompt } from '../state/social';
import { askedChallenge, inGameWithPeople, type AppState } from '../state/state';
import { h, setAttrs, setText, show, trapFocus } from '../ui/dom';
import { profileDetails, ratingLine, whose } from './profile-view';
import type { SocialHandlers } from './social-words';
import { button, withParts } from './view-bits';

export { playerRatingText } from './profile-view';

/** What muting, blocking and favoriting a player do, in the language in use. */
export function blockMuteFavoriteText(): string {
  return w('blockMuteFavoriteText');
}

/** "This table has a player (Bob) that you have blocked previously (...)". */
export function blockedQuestionText(names: string): string {
  return names ? w('blockedQuestion', { names }) : w('blockedQuestionAnyone');
}

/** "Ada challenges you to a game of Hearts." */
export function challengeQuestionText(name: string): string {
  return w('challengeQuestion', { name });
}

/** What identifies a dialog's content: a new key rebuilds it (and moves focus into it). */
function promptKey(p: Prompt): string {
  switch (p.kind) {
    case 'name':
    case 'join-code':
    case 'concede':
    case 'new-game':
      return p.kind;
    case 'confirm-blocked':
      return `${p.kind}:${p.table}:${p.names}`;
    case 'private-created':
      return `${p.kind}:${p.code}`;
    case 'player':
      return `${p.kind}:${p.player}`;
    case 'message':
      return `${p.kind}:${p.id}:${p.title}:${p.lines.join('|')}`;
  }
}

/** The test id of the focused element when it is in `panel`, else null. */
function focusedId(panel: HTMLElement): string | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && panel.contains(el) ? (el.dataset['testid'] ?? null) : null;
}

/** Focuses the element of `panel` with test id `id` (the one focused before it was drawn again). */
function refocus(panel: HTMLElement, id: string | null): void {
  if (id !== null) panel.querySelector<HTMLElement>(`[data-testid="${id}"]`)?.focus();
}

export class DialogsView {
  readonly promptEl: HTMLElement;
  /** "Ada challenges you to a game of Hearts." (over everything but the connection messages). */
  readonly challengeEl: HTMLElement;
  private readonly promptPanel: HTMLElement;
  /** What the open dialog was drawn from, and in which language (a change of language draws it again). */
  private promptKey = '';
  private promptLang = '';
  /** The profile drawn in the player's dialog (it is drawn again when another comes). */
  private shownProfile: Profile | null = null;
  private promptReturnFocus: HTMLElement | null = null;
  private readonly challengePanel: HTMLElement;
  private challengeKey = '';
  private challengeLang = '';
  private challengeReturnFocus: HTMLElement | null = null;

  constructor(private readonly handlers: SocialHandlers) {
    // ---- dialogs ----
    this.promptPanel = h('div', { class: 'panel' });
    this.promptEl = h(
      'div',
      { class: 'overlay prompt', 'data-testid': 'prompt', role: 'dialog', 'aria-modal': 'true', hidden: true },
      this.promptPanel,
    );
    this.challengePanel = h('div', { class: 'panel' });
    this.challengeEl = h(
      'div',
      {
        class: 'overlay prompt challenge',
        'data-testid': 'challenge',
        role: 'alertdialog',
        'aria-modal': 'true',
        'aria-labelledby': 'challenge-title',
        'aria-describedby': 'challenge-terms',
        hidden: true,
      },
      this.challengePanel,
    );
    this.challengeEl.addEventListener('keydown', (e) => trapFocus(this.challengePanel, e));
    this.promptEl.addEventListener('keydown', (e) => {
      trapFocus(this.promptPanel, e);
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        handlers.closePrompt();
      }
    });
  }

  // ---- "Ada challenges you to a game of Hearts." ----

  renderChallenge(s: AppState): void {
    const c = askedChallenge(s);
    show(this.challengeEl, c !== null);
    if (c === null) {
      if (this.challengeKey !== '') {
        this.challengeKey = '';
        this.challengePanel.replaceChildren();
        const back = this.challengeReturnFocus;
        this.challengeReturnFocus = null;
        if (back && back.isConnected && !back.hidden) back.focus();
      }
      return;
    }
    const playing = inGameWithPeople(s);
    const more = s.social.challenges.length - 1;
    const key = JSON.stringify([c, playing, more]);
    const fresh = key !== this.challengeKey;
    if (fresh || this.challengeLang !== language()) {
      if (this.challengeKey === '') {
        this.challengeReturnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      // The same question in another language keeps the focus where it was (on the same button).
      const focused = focusedId(this.challengePanel);
      this.challengeKey = key;
      this.challengeLang = language();
      setAttrs(this.challengeEl, { 'data-table': c.table });
      this.challengePanel.replaceChildren(...this.challengeContent(c, playing, more));
      if (fresh) this.challengePanel.querySelector<HTMLElement>('.primary')?.focus();
      else refocus(this.challengePanel, focused);
    }
  }

  private challengeContent(c: IncomingChallenge, playing: boolean, more: number): HTMLElement[] {
    const hs = this.handlers;
    const who = h('strong', { 'data-testid': 'challenge-from' }, c.from.name);
    const parts: (HTMLElement | null)[] = [
      h('h2', { id: 'challenge-title', 'data-testid': 'challenge-text' }, ...withParts(w('challengeQuestion', { name: '{name}' }), { name: who })),
      h('p', { id: 'challenge-terms', class: 'terms', 'data-testid': 'challenge-terms' }, challengeTerms(c.rules, c.timer)),
      playing
        ? h('p', { class: 'hint', 'data-testid': 'challenge-busy' }, w('challengeBusy'))
        : null,
      more > 0
        ? h('p', { class: 'hint', 'data-testid': 'challenge-more' }, w('moreChallenges', { n: more }))
        : null,
      h(
        'div',
        { class: 'buttons' },
        playing
          ? button('challenge-later', w('later'), () => hs.challengeLater(), 'primary')
          : button('challenge-accept', w('accept'), () => hs.acceptChallenge(c.table), 'primary'),
        button('challenge-decline', w('decline'), () => hs.declineChallenge(c.table)),
      ),
    ];
    return parts.filter((e): e is HTMLElement => e !== null);
  }

  // ---- dialogs ----

  renderPrompt(s: AppState): void {
    const p = s.social.prompt;
    show(this.promptEl, p !== null);
    if (p === null) {
      if (this.promptKey !== '') {
        this.promptKey = '';
        this.promptPanel.replaceChildren();
        const back = this.promptReturnFocus;
        this.promptReturnFocus = null;
        if (back && back.isConnected && !back.hidden) back.focus();
      }
      return;
    }
    const key = promptKey(p);
    const fresh = key !== this.promptKey;
    if (fresh || this.promptLang !== language()) {
      if (this.promptKey === '') {
        this.promptReturnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      // The same dialog in another language keeps what was typed in it, and the focus.
      const typed = this.promptPanel.querySelector<HTMLInputElement>('input[type="text"]:not([readonly])')?.value;
      const focused = focusedId(this.promptPanel);
      this.promptKey = key;
      this.promptLang = language();
      this.shownProfile = null;
      setAttrs(this.promptEl, { 'data-prompt': p.kind === 'message' ? p.id : p.kind, 'aria-labelledby': 'prompt-title' });
      this.promptPanel.replaceChildren(...this.promptContent(p, s));
      if (fresh) {
        const focus =
          this.promptPanel.querySelector<HTMLElement>('input[type="text"]') ??
          this.promptPanel.querySelector<HTMLElement>('.primary') ??
          this.promptPanel.querySelector<HTMLElement>('button');
        focus?.focus();
      } else {
        const input = this.promptPanel.querySelector<HTMLInputElement>('input[type="text"]:not([readonly])');
        if (input && typed !== undefined) input.value = typed;
        refocus(this.promptPanel, focused);
      }
    }
    // What changes while a dialog stays open: the error line, busy buttons, the toggles.
    const error = this.promptPanel.querySelector<HTMLElement>('[data-testid="prompt-error"]');
    if (error && (p.kind === 'name' || p.kind === 'join-code' || p.kind === 'player')) {
      setText(error, p.error ?? '');
      show(error, (p.error ?? null) !== null);
    }
    const busy = s.social.request !== null && s.social.request !== 'relation' && s.social.request !== 'chat';
    for (const b of this.promptPanel.querySelectorAll<HTMLButtonElement>('button[data-busy-aware]')) b.disabled = busy;
    if (p.kind === 'player') {
      for (const input of this.promptPanel.querySelectorAll<HTMLInputElement>('input[data-relation]')) {
        input.checked = hasRelation(s.social.relations, input.dataset['relation'] as RelationKind, p.player);
      }
      const challenge = this.promptPanel.querySelector<HTMLButtonElement>('[data-testid="challenge-player"]');
      const playing = inGameWithPeople(s);
      if (challenge) challenge.disabled = busy || playing;
      const later = this.promptPanel.querySelector<HTMLElement>('[data-testid="challenge-after-game"]');
      if (later) show(later, playing);
      const profile = s.social.profile?.player === p.player ? s.social.profile : null;
      const rating = this.promptPanel.querySelector<HTMLElement>('[data-testid="player-rating"]');
      const details = this.promptPanel.querySelector<HTMLElement>('[data-testid="player-profile"]');
      if (rating && details && profile !== this.shownProfile) {
        this.shownProfile = profile;
        // The line is a live region: it stays, and what it says changes.
        rating.replaceChildren(...ratingLine(profile));
        details.replaceChildren(...profileDetails(profile, whose(p.name, p.player === s.social.player)));
      }
    }
  }

  private promptContent(p: Prompt, s: AppState): HTMLElement[] {
    const hs = this.handlers;
    const title = (text: string): HTMLElement => h('h2', { id: 'prompt-title' }, text);
    const buttons = (...b: HTMLElement[]): HTMLElement => h('div', { class: 'buttons' }, ...b);
    const cancel = (): HTMLButtonElement => button('prompt-cancel', w('cancel'), () => hs.closePrompt());
    const errorLine = (): HTMLElement => h('p', { class: 'form-error', 'data-testid': 'prompt-error', role: 'alert', hidden: true });
    switch (p.kind) {
      case 'name': {
        const input = h('input', {
          type: 'text',
          name: 'name',
          'data-testid': 'name-input',
          maxlength: 2 * MAX_NAME_CHARS, // UTF-16 units: an emoji is two
          autocomplete: 'nickname',
          'aria-describedby': 'name-help',
          value: s.social.name ?? '',
        });
        const form = h(
          'form',
          { class: 'prompt-form' },
          h('label', { id: 'name-help', for: 'name-input' }, w('nameLabel')),
          input,
          errorLine(),
          buttons(h('button', { type: 'submit', class: 'primary', 'data-testid': 'name-ok', 'data-busy-aware': true }, w('ok')), cancel()),
        );
        input.id = 'name-input';
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          hs.submitName(input.value);
        });
        return [title(w('nameTitle')), form];
      }
      case 'join-code': {
        const input = h('input', {
          type: 'text',
          name: 'code',
          id: 'code-input',
          'data-testid': 'code-input',
          autocomplete: 'off',
          autocapitalize: 'none',
          spellcheck: 'false',
          maxlength: 200,
        });
        const form = h(
          'form',
          { class: 'prompt-form' },
          h('label', { for: 'code-input' }, w('codeLabel')),
          input,
          errorLine(),
          buttons(h('button', { type: 'submit', class: 'primary', 'data-testid': 'code-ok', 'data-busy-aware': true }, w('join')), cancel()),
        );
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          hs.submitJoinCode(input.value);
        });
        return [title(w('joinPrivate')), form];
      }
      case 'confirm-blocked':
        return [
          title(w('blockedQuestionTitle')),
          // The server's reason names the person; the lobby's entry lets this page name them.
          h('p', { 'data-testid': 'blocked-text' }, p.names || !p.reason ? blockedQuestionText(p.names) : p.reason),
          buttons(
            button('blocked-yes', w('yesJoin'), () => hs.confirmBlocked(p.table), 'primary'),
            button('blocked-no', w('no'), () => hs.closePrompt()),
          ),
        ];
      case 'private-created': {
        const link = joinLink(hs.origin(), p.code);
        const linkInput = h('input', { type: 'text', readonly: true, value: link, 'data-testid': 'private-link', 'aria-label': w('joinLink') });
        linkInput.addEventListener('focus', () => linkInput.select());
        return [
          title(w('privateCreated')),
          h('p', {}, w('codeIs')),
          h('p', { class: 'big-code', 'data-testid': 'private-code' }, p.code),
          h('p', {}, w('giveCode')),
          h('div', { class: 'link-row' }, linkInput, button('copy-link', w('copyLink'), () => hs.copyText(link))),
          buttons(button('prompt-ok', w('ok'), () => hs.closePrompt(), 'primary')),
        ];
      }
      case 'player': {
        const toggle = (kind: RelationKind, label: string): HTMLElement => {
          const input = h('input', {
            type: 'checkbox',
            role: 'switch',
            'data-relation': kind,
            'data-testid': `relation-${kind}`,
            checked: hasRelation(s.social.relations, kind, p.player),
          });
          input.addEventListener('change', () => hs.setRelation(p.player, p.name, kind, input.checked));
          return h('label', { class: 'field check switch' }, input, h('span', {}, label));
        };
        // Mine is my profile only; another's has the toggles and "Challenge to a game" too,
        // disabled while I play a game with people (render keeps that current).
        const mine = p.player === s.social.player;
        const others = mine
          ? []
          : [
              h('h3', {}, w('blockMuteFavorite')),
              h('p', { class: 'hint' }, blockMuteFavoriteText()),
              h(
                'fieldset',
                { class: 'relations' },
                h('legend', { class: 'sr-only' }, w('settingsFor', { name: p.name })),
                toggle('block', w('block')),
                toggle('mute', w('mute')),
                toggle('favorite', w('favoriteToggle')),
              ),
              h(
                'div',
                { class: 'challenge-row' },
                button('challenge-player', w('challengeToGame'), () => hs.challenge(p.player, p.name), 'challenge-button'),
                h('p', { class: 'hint', 'data-testid': 'challenge-after-game', hidden: true }, w('challengeAfterGame', { name: p.name })),
                errorLine(),
              ),
            ];
        return [
          h('h2', { id: 'prompt-title', class: 'player-name', 'data-testid': 'player-name' }, p.name),
          mine ? h('p', { class: 'hint', 'data-testid': 'player-you' }, w('yourProfile')) : null,
          h('p', { class: 'player-rating', 'data-testid': 'player-rating', 'aria-live': 'polite' }),
          h('div', { class: 'profile', 'data-testid': 'player-profile' }),
          ...others,
          buttons(button('prompt-ok', w('done'), () => hs.closePrompt(), 'primary')),
        ].filter((e): e is HTMLElement => e !== null);
      }
      case 'concede':
        return [
          title(w('concede')),
          h('p', {}, w('concedeSure')),
          h('p', { class: 'hint' }, w('concedeHint')),
          buttons(
            button('concede-yes', w('yesConcede'), () => hs.confirmConcede(), 'primary'),
            button('concede-no', w('no'), () => hs.closePrompt()),
          ),
        ];
      case 'new-game':
        return [
          title(w('newGameTitle')),
          h('p', {}, w('newGameText')),
          buttons(
            button('new-game-yes', w('newGame'), () => hs.confirmNewGame(), 'primary'),
            button('new-game-no', w('keepPlaying'), () => hs.closePrompt()),
          ),
        ];
      case 'message':
        return [
          title(p.title),
          ...p.lines.map((line) => h('p', {}, line)),
          buttons(
            ...(p.id === 'inactivity' ? [button('prompt-multiplayer', w('multiplayer'), () => hs.promptMultiplayer(), 'primary')] : []),
            button('prompt-ok', w('ok'), () => hs.closePrompt(), p.id === 'inactivity' ? '' : 'primary'),
          ),
        ];
    }
  }
}
