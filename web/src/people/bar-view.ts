// The bar above a table with people: its kind and code, the turn timer, concede, the
// chat's button, who watches and what the players allow, and "Take my seat back".

import { listWords } from '../game/a11y';
import { peopleWords as w } from '../i18n/people';
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
  private readonly awayText: HTMLElement;
  private readonly reclaimButton: HTMLButtonElement;

  constructor(handlers: SocialHandlers) {
    // ---- the bar above the table ----
    this.barKind = h('span', { class: 'bar-kind', 'data-testid': 'table-kind' });
    this.barCode = h('span', { class: 'bar-code', 'data-testid': 'table-code' });
    this.barTimer = h('span', { class: 'bar-timer', 'data-testid': 'turn-timer', role: 'timer', 'aria-live': 'off' });
    // The words are written again on each render (renderBar): a change of language shows at once.
    this.timerOffButton = button('timer-off', w('turnOffTimer'), () => handlers.timerOff());
    this.timerVoted = h('span', { class: 'bar-voted', 'data-testid': 'timer-voted' });
    this.concedeButton = button('concede', w('concede'), () => handlers.concede());
    this.chatToggle = button('chat-toggle', w('chat'), () => handlers.toggleChat(true), 'chat-toggle');
    this.watchersEl = h('span', { class: 'bar-watchers', 'data-testid': 'watchers', hidden: true });
    this.stopWatchButton = button('stop-watching', w('stopWatching'), () => handlers.stopWatching());
    this.allowWatchersButton = button('allow-watchers', w('allowWatchers'), () =>
      handlers.allow('watchers', this.allowWatchersButton.getAttribute('aria-pressed') !== 'true'),
    );
    this.allowHintsButton = button('allow-hints', w('allowHints'), () =>
      handlers.allow('hints', this.allowHintsButton.getAttribute('aria-pressed') !== 'true'),
    );
    this.watchLinkButton = button('copy-watch-link', w('copyWatchLink'), () => {
      const code = this.watchCode;
      if (code !== null) handlers.copyText(watchLink(handlers.origin(), code));
    });
    this.awayText = h('span', {}, w('away'));
    this.reclaimButton = button('reclaim', w('reclaim'), () => handlers.reclaim(), 'primary');
    this.awayEl = h(
      'div',
      { class: 'away-banner', 'data-testid': 'away-banner', role: 'status', hidden: true },
      this.awayText,
      ' ',
      this.reclaimButton,
    );
    // A landmark (a named section), as the menu and the table are.
    this.barEl = h(
      'section',
      { class: 'table-bar', 'data-testid': 'table-bar', 'aria-label': w('thisTable'), hidden: true },
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
    this.barEl.setAttribute('aria-label', w('thisTable'));
    setText(this.timerOffButton, w('turnOffTimer'));
    setText(this.concedeButton, w('concede'));
    setText(this.stopWatchButton, w('stopWatching'));
    setText(this.watchLinkButton, w('copyWatchLink'));
    setText(this.awayText, w('away'));
    setText(this.reclaimButton, w('reclaim'));
    const info = t.info;
    const watching = info.watching === true;
    const kind = info.quick ? w('quickMatch') : info.kind === 'private' ? w('privateTable') : w('publicTable');
    setText(this.barKind, watching ? w('watchingBehind') : info.rated === true ? w('kindRated', { kind }) : kind);
    this.renderWatching(info, s.screen === 'table' && info.state === 'playing', s.social.player);
    setText(this.barCode, info.kind === 'private' ? w('tableCode', { code: info.code }) : '');
    show(this.barCode, info.kind === 'private');
    const playing = info.state === 'playing' && s.screen === 'table';
    const secs = timerSeconds(t, s.social.now);
    let clock = '';
    if (info.timer === 0) clock = w('timerOff');
    else if (secs !== null && info.waitingFor.length > 0 && playing) {
      const who = info.waitingFor.map((seat) => (seat === info.you ? w('you') : seatName(info, seat)));
      clock = w('clock', { secs, who: listWords(who) });
    } else clock = timerWords(info.timer);
    setText(this.barTimer, clock);
    const mine = info.you !== null && info.waitingFor.includes(info.you);
    setAttrs(this.barTimer, {
      'data-seconds': secs === null || info.timer === 0 ? null : String(secs),
      'aria-label': info.timer === 0 ? null : w('turnTimer', { clock }),
      'data-mine': mine ? 'true' : null,
      class: `bar-timer${mine && secs !== null && secs <= 10 ? ' urgent' : ''}`,
    });
    const voted = info.you !== null && info.timerVotes.includes(info.you);
    show(this.timerOffButton, playing && info.timer > 0 && !voted && info.you !== null);
    this.timerOffButton.disabled = s.social.request === 'timer_off';
    const humans = humanSeats(info).length;
    show(this.timerVoted, playing && info.timer > 0 && voted);
    setText(this.timerVoted, voted ? w('timerVoted', { n: info.timerVotes.length, humans }) : '');
    show(this.concedeButton, playing && info.you !== null && s.game?.view.phase !== 'game_over');
    this.concedeButton.disabled = s.social.request === 'concede';
    const unread = s.social.unread;
    setText(this.chatToggle, unread > 0 ? w('chatUnread', { n: unread }) : w('chat'));
    setAttrs(this.chatToggle, {
      'aria-expanded': s.social.chatOpen ? 'true' : 'false',
      'aria-label': unread > 0 ? w('chatUnreadLabel', { n: unread }) : w('chat'),
    });
    show(this.awayEl, s.screen === 'table' && amAway(t) && s.game?.view.phase !== 'game_over');
    this.reclaimButton.disabled = s.social.request === 'reclaim';
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
    const names = [...(meWatching ? [w('you')] : []), ...watchers.filter((x) => x.player !== me).map((x) => x.name)];
    const count = info.watcherCount ?? names.length;
    const more = count - names.length;
    const list = listWords(more > 0 ? [...names, w('moreWatchers', { n: more })] : names);
    setText(this.watchersEl, count === 0 ? '' : w('watchers', { names: list }));
    setAttrs(this.watchersEl, { 'aria-label': count === 0 ? null : w('watchersLabel', { n: count, names: list }) });
    show(this.watchersEl, count > 0);
    show(this.stopWatchButton, watching);
    const mine = info.you;
    const privateTable = info.kind === 'private' && seated && playing;
    const allowsWatchers = mine !== null && (info.watchVotes ?? []).includes(mine);
    show(this.allowWatchersButton, privateTable);
    setText(this.allowWatchersButton, allowsWatchers ? w('watchersAllowed') : w('allowWatchers'));
    setAttrs(this.allowWatchersButton, {
      'aria-pressed': allowsWatchers ? 'true' : 'false',
      title: allowsWatchers
        ? w('watchersAllowedTitle', { n: info.watchVotes?.length ?? 0, humans: humanSeats(info).length })
        : w('allowWatchersTitle'),
    });
    this.watchCode = seated && playing && info.watchable === true ? info.code : null;
    show(this.watchLinkButton, this.watchCode !== null && info.kind === 'private');
    const allowsHints = mine !== null && (info.hintVotes ?? []).includes(mine);
    // Alone with computer players, hints need nobody's leave.
    show(this.allowHintsButton, seated && playing && humanSeats(info).length > 1);
    setText(this.allowHintsButton, info.hints === true ? w('hintsOn') : allowsHints ? w('hintsWaiting') : w('allowHints'));
    setAttrs(this.allowHintsButton, {
      'aria-pressed': allowsHints ? 'true' : 'false',
      title: allowsHints ? w('hintsAllowedTitle') : w('allowHintsTitle'),
    });
  }
}
