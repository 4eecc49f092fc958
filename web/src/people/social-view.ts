// Drawing playing with people: the lobby, the waiting room, the bar above a table with
// people (code, turn timer, concede, "take my seat back"), the chat, the question to
// turn off the timer, the dialogs (name, code, blocked user, private table created,
// block/mute/favorite, concede, messages), the lines under a hand's or game's result,
// and challenges (the button in a person's panel, the lobby's favorites, the question
// "Ada challenges you to a game of Hearts.", the challenger's waiting room).
//
// Every name and chat message goes in as text (`h`, `setText`), never as markup.
//
// Its chunk (render-social.ts; render.ts, SOCIAL_PART) also brings the handling of the
// same things (social-control.ts), which a solo game needs no more than their drawing.

import { listWords } from '../game/a11y';
import { h, setAttrs, setText, show, trapFocus } from '../ui/dom';
import {
  SEATS,
  type ChallengeInfo,
  type LobbyEntry,
  type RelationKind,
  type Relations,
  type Seat,
  type TableInfo,
  type View,
} from '../net/types';
import {
  MAX_CHAT_LENGTH,
  amAway,
  amHost,
  blockedNames,
  freeSeats,
  hasBlockedPlayer,
  hasRelation,
  humanSeats,
  isFavorite,
  isPeopleTable,
  joinLink,
  seatName,
  seatOf,
  seatStatus,
  timerQuestion,
  timerSeconds,
  timerWords,
  visibleChat,
  watchLink,
  type IncomingChallenge,
  type Prompt,
} from '../state/social';
import { MAX_NAME_CHARS } from '../game/names';
import { challengeTerms, rulesSummary } from '../game/rules-words';
import { timerQuestionText } from './control-words';
import { STATUS_WORDS, type SocialHandlers } from './social-words';
import { askedChallenge, atPeopleTable, inGameWithPeople, type AppState } from '../state/state';

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

/** The waiting room's line about the challenge it was opened for, as the host or another person sees it. */
export function challengeRoomText(c: ChallengeInfo, host: boolean, hostName: string): string {
  if (c.state === 'declined') return host ? `${c.name} declined your challenge.` : `${c.name} declined the challenge.`;
  return host ? `Waiting for ${c.name} to answer your challenge…` : `Waiting for ${c.name} to answer ${hostName}’s challenge…`;
}

function button(testid: string, text: string, onClick: () => void, cls = ''): HTMLButtonElement {
  const b = h('button', { type: 'button', 'data-testid': testid, class: cls || null }, text);
  b.addEventListener('click', onClick);
  return b;
}

/** A favorite's little heart, or nothing. */
function heart(on: boolean): HTMLElement | null {
  return on ? h('span', { class: 'fav', title: 'Favorite', 'aria-label': '(favorite)' }, '♥') : null;
}

export class SocialView {
  /** The bar above a table with people. */
  readonly barEl: HTMLElement;
  readonly lobbyEl: HTMLElement;
  readonly roomEl: HTMLElement;
  readonly chatEl: HTMLElement;
  readonly promptEl: HTMLElement;
  /** "Ada challenges you to a game of Hearts." (over everything but the connection messages). */
  readonly challengeEl: HTMLElement;
  readonly timerVoteEl: HTMLElement;
  /** Lines under the result of a hand or game at a table with people. */
  readonly resultEl: HTMLElement;

  private readonly barKind: HTMLElement;
  private readonly barCode: HTMLElement;
  private readonly barTimer: HTMLElement;
  private readonly timerOffButton: HTMLButtonElement;
  private readonly timerVoted: HTMLElement;
  private readonly concedeButton: HTMLButtonElement;
  private readonly chatToggle: HTMLButtonElement;
  // Spectators (docs/protocol.md): who watches, the watcher's own line, and the players' say.
  private readonly watchersEl: HTMLElement;
  private readonly stopWatchButton: HTMLButtonElement;
  private readonly allowWatchersButton: HTMLButtonElement;
  private readonly allowHintsButton: HTMLButtonElement;
  private readonly watchLinkButton: HTMLButtonElement;
  private readonly chatForm: HTMLFormElement;
  private readonly chatReadOnly: HTMLElement;
  private readonly awayEl: HTMLElement;
  private readonly lobbyList: HTMLElement;
  private readonly lobbyName: HTMLElement;
  private readonly favoritesEl: HTMLElement;
  private readonly favoritesList: HTMLElement;
  private readonly roomTitle: HTMLElement;
  private readonly roomCode: HTMLElement;
  private readonly roomChallenge: HTMLElement;
  private readonly roomSeats: HTMLElement;
  private readonly roomHint: HTMLElement;
  private readonly startButton: HTMLButtonElement;
  private readonly chatLog: HTMLElement;
  private readonly chatInput: HTMLInputElement;
  private readonly chatError: HTMLElement;
  private readonly promptPanel: HTMLElement;
  private readonly timerVoteText: HTMLElement;
  private readonly resultReady: HTMLElement;
  private readonly resultRematch: HTMLElement;
  private readonly rematchVotes: HTMLElement;
  private readonly rematchButton: HTMLButtonElement;
  private readonly leaveFinished: HTMLElement;
  private promptKey = '';
  private promptReturnFocus: HTMLElement | null = null;
  private readonly challengePanel: HTMLElement;
  private challengeKey = '';
  private challengeReturnFocus: HTMLElement | null = null;
  /** The lines in the chat log, by key, and the relations they were drawn with. */
  private chatShown: string[] = [];
  private chatRelations = '';
  /** What the lobby list was drawn from, and its rows by table id. */
  private lobbyShown: readonly LobbyEntry[] | null | undefined = undefined;
  private lobbyRelations: Relations | null = null;
  private lobbyRows = new Map<string, { readonly key: string; readonly el: HTMLElement }>();
  private roomKey = '';

  constructor(private readonly handlers: SocialHandlers) {
    // ---- the bar above the table ----
    this.barKind = h('span', { class: 'bar-kind', 'data-testid': 'table-kind' });
    this.barCode = h('span', { class: 'bar-code', 'data-testid': 'table-code' });
    this.barTimer = h('span', { class: 'bar-timer', 'data-testid': 'turn-timer', role: 'timer', 'aria-live': 'off' });
    this.timerOffButton = button('timer-off', 'Turn off the timer', () => handlers.timerOff());
    this.timerVoted = h('span', { class: 'bar-voted', 'data-testid': 'timer-voted' });
    this.concedeButton = button('concede', 'Concede', () => handlers.concede());
    this.chatToggle = button('chat-toggle', 'Chat', () => handlers.toggleChat(true), 'chat-toggle');
    this.watchersEl = h('span', { class: 'bar-watchers', 'data-testid': 'watchers', hidden: true });
    this.stopWatchButton = button('stop-watching', 'Stop watching', () => handlers.stopWatching());
    this.allowWatchersButton = button('allow-watchers', 'Allow watchers', () =>
      handlers.allow('watchers', this.allowWatchersButton.getAttribute('aria-pressed') !== 'true'),
    );
    this.allowHintsButton = button('allow-hints', 'Allow hints', () =>
      handlers.allow('hints', this.allowHintsButton.getAttribute('aria-pressed') !== 'true'),
    );
    this.watchLinkButton = button('copy-watch-link', 'Copy the watch link', () => {
      const code = this.watchCode;
      if (code !== null) handlers.copyText(watchLink(handlers.origin(), code));
    });
    this.awayEl = h(
      'div',
      { class: 'away-banner', 'data-testid': 'away-banner', role: 'status', hidden: true },
      h('span', {}, 'A computer player is playing for you because you ran out of time. '),
      button('reclaim', 'Take my seat back', () => handlers.reclaim(), 'primary'),
    );
    this.barEl = h(
      'div',
      { class: 'table-bar', 'data-testid': 'table-bar', hidden: true },
      h(
        'div',
        { class: 'bar-line' },
        this.barKind,
        this.barCode,
        this.barTimer,
        this.timerVoted,
        this.watchersEl,
        h(
          'span',
          { class: 'bar-actions' },
          this.allowWatchersButton,
          this.watchLinkButton,
          this.allowHintsButton,
          this.timerOffButton,
          this.concedeButton,
          this.stopWatchButton,
          this.chatToggle,
        ),
      ),
      this.awayEl,
    );

    // ---- the lobby ----
    this.lobbyName = h('p', { class: 'lobby-name', 'data-testid': 'lobby-name' });
    this.lobbyList = h('ul', { class: 'lobby-list', 'data-testid': 'lobby-tables', 'aria-label': 'Public tables' });
    this.favoritesList = h('ul', { class: 'favorites-list', 'aria-labelledby': 'favorites-title' });
    this.favoritesEl = h(
      'section',
      { class: 'favorites', 'data-testid': 'favorites', hidden: true },
      h('h3', { id: 'favorites-title' }, 'Favorites'),
      this.favoritesList,
    );
    this.favoritesList.addEventListener('click', (e) => {
      const target = (e.target as Element).closest<HTMLElement>('[data-challenge]');
      const player = target?.dataset['challenge'];
      if (target && player) handlers.challenge(player, target.dataset['name'] ?? '');
      else this.onNameClick(e);
    });
    this.favoritesList.addEventListener('keydown', (e) => this.onNameKey(e));
    this.lobbyEl = h(
      'section',
      { class: 'page lobby', 'data-testid': 'lobby', 'aria-labelledby': 'lobby-title', hidden: true },
      h(
        'div',
        { class: 'page-panel' },
        h('h2', { id: 'lobby-title' }, 'Hearts Multiplayer Lobby'),
        h('p', {}, 'Click a table to join a multiplayer game.'),
        this.lobbyName,
        h(
          'div',
          { class: 'buttons' },
          button('create-public', 'Create public table', () => handlers.createTable(false), 'primary'),
          button('create-private', 'Create private table', () => handlers.createTable(true), 'primary'),
          button('join-private', 'Join private table', () => handlers.openJoinCode()),
          button('close-lobby', 'Back', () => handlers.closeLobby()),
        ),
        this.favoritesEl,
        this.lobbyList,
      ),
    );
    this.lobbyList.addEventListener('click', (e) => {
      const watch = (e.target as Element).closest<HTMLElement>('[data-watch]')?.dataset['watch'];
      if (watch !== undefined) {
        handlers.watchTable(watch);
        return;
      }
      const target = (e.target as Element).closest<HTMLElement>('[data-table]');
      const id = target?.dataset['table'];
      const entry = this.lobbyEntries.find((t) => t.table === id);
      if (entry) handlers.joinTable(entry);
    });

    // ---- the waiting room ----
    this.roomTitle = h('h2', { id: 'room-title', 'data-testid': 'room-title' });
    this.roomCode = h('div', { class: 'room-code', 'data-testid': 'room-code' });
    this.roomChallenge = h('p', { class: 'room-challenge', 'data-testid': 'room-challenge', role: 'status', hidden: true });
    this.roomSeats = h('ol', { class: 'room-seats', 'data-testid': 'room-seats' });
    this.roomHint = h('p', { class: 'hint', 'data-testid': 'room-hint' });
    this.startButton = button('start-game', 'Start game', () => handlers.startGame(), 'primary');
    this.roomEl = h(
      'section',
      { class: 'page room', 'data-testid': 'room', 'aria-labelledby': 'room-title', hidden: true },
      h(
        'div',
        { class: 'page-panel' },
        this.roomTitle,
        this.roomChallenge,
        this.roomCode,
        this.roomSeats,
        this.roomHint,
        h('div', { class: 'buttons' }, this.startButton, button('leave-table', 'Leave table', () => handlers.leaveTable())),
      ),
    );
    this.roomSeats.addEventListener('click', (e) => this.onNameClick(e));
    this.roomSeats.addEventListener('keydown', (e) => this.onNameKey(e));

    // ---- the chat ----
    this.chatLog = h('div', {
      class: 'chat-log',
      'data-testid': 'chat-log',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': 'Chat messages',
      tabindex: 0,
    });
    this.chatInput = h('input', {
      type: 'text',
      'data-testid': 'chat-input',
      placeholder: 'What do you want to say to your opponent?',
      'aria-label': 'Chat message',
      maxlength: MAX_CHAT_LENGTH,
      autocomplete: 'off',
    });
    this.chatError = h('p', { class: 'chat-error', 'data-testid': 'chat-error', role: 'alert', hidden: true });
    this.chatReadOnly = h('p', { class: 'chat-read-only', 'data-testid': 'chat-read-only', hidden: true }, 'Watchers read the chat.');
    const form = h(
      'form',
      { class: 'chat-form' },
      this.chatInput,
      h('button', { type: 'submit', 'data-testid': 'chat-send', class: 'primary' }, 'Send'),
    );
    this.chatForm = form;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.chatInput.value;
      if (text.trim() !== '' && handlers.sendChat(text.trim())) this.chatInput.value = '';
    });
    this.chatEl = h(
      'aside',
      { class: 'chat', 'data-testid': 'chat', 'aria-labelledby': 'chat-title', hidden: true },
      h(
        'div',
        { class: 'chat-head' },
        h('h2', { id: 'chat-title' }, 'Chat'),
        button('chat-close', '×', () => handlers.toggleChat(false), 'close'),
      ),
      this.chatLog,
      this.chatReadOnly,
      this.chatError,
      form,
    );
    this.chatEl.querySelector('.close')?.setAttribute('aria-label', 'Close the chat');
    this.chatLog.addEventListener('click', (e) => this.onNameClick(e));
    this.chatLog.addEventListener('keydown', (e) => this.onNameKey(e));

    // ---- "Turn off the timer?" ----
    this.timerVoteText = h('p', { 'data-testid': 'timer-vote-text' });
    this.timerVoteEl = h(
      'div',
      { class: 'timer-vote', 'data-testid': 'timer-vote', role: 'alertdialog', 'aria-labelledby': 'timer-vote-title', hidden: true },
      h('h2', { id: 'timer-vote-title' }, 'Turn off the timer?'),
      this.timerVoteText,
      h(
        'div',
        { class: 'buttons' },
        button('timer-accept', 'Turn it off', () => handlers.timerOff(), 'primary'),
        button('timer-decline', 'Keep the timer', () => handlers.declineTimerOff()),
      ),
    );

    // ---- the result panel's lines ----
    this.resultReady = h('p', { class: 'ready-line', 'data-testid': 'ready-list', 'aria-live': 'polite' });
    this.rematchVotes = h('p', { class: 'hint', 'data-testid': 'rematch-votes', 'aria-live': 'polite' });
    this.rematchButton = button('rematch', 'Rematch', () => handlers.rematch(), 'primary');
    this.resultRematch = h(
      'div',
      { class: 'rematch', 'data-testid': 'rematch-question' },
      h('h3', {}, 'Rematch?'),
      h('p', {}, 'Would you like to play another game with the same players?'),
      h('div', { class: 'buttons' }, this.rematchButton),
      this.rematchVotes,
    );
    this.leaveFinished = h(
      'div',
      { class: 'buttons' },
      button('leave-finished', 'Back to the lobby', () => handlers.leaveFinished()),
    );
    this.resultEl = h(
      'div',
      { class: 'people-result', 'data-testid': 'people-result', hidden: true },
      this.resultReady,
      this.resultRematch,
      this.leaveFinished,
    );

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

  private lobbyEntries: readonly LobbyEntry[] = [];

  /** Clicking (or Enter on) a person's name opens "Block, mute, favorite". */
  private onNameClick(e: Event): void {
    const target = (e.target as Element).closest<HTMLElement>('[data-player]');
    const player = target?.dataset['player'];
    if (target && player) this.handlers.openPlayer(player, target.dataset['name'] ?? '');
  }

  private onNameKey(e: KeyboardEvent): void {
    if ((e.key === 'Enter' || e.key === ' ') && (e.target as Element).matches('[data-player]')) {
      e.preventDefault();
      this.onNameClick(e);
    }
  }

  render(s: AppState, view: View | null): void {
    const t = s.social.table;
    const people = isPeopleTable(t) && (s.screen === 'room' || atPeopleTable(s));
    this.renderBar(s, people);
    this.renderLobby(s);
    this.renderRoom(s);
    this.renderChat(s, people);
    this.renderTimerVote(s, people && s.screen === 'table');
    this.renderResult(s, view);
    this.renderPrompt(s);
    this.renderChallenge(s);
  }

  private renderBar(s: AppState, people: boolean): void {
    const t = s.social.table;
    show(this.barEl, people);
    if (!people || t === null) return;
    const info = t.info;
    const watching = info.watching === true;
    setText(this.barKind, watching ? 'Watching · a trick behind the table' : `${info.kind === 'private' ? 'Private' : 'Public'} table`);
    this.renderWatching(info, s.screen === 'table' && info.state === 'playing');
    setText(this.barCode, info.kind === 'private' ? `Code ${info.code}` : '');
    show(this.barCode, info.kind === 'private');
    const playing = info.state === 'playing' && s.screen === 'table';
    const secs = timerSeconds(t, s.social.now);
    let clock = '';
    if (info.timer === 0) clock = 'Timer off';
    else if (secs !== null && info.waitingFor.length > 0 && playing) {
      const who = info.waitingFor.map((w) => (w === info.you ? 'you' : seatName(info, w)));
      clock = `${secs} s · ${listWords(who)}`;
    } else clock = timerWords(info.timer);
    setText(this.barTimer, clock);
    const mine = info.you !== null && info.waitingFor.includes(info.you);
    setAttrs(this.barTimer, {
      'data-seconds': secs === null || info.timer === 0 ? null : String(secs),
      'aria-label': info.timer === 0 ? null : `Turn timer: ${clock}`,
      'data-mine': mine ? 'true' : null,
      class: `bar-timer${mine && secs !== null && secs <= 10 ? ' urgent' : ''}`,
    });
    const voted = info.you !== null && info.timerVotes.includes(info.you);
    show(this.timerOffButton, playing && info.timer > 0 && !voted && info.you !== null);
    this.timerOffButton.disabled = s.social.request === 'timer_off';
    const humans = humanSeats(info).length;
    show(this.timerVoted, playing && info.timer > 0 && voted);
    setText(this.timerVoted, voted ? `You suggested turning off the timer (${info.timerVotes.length} of ${humans} agree)` : '');
    show(this.concedeButton, playing && info.you !== null && s.game?.view.phase !== 'game_over');
    this.concedeButton.disabled = s.social.request === 'concede';
    const unread = s.social.unread;
    setText(this.chatToggle, unread > 0 ? `Chat (${unread})` : 'Chat');
    setAttrs(this.chatToggle, {
      'aria-expanded': s.social.chatOpen ? 'true' : 'false',
      'aria-label': unread > 0 ? `Chat, ${unread} new message${unread === 1 ? '' : 's'}` : 'Chat',
    });
    show(this.awayEl, s.screen === 'table' && amAway(t) && s.game?.view.phase !== 'game_over');
    const reclaim = this.awayEl.querySelector('button');
    if (reclaim) reclaim.disabled = s.social.request === 'reclaim';
  }

  /** The code of the table whose watch link the bar copies (null: none to copy). */
  private watchCode: string | null = null;

  /** Who watches my table, and what the players allow; a watcher's own buttons. */
  private renderWatching(info: TableInfo, playing: boolean): void {
    const watching = info.watching === true;
    const seated = info.you !== null && !watching;
    const names = (info.watchers ?? []).map((w) => w.name);
    const count = info.watcherCount ?? names.length;
    const more = count - names.length;
    const list = more > 0 ? [...names, `${more} more`] : names;
    setText(this.watchersEl, count === 0 ? '' : `Watching: ${listWords(list)}`);
    setAttrs(this.watchersEl, { 'aria-label': count === 0 ? null : `${count} watching: ${listWords(list)}` });
    show(this.watchersEl, count > 0);
    show(this.stopWatchButton, watching);
    const mine = info.you;
    const privateTable = info.kind === 'private' && seated && playing;
    const allowsWatchers = mine !== null && (info.watchVotes ?? []).includes(mine);
    show(this.allowWatchersButton, privateTable);
    setText(this.allowWatchersButton, allowsWatchers ? 'Watchers allowed' : 'Allow watchers');
    setAttrs(this.allowWatchersButton, {
      'aria-pressed': allowsWatchers ? 'true' : 'false',
      title: allowsWatchers
        ? `You allow watchers (${info.watchVotes?.length ?? 0} of ${humanSeats(info).length} do): click to stop`
        : 'Let people watch this game with its code, once everyone here allows it',
    });
    this.watchCode = seated && playing && info.watchable === true ? info.code : null;
    show(this.watchLinkButton, this.watchCode !== null && info.kind === 'private');
    const allowsHints = mine !== null && (info.hintVotes ?? []).includes(mine);
    // Alone with computer players, hints need nobody's leave.
    show(this.allowHintsButton, seated && playing && humanSeats(info).length > 1);
    setText(this.allowHintsButton, info.hints === true ? 'Hints on' : allowsHints ? 'Hints: waiting for the others' : 'Allow hints');
    setAttrs(this.allowHintsButton, {
      'aria-pressed': allowsHints ? 'true' : 'false',
      title: allowsHints ? 'You allow hints: click to stop' : 'Hints work here once everyone at the table allows them',
    });
  }

  private renderLobby(s: AppState): void {
    show(this.lobbyEl, s.screen === 'lobby');
    if (s.screen !== 'lobby') return;
    const social = s.social;
    this.lobbyName.replaceChildren(
      'Playing as ',
      h('strong', { 'data-testid': 'my-name' }, social.name ?? '(no name yet)'),
      ' ',
      button('change-name', 'Change name', () => this.handlers.changeName(), 'link'),
    );
    for (const b of this.lobbyEl.querySelectorAll<HTMLButtonElement>('.buttons button')) {
      b.disabled = social.request === 'create_table' || social.request === 'join';
    }
    const busy = social.request === 'challenge' || social.request === 'create_table' || social.request === 'join';
    for (const b of this.favoritesList.querySelectorAll<HTMLButtonElement>('[data-challenge]')) b.disabled = busy;
    // The listing and the relations are replaced, never changed in place: the same
    // objects mean nothing to redraw (the lobby renders on every tick of the page).
    if (social.lobby === this.lobbyShown && social.relations === this.lobbyRelations) return;
    const relationsChanged = social.relations !== this.lobbyRelations;
    const entries = social.lobby ?? [];
    this.lobbyEntries = entries;
    this.lobbyShown = social.lobby;
    this.lobbyRelations = social.relations;
    if (relationsChanged) this.renderFavorites(s);
    if (social.lobby === null || entries.length === 0) {
      this.lobbyRows.clear();
      this.lobbyList.replaceChildren(
        social.lobby === null
          ? h('li', { class: 'empty' }, 'Looking for tables…')
          : h('li', { class: 'empty', 'data-testid': 'lobby-empty' }, 'No open tables right now. Create one!'),
      );
      return;
    }
    // One row per table, kept while its entry (and what I think of its people) is the
    // same: an update redraws only the tables it changed, so the one under the pointer
    // or the keyboard focus stays put.
    const rows = entries.map((entry) => {
      const marks = entry.seats.map((x) => isFavorite(social.relations, x.player));
      const key = JSON.stringify([entry, hasBlockedPlayer(entry, social.relations), marks]);
      const known = this.lobbyRows.get(entry.table);
      const row = known !== undefined && known.key === key ? known : { key, el: this.lobbyRow(entry, s) };
      return [entry.table, row] as const;
    });
    this.lobbyRows = new Map(rows);
    // In place, moving only rows out of order: a row taken out of the page, even for a
    // moment, loses the keyboard focus.
    rows.forEach(([, row], i) => {
      const at = this.lobbyList.children[i];
      if (at !== row.el) this.lobbyList.insertBefore(row.el, at ?? null);
    });
    while (this.lobbyList.children.length > rows.length) this.lobbyList.lastElementChild?.remove();
  }

  /** One table of the lobby: its state, seats, rules, and a mark when someone I blocked sits there. */
  private lobbyRow(entry: LobbyEntry, s: AppState): HTMLElement {
    const relations = s.social.relations;
    const seats = entry.seats.map((seat, i) => {
      const status = seat.human ? 'person' : entry.state === 'waiting' && seat.name === null ? 'empty' : 'computer';
      const name = seat.human ? (seat.name ?? '?') : status === 'empty' ? 'empty' : `${seat.name ?? 'Computer'} (computer)`;
      return h(
        'li',
        { class: `lobby-seat ${status}`, 'data-seat': SEATS[i] ?? null },
        name,
        heart(seat.human && isFavorite(relations, seat.player)),
      );
    });
    const state =
      entry.state === 'waiting'
        ? `Waiting for players · ${freeSeats(entry)} free seat${freeSeats(entry) === 1 ? '' : 's'}`
        : entry.state === 'playing'
          ? 'Playing · join between hands'
          : 'Finished';
    const label = `${state}. Players: ${entry.seats.map((x) => (x.human ? (x.name ?? '?') : 'free')).join(', ')}`;
    const blocked = hasBlockedPlayer(entry, relations);
    return h(
      'li',
      {},
      h(
        'button',
        {
          type: 'button',
          class: `lobby-table${blocked ? ' blocked' : ''}`,
          'data-testid': 'lobby-table',
          'data-table': entry.table,
          'data-state': entry.state,
          'data-blocked': blocked ? 'true' : null,
          'aria-label': `Join table: ${label}${blocked ? '. You blocked a player here' : ''}`,
        },
        h('span', { class: 'lobby-state' }, state),
        h('ul', { class: 'lobby-seats' }, ...seats),
        h('span', { class: 'lobby-rules' }, `${rulesSummary(entry.rules)} · ${timerWords(entry.timer)}`),
        blocked ? h('span', { class: 'lobby-blocked' }, `⚠ You blocked ${blockedNames(entry, relations) || 'a player'} here`) : null,
      ),
      entry.state === 'playing'
        ? h(
            'button',
            {
              type: 'button',
              class: 'lobby-watch',
              'data-testid': 'lobby-watch',
              'data-watch': entry.table,
              'aria-label': `Watch this game: ${label}`,
            },
            'Watch',
          )
        : null,
    );
  }

  /** The lobby's list of favorites, each with a Challenge button; hidden when there are none. */
  private renderFavorites(s: AppState): void {
    const favorites = s.social.relations.favorite;
    show(this.favoritesEl, favorites.length > 0);
    const busy = s.social.request === 'challenge' || s.social.request === 'create_table' || s.social.request === 'join';
    this.favoritesList.replaceChildren(
      ...favorites.map((f) =>
        h(
          'li',
          { class: 'favorite', 'data-testid': 'favorite' },
          h('span', { class: 'fav', 'aria-hidden': 'true' }, '♥'),
          h(
            'span',
            {
              class: 'name clickable',
              'data-testid': 'favorite-name',
              'data-player': f.player,
              'data-name': f.name,
              role: 'button',
              tabindex: 0,
              title: 'Block, mute, favorite',
            },
            f.name,
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'challenge-button',
              'data-testid': 'favorite-challenge',
              'data-challenge': f.player,
              'data-name': f.name,
              'aria-label': `Challenge ${f.name} to a game`,
              disabled: busy,
            },
            'Challenge',
          ),
        ),
      ),
    );
  }

  private renderRoom(s: AppState): void {
    const t = s.social.table;
    const visible = s.screen === 'room' && t !== null;
    show(this.roomEl, visible);
    if (!visible) return;
    const info = t.info;
    const host = amHost(t);
    setAttrs(this.roomEl, { 'data-table': t.table });
    this.startButton.hidden = !host;
    this.startButton.disabled = s.social.request === 'start' || info.state !== 'waiting';
    const key = JSON.stringify([t.table, info, s.social.relations]);
    if (key === this.roomKey) return;
    this.roomKey = key;
    setText(this.roomTitle, `${info.kind === 'private' ? 'Private' : 'Public'} table`);
    show(this.roomChallenge, info.challenge !== null);
    setText(this.roomChallenge, info.challenge ? challengeRoomText(info.challenge, host, seatName(info, info.host)) : '');
    setAttrs(this.roomChallenge, { 'data-state': info.challenge?.state ?? null });
    if (info.kind === 'private') {
      const link = joinLink(this.handlers.origin(), info.code);
      this.roomCode.replaceChildren(
        h('span', {}, 'The code for the table is: '),
        h('strong', { class: 'code', 'data-testid': 'room-code-value' }, info.code),
        ' ',
        button('room-copy-link', 'Copy join link', () => this.handlers.copyText(link)),
      );
    } else {
      this.roomCode.replaceChildren(h('span', {}, 'Anyone in the lobby can join this table.'));
    }
    this.roomSeats.replaceChildren(
      ...SEATS.map((seat) => {
        const si = seatOf(info, seat);
        const status = seatStatus(si, info.state);
        const me = seat === info.you;
        const clickable = si.human && si.player !== null && !me;
        const name = h(
          'span',
          {
            class: `name${clickable ? ' clickable' : ''}`,
            'data-testid': `room-name-${seat}`,
            'data-player': clickable ? si.player : null,
            'data-name': clickable ? (si.name ?? '') : null,
            role: clickable ? 'button' : null,
            tabindex: clickable ? 0 : null,
            title: clickable ? 'Block, mute, favorite' : null,
          },
          si.name ?? 'empty',
        );
        const notes = [me ? 'you' : '', seat === info.host ? 'host' : '', STATUS_WORDS[status] === 'empty' ? '' : STATUS_WORDS[status]]
          .filter(Boolean)
          .join(', ');
        return h(
          'li',
          { class: `room-seat ${status}`, 'data-testid': `room-seat-${seat}`, 'data-status': status },
          name,
          heart(isFavorite(s.social.relations, si.player)),
          notes ? h('span', { class: 'notes' }, ` (${notes})`) : null,
        );
      }),
    );
    const hostName = seatName(info, info.host);
    setText(
      this.roomHint,
      host
        ? 'Start the game when you are ready: computer players fill the empty seats.'
        : `Waiting for ${hostName} (the host) to start the game…`,
    );
  }

  private renderChat(s: AppState, people: boolean): void {
    show(this.chatEl, people);
    const watching = s.social.table?.info.watching === true;
    show(this.chatForm, !watching);
    show(this.chatReadOnly, watching);
    setAttrs(this.chatEl, { 'data-open': s.social.chatOpen ? 'true' : null });
    if (!people) return;
    setText(this.chatError, s.social.chatError ?? '');
    show(this.chatError, s.social.chatError !== null);
    const lines = visibleChat(s.social);
    const keys = lines.map((c) => `${c.at}|${c.player}|${c.text}`);
    const relations = JSON.stringify([s.social.relations.favorite, s.social.relations.mute, s.social.player]);
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
        ...(lines.length === 0 ? [h('p', { class: 'hint' }, 'No messages yet. Say hello!')] : lines.map(line)),
      );
    }
    this.chatShown = keys;
    this.chatRelations = relations;
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  private renderTimerVote(s: AppState, atTable: boolean): void {
    const t = s.social.table;
    const voters = atTable ? timerQuestion(s.social) : null;
    show(this.timerVoteEl, voters !== null);
    if (voters === null || t === null) return;
    setText(this.timerVoteText, timerQuestionText(voters.map((v) => seatName(t.info, v))));
    for (const b of this.timerVoteEl.querySelectorAll('button')) b.disabled = s.social.request === 'timer_off';
  }

  private renderResult(s: AppState, view: View | null): void {
    const t = s.social.table;
    const people = atPeopleTable(s) && t !== null && view !== null;
    const phase = view?.phase;
    show(this.resultEl, people && (phase === 'hand_over' || phase === 'game_over'));
    if (!people || t === null) return;
    const info = t.info;
    const humans = humanSeats(info);
    const name = (seat: Seat): string => (seat === info.you ? 'You' : seatName(info, seat));
    const nameInside = (seat: Seat): string => (seat === info.you ? 'you' : seatName(info, seat));
    show(this.resultReady, phase === 'hand_over');
    if (phase === 'hand_over') {
      const secs = timerSeconds(t, s.social.now);
      const ready = humans.map((seat) => `${name(seat)} ${info.ready.includes(seat) ? '✓' : '…'}`);
      setText(this.resultReady, `Ready for the next hand: ${ready.join(' · ')}${secs !== null && info.timer > 0 ? ` · next hand in ${secs} s` : ''}`);
    }
    show(this.resultRematch, phase === 'game_over' && info.you !== null && info.ended === null);
    show(this.leaveFinished, phase === 'game_over');
    if (phase === 'game_over') {
      const asked = info.you !== null && (info.rematchVotes.includes(info.you) || s.social.sentRematch === t.table);
      this.rematchButton.disabled = asked || s.social.request === 'rematch';
      setText(this.rematchButton, asked ? 'Waiting for the others…' : 'Rematch');
      const votes = info.rematchVotes.map(name);
      const missing = humans.filter((seat) => !info.rematchVotes.includes(seat)).map(nameInside);
      setText(
        this.rematchVotes,
        votes.length === 0
          ? 'Nobody has asked for a rematch yet.'
          : `${listWords(votes)} ${votes.length === 1 && votes[0] !== 'You' ? 'wants' : 'want'} a rematch.${missing.length > 0 ? ` Waiting for ${listWords(missing)}.` : ''}`,
      );
    }
  }

  // ---- "Ada challenges you to a game of Hearts." ----

  private renderChallenge(s: AppState): void {
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

  private renderPrompt(s: AppState): void {
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
        // Not for myself; disabled while I play a game with people (render keeps that current).
        const challengeRow =
          p.player === s.social.player
            ? []
            : [
                h(
                  'div',
                  { class: 'challenge-row' },
                  button('challenge-player', 'Challenge to a game', () => hs.challenge(p.player, p.name), 'challenge-button'),
                  h('p', { class: 'hint', 'data-testid': 'challenge-after-game', hidden: true }, `You can challenge ${p.name} when this game is over.`),
                  errorLine(),
                ),
              ];
        return [
          title('Block, mute, favorite'),
          h('p', { class: 'player-name' }, h('strong', { 'data-testid': 'player-name' }, p.name)),
          h('p', { class: 'hint' }, BLOCK_MUTE_FAVORITE),
          h(
            'fieldset',
            { class: 'relations' },
            h('legend', { class: 'sr-only' }, `Your settings for ${p.name}`),
            toggle('block', 'Block'),
            toggle('mute', 'Mute'),
            toggle('favorite', 'Favorite ♥'),
          ),
          ...challengeRow,
          buttons(button('prompt-ok', 'Done', () => hs.closePrompt(), 'primary')),
        ];
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
