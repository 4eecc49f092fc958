// The dialogs of playing with people (name, code, blocked user, private table created,
// block/mute/favorite, concede, new game, messages) and the question "Ada challenges you
// to a game of Hearts.", over the rest. Focus goes into each, and back when it closes.

import { MAX_NAME_CHARS } from '../game/names';
import { challengeTerms } from '../game/rules-words';
import type { Profile, RelationKind } from '../net/types';
import { hasRelation, joinLink, type IncomingChallenge, type Prompt } from '../state/social';
import { askedChallenge, inGameWithPeople, type AppState } from '../state/state';
import { h, setAttrs, setText, show, trapFocus } from '../ui/dom';
import { profileDetails, ratingLine, whose } from './profile-view';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

export { playerRatingText } from './profile-view';

export const BLOCK_MUTE_FAVORITE =
  'If you mute a player you won’t see any messages they send during a game. ' +
  'If you block a player they can no longer challenge you to a game or join a table you are at. ' +
  'If you favorite a player, they’ll have a little heart to remind you how awesome they are!';

/** "This table has a player (Bob) that you have blocked previously (...)". */
export function blockedQuestionText(names: string): string {
  const who = names ? `a player (${names})` : 'a player';
  return `This table has ${who} that you have blocked previously (perhaps under another name). Are you sure you want to join it?`;
}

/** "Ada challenges you to a game of Hearts." */
export function challengeQuestionText(name: string): string {
  return `${name} challenges you to a game of Hearts.`;
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

export class DialogsView {
  readonly promptEl: HTMLElement;
  /** "Ada challenges you to a game of Hearts." (over everything but the connection messages). */
  readonly challengeEl: HTMLElement;
  private readonly promptPanel: HTMLElement;
  private promptKey = '';
  /** The profile drawn in the player's dialog (it is drawn again when another comes). */
  private shownProfile: Profile | null = null;
  private promptReturnFocus: HTMLElement | null = null;
  private readonly challengePanel: HTMLElement;
  private challengeKey = '';
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
    if (key !== this.challengeKey) {
      if (this.challengeKey === '') {
        this.challengeReturnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      this.challengeKey = key;
      setAttrs(this.challengeEl, { 'data-table': c.table });
      this.challengePanel.replaceChildren(...this.challengeContent(c, playing, more));
      this.challengePanel.querySelector<HTMLElement>('.primary')?.focus();
    }
  }

  private challengeContent(c: IncomingChallenge, playing: boolean, more: number): HTMLElement[] {
    const hs = this.handlers;
    const who = h('strong', { 'data-testid': 'challenge-from' }, c.from.name);
    const parts: (HTMLElement | null)[] = [
      h('h2', { id: 'challenge-title', 'data-testid': 'challenge-text' }, who, ' challenges you to a game of Hearts.'),
      h('p', { id: 'challenge-terms', class: 'terms', 'data-testid': 'challenge-terms' }, challengeTerms(c.rules, c.timer)),
      playing
        ? h('p', { class: 'hint', 'data-testid': 'challenge-busy' }, 'You are in the middle of a game: finish it (or concede it) to accept.')
        : null,
      more > 0
        ? h('p', { class: 'hint', 'data-testid': 'challenge-more' }, `${more} more challenge${more === 1 ? '' : 's'} after this one.`)
        : null,
      h(
        'div',
        { class: 'buttons' },
        playing
          ? button('challenge-later', 'Later', () => hs.challengeLater(), 'primary')
          : button('challenge-accept', 'Accept', () => hs.acceptChallenge(c.table), 'primary'),
        button('challenge-decline', 'Decline', () => hs.declineChallenge(c.table)),
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
    if (key !== this.promptKey) {
      if (this.promptKey === '') {
        this.promptReturnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      this.promptKey = key;
      this.shownProfile = null;
      setAttrs(this.promptEl, { 'data-prompt': p.kind === 'message' ? p.id : p.kind, 'aria-labelledby': 'prompt-title' });
      this.promptPanel.replaceChildren(...this.promptContent(p, s));
      const focus =
        this.promptPanel.querySelector<HTMLElement>('input[type="text"]') ??
        this.promptPanel.querySelector<HTMLElement>('.primary') ??
        this.promptPanel.querySelector<HTMLElement>('button');
      focus?.focus();
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
    const cancel = (): HTMLButtonElement => button('prompt-cancel', 'Cancel', () => hs.closePrompt());
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
          h('label', { id: 'name-help', for: 'name-input' }, 'Please enter a name to display to other players'),
          input,
          errorLine(),
          buttons(h('button', { type: 'submit', class: 'primary', 'data-testid': 'name-ok', 'data-busy-aware': true }, 'OK'), cancel()),
        );
        input.id = 'name-input';
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          hs.submitName(input.value);
        });
        return [title('Enter your name'), form];
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
          h('label', { for: 'code-input' }, 'Please enter the code for the table:'),
          input,
          errorLine(),
          buttons(h('button', { type: 'submit', class: 'primary', 'data-testid': 'code-ok', 'data-busy-aware': true }, 'Join'), cancel()),
        );
        form.addEventListener('submit', (e) => {
          e.preventDefault();
          hs.submitJoinCode(input.value);
        });
        return [title('Join private table'), form];
      }
      case 'confirm-blocked':
        return [
          title('Join table with blocked user?'),
          // The server's reason names the person; the lobby's entry lets this page name them.
          h('p', { 'data-testid': 'blocked-text' }, p.names || !p.reason ? blockedQuestionText(p.names) : p.reason),
          buttons(
            button('blocked-yes', 'Yes, join', () => hs.confirmBlocked(p.table), 'primary'),
            button('blocked-no', 'No', () => hs.closePrompt()),
          ),
        ];
      case 'private-created': {
        const link = joinLink(hs.origin(), p.code);
        const linkInput = h('input', { type: 'text', readonly: true, value: link, 'data-testid': 'private-link', 'aria-label': 'Join link' });
        linkInput.addEventListener('focus', () => linkInput.select());
        return [
          title('Private table created'),
          h('p', {}, 'The code for the table is:'),
          h('p', { class: 'big-code', 'data-testid': 'private-code' }, p.code),
          h(
            'p',
            {},
            'Give that code to whoever you want to play with, they can use it to join. Or send the link below to them, if they click it they’ll join automatically:',
          ),
          h('div', { class: 'link-row' }, linkInput, button('copy-link', 'Copy link', () => hs.copyText(link))),
          buttons(button('prompt-ok', 'OK', () => hs.closePrompt(), 'primary')),
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
              h('h3', {}, 'Block, mute, favorite'),
              h('p', { class: 'hint' }, BLOCK_MUTE_FAVORITE),
              h(
                'fieldset',
                { class: 'relations' },
                h('legend', { class: 'sr-only' }, `Your settings for ${p.name}`),
                toggle('block', 'Block'),
                toggle('mute', 'Mute'),
                toggle('favorite', 'Favorite ♥'),
              ),
              h(
                'div',
                { class: 'challenge-row' },
                button('challenge-player', 'Challenge to a game', () => hs.challenge(p.player, p.name), 'challenge-button'),
                h('p', { class: 'hint', 'data-testid': 'challenge-after-game', hidden: true }, `You can challenge ${p.name} when this game is over.`),
                errorLine(),
              ),
            ];
        return [
          h('h2', { id: 'prompt-title', class: 'player-name', 'data-testid': 'player-name' }, p.name),
          mine ? h('p', { class: 'hint', 'data-testid': 'player-you' }, 'Your profile: what others see when they open your name.') : null,
          h('p', { class: 'player-rating', 'data-testid': 'player-rating', 'aria-live': 'polite' }),
          h('div', { class: 'profile', 'data-testid': 'player-profile' }),
          ...others,
          buttons(button('prompt-ok', 'Done', () => hs.closePrompt(), 'primary')),
        ].filter((e): e is HTMLElement => e !== null);
      }
      case 'concede':
        return [
          title('Concede'),
          h('p', {}, 'Are you sure you want to concede the game?'),
          h('p', { class: 'hint' }, 'A computer player takes your seat for the rest of the game, and you leave the table.'),
          buttons(
            button('concede-yes', 'Yes, concede', () => hs.confirmConcede(), 'primary'),
            button('concede-no', 'No', () => hs.closePrompt()),
          ),
        ];
      case 'new-game':
        return [
          title('Start a new game?'),
          h('p', {}, 'The game you are playing stays unfinished.'),
          buttons(
            button('new-game-yes', 'New game', () => hs.confirmNewGame(), 'primary'),
            button('new-game-no', 'Keep playing', () => hs.closePrompt()),
          ),
        ];
      case 'message':
        return [
          title(p.title),
          ...p.lines.map((line) => h('p', {}, line)),
          buttons(
            ...(p.id === 'inactivity' ? [button('prompt-multiplayer', 'Multiplayer', () => hs.promptMultiplayer(), 'primary')] : []),
            button('prompt-ok', 'OK', () => hs.closePrompt(), p.id === 'inactivity' ? '' : 'primary'),
          ),
        ];
    }
  }
}
