// The lobby: my name, "Play now (rated)" and the buttons to create or join a table, my
// favorites with a Challenge button each, and the tables, one row each, redrawn only when
// they change.

import { rulesSummary } from '../game/rules-words';
import { SEATS, type LobbyEntry, type Relations } from '../net/types';
import { blockedNames, freeSeats, hasBlockedPlayer, isFavorite, timerWords } from '../state/social';
import type { AppState } from '../state/state';
import { h, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button, heart, onNameClick, onNameKey } from './view-bits';

export class LobbyView {
  readonly lobbyEl: HTMLElement;
  private readonly lobbyList: HTMLElement;
  private readonly lobbyName: HTMLElement;
  private readonly favoritesEl: HTMLElement;
  private readonly favoritesList: HTMLElement;
  /** What the lobby list was drawn from, and its rows by table id. */
  private lobbyShown: readonly LobbyEntry[] | null | undefined = undefined;
  private lobbyRelations: Relations | null = null;
  private lobbyRows = new Map<string, { readonly key: string; readonly el: HTMLElement }>();
  private lobbyEntries: readonly LobbyEntry[] = [];

  constructor(private readonly handlers: SocialHandlers) {
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
      else onNameClick(this.handlers, e);
    });
    this.favoritesList.addEventListener('keydown', (e) => onNameKey(this.handlers, e));
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
          // Quick match (docs/ratings.md): a seat with players near my rating, at once.
          button('quick-match', 'Play now (rated)', () => handlers.quickMatch(), 'primary'),
          button('create-public', 'Create public table', () => handlers.createTable(false), 'primary'),
          button('create-private', 'Create private table', () => handlers.createTable(true), 'primary'),
          button('join-private', 'Join private table', () => handlers.openJoinCode()),
          button('close-lobby', 'Back', () => handlers.closeLobby()),
        ),
        h(
          'p',
          { class: 'hint lobby-quick-hint' },
          'Play now seats you with players near your rating; computer players take the seats nobody comes to.',
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
  }

  renderLobby(s: AppState): void {
    show(this.lobbyEl, s.screen === 'lobby');
    if (s.screen !== 'lobby') return;
    const social = s.social;
    this.lobbyName.replaceChildren(
      'Playing as ',
      h('strong', { 'data-testid': 'my-name' }, social.name ?? '(no name yet)'),
      ' ',
      button('change-name', 'Change name', () => this.handlers.changeName(), 'link'),
    );
    const opening = social.request === 'create_table' || social.request === 'join' || social.request === 'quick_match';
    for (const b of this.lobbyEl.querySelectorAll<HTMLButtonElement>('.buttons button')) b.disabled = opening;
    const busy = social.request === 'challenge' || opening;
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
    const label = `${entry.quick ? 'Quick match. ' : ''}${state}. Players: ${entry.seats.map((x) => (x.human ? (x.name ?? '?') : 'free')).join(', ')}`;
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
        h(
          'span',
          { class: 'lobby-state' },
          entry.quick ? h('span', { class: 'lobby-tag', 'data-testid': 'lobby-quick' }, 'Quick match') : null,
          state,
        ),
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
    const r = s.social.request;
    const busy = r === 'challenge' || r === 'create_table' || r === 'join' || r === 'quick_match';
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
}
