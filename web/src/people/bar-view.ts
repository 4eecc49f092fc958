// The bar above a table with people: its kind and code, the turn timer, concede, the
// chat's button, who watches and what the players allow, and "Take my seat back".

import { listWords } from '../game/a11y';
import type { TableInfo } from '../net/types';
import { amAway, humanSeats, seatName, timerSeconds, timerWords, watchLink } from '../state/social';
import type { AppState } from '../state/state';
import { h, setAttrs, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button } from './view-bits';

export class BarView {
  /** The bar above a table with people. */
  readonly barEl: HTMLElement;
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
  private readonly awayEl: HTMLElement;

  constructor(handlers: SocialHandlers) {
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
    // A landmark (a named section), as the menu and the table are.
    this.barEl = h(
      'section',
      { class: 'table-bar', 'data-testid': 'table-bar', 'aria-label': 'This table', hidden: true },
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
  }

  renderBar(s: AppState, people: boolean): void {
    const t = s.social.table;
    show(this.barEl, people);
    if (!people || t === null) return;
    const info = t.info;
    const watching = info.watching === true;
    const kind = info.quick ? 'Quick match' : `${info.kind === 'private' ? 'Private' : 'Public'} table`;
    setText(this.barKind, watching ? 'Watching · a trick behind the table' : `${kind}${info.rated === true ? ' · rated' : ''}`);
    this.renderWatching(info, s.screen === 'table' && info.state === 'playing', s.social.player);
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
  private renderWatching(info: TableInfo, playing: boolean, me: string | null): void {
    const watching = info.watching === true;
    const seated = info.you !== null && !watching;
    // A watcher is "you" among the watchers, named first, never by their own name.
    const watchers = info.watchers ?? [];
    const meWatching = watchers.some((w) => w.player === me);
    const names = [...(meWatching ? ['you'] : []), ...watchers.filter((w) => w.player !== me).map((w) => w.name)];
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
}
