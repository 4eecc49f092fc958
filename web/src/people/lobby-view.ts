// The lobby: my name, "Play now (rated)" and the buttons to create or join a table, my
// favorites with a Challenge button each, and the tables, one row each, redrawn only when
// they change.

import { rulesSummary } from '../game/rules-words';
import { peopleWords as w } from '../i18n/people';
import { language } from '../i18n/words';
import { SEATS, type LobbyEntry, type Relations } from '../net/types';
import { blockedNames, freeSeats, hasBlockedPlayer, isFavorite, timerWords } from '../state/social';
import type { AppState } from '../state/state';
import { h, setAttrs, setText, show } from '../ui/dom';
import type { SocialHandlers } from './social-words';
import { button, commaList, heart, onNameClick, onNameKey, withParts } from './view-bits';

/** "⚠ You blocked Bob here", or "a player" when the lobby does not say who. */
function blockedLine(names: string): string {
  return names ? w('youBlocked', { names }) : w('youBlockedSomeone');
}

export class LobbyView {
  readonly lobbyEl: HTMLElement;
  private readonly lobbyList: HTMLElement;
  private readonly lobbyName: HTMLElement;
  private readonly favoritesEl: HTMLElement;
  private readonly favoritesList: HTMLElement;
  /** The lobby's own words, written again on each render (relabel): a change of language shows at once. */
  private readonly labels: readonly (readonly [HTMLElement, () => string])[];
  /** What the lobby list was drawn from (and in which language), and its rows by table id. */
  private lobbyShown: readonly LobbyEntry[] | null | undefined = undefined;
  private lobbyRelations: Relations | null = null;
  private lobbyLang = '';
  private lobbyRows = new Map<string, { readonly key: string; readonly el: HTMLElement }>();
  private lobbyEntries: readonly LobbyEntry[] = [];

  constructor(private readonly handlers: SocialHandlers) {
    // ---- the lobby ----
    this.lobbyName = h('p', { class: 'lobby-name', 'data-testid': 'lobby-name' });
    this.lobbyList = h('ul', { class: 'lobby-list', 'data-testid': 'lobby-tables', 'aria-label': w('publicTables') });
    this.favoritesList = h('ul', { class: 'favorites-list', 'aria-labelledby': 'favorites-title' });
    const favoritesTitle = h('h3', { id: 'favorites-title' }, w('favorites'));
    this.favoritesEl = h('section', { class: 'favorites', 'data-testid': 'favorites', hidden: true }, favoritesTitle, this.favoritesList);
    this.favoritesList.addEventListener('click', (e) => {
      const target = (e.target as Element).closest<HTMLElement>('[data-challenge]');
      const player = target?.dataset['challenge'];
      if (target && player) handlers.challenge(player, target.dataset['name'] ?? '');
      else onNameClick(this.handlers, e);
    });
    this.favoritesList.addEventListener('keydown', (e) => onNameKey(this.handlers, e));
    const title = h('h2', { id: 'lobby-title' });
    const intro = h('p', {});
    // Quick match (docs/ratings.md): a seat with players near my rating, at once.
    const quick = button('quick-match', '', () => handlers.quickMatch(), 'primary');
    const createPublic = button('create-public', '', () => handlers.createTable(false), 'primary');
    const createPrivate = button('create-private', '', () => handlers.createTable(true), 'primary');
    const joinPrivate = button('join-private', '', () => handlers.openJoinCode());
    const back = button('close-lobby', '', () => handlers.closeLobby());
    const quickHint = h('p', { class: 'hint lobby-quick-hint' });
    this.labels = [
      [title, () => w('lobbyTitle')],
      [intro, () => w('lobbyIntro')],
      [quick, () => w('playNow')],
      [createPublic, () => w('createPublic')],
      [createPrivate, () => w('createPrivate')],
      [joinPrivate, () => w('joinPrivate')],
      [back, () => w('back')],
      [quickHint, () => w('playNowHint')],
      [favoritesTitle, () => w('favorites')],
    ];
    this.relabel();
    this.lobbyEl = h(
      'section',
      { class: 'page lobby', 'data-testid': 'lobby', 'aria-labelledby': 'lobby-title', hidden: true },
      h(
        'div',
        { class: 'page-panel' },
        title,
        intro,
        this.lobbyName,
        h('div', { class: 'buttons' }, quick, createPublic, createPrivate, joinPrivate, back),
        quickHint,
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

  /** The lobby's own words, in the language in use. */
  private relabel(): void {
    for (const [el, text] of this.labels) setText(el, text());
    setAttrs(this.lobbyList, { 'aria-label': w('publicTables') });
  }

  renderLobby(s: AppState): void {
    show(this.lobbyEl, s.screen === 'lobby');
    if (s.screen !== 'lobby') return;
    const social = s.social;
    this.relabel();
    const myName = h('strong', { 'data-testid': 'my-name' }, social.name ?? w('noNameYet'));
    this.lobbyName.replaceChildren(
      ...withParts(w('playingAs', { name: '{name}' }), { name: myName }),
      ' ',
      button('change-name', w('changeName'), () => this.handlers.changeName(), 'link'),
    );
    const opening = social.request === 'create_table' || social.request === 'join' || social.request === 'quick_match';
    for (const b of this.lobbyEl.querySelectorAll<HTMLButtonElement>('.buttons button')) b.disabled = opening;
    const busy = social.request === 'challenge' || opening;
    for (const b of this.favoritesList.querySelectorAll<HTMLButtonElement>('[data-challenge]')) b.disabled = busy;
    // The listing and the relations are replaced, never changed in place: the same
    // objects mean nothing to redraw (the lobby renders on every tick of the page).
    const lang = language();
    if (social.lobby === this.lobbyShown && social.relations === this.lobbyRelations && lang === this.lobbyLang) return;
    const relationsChanged = social.relations !== this.lobbyRelations || lang !== this.lobbyLang;
    const entries = social.lobby ?? [];
    this.lobbyEntries = entries;
    this.lobbyShown = social.lobby;
    this.lobbyRelations = social.relations;
    this.lobbyLang = lang;
    if (relationsChanged) this.renderFavorites(s);
    if (social.lobby === null || entries.length === 0) {
      this.lobbyRows.clear();
      this.lobbyList.replaceChildren(
        social.lobby === null
          ? h('li', { class: 'empty' }, w('lookingForTables'))
          : h('li', { class: 'empty', 'data-testid': 'lobby-empty' }, w('noTables')),
      );
      return;
    }
    // One row per table, kept while its entry (and what I think of its people) is the
    // same: an update redraws only the tables it changed, so the one under the pointer
    // or the keyboard focus stays put.
    const rows = entries.map((entry) => {
      const marks = entry.seats.map((x) => isFavorite(social.relations, x.player));
      const key = JSON.stringify([entry, hasBlockedPlayer(entry, social.relations), marks, lang]);
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
      const name = seat.human ? (seat.name ?? '?') : status === 'empty' ? w('empty') : w('computerSeat', { name: seat.name ?? w('computer') });
      return h(
        'li',
        { class: `lobby-seat ${status}`, 'data-seat': SEATS[i] ?? null },
        name,
        heart(seat.human && isFavorite(relations, seat.player)),
      );
    });
    const state =
      entry.state === 'waiting'
        ? w('waitingForPlayers', { n: freeSeats(entry) })
        : entry.state === 'playing'
          ? w('playingJoin')
          : w('finished');
    const players = commaList(entry.seats.map((x) => (x.human ? (x.name ?? '?') : w('freeSeat'))));
    const label = w(entry.quick ? 'quickTableLabel' : 'tableLabel', { state, players });
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
          'aria-label': w(blocked ? 'joinBlockedLabel' : 'joinTableLabel', { label }),
        },
        h(
          'span',
          { class: 'lobby-state' },
          entry.quick ? h('span', { class: 'lobby-tag', 'data-testid': 'lobby-quick' }, w('quickMatch')) : null,
          state,
        ),
        h('ul', { class: 'lobby-seats' }, ...seats),
        h('span', { class: 'lobby-rules' }, `${rulesSummary(entry.rules)} · ${timerWords(entry.timer)}`),
        blocked ? h('span', { class: 'lobby-blocked' }, blockedLine(blockedNames(entry, relations))) : null,
      ),
      entry.state === 'playing'
        ? h(
            'button',
            {
              type: 'button',
              class: 'lobby-watch',
              'data-testid': 'lobby-watch',
              'data-watch': entry.table,
              'aria-label': w('watchLabel', { label }),
            },
            w('watch'),
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
              title: w('blockMuteFavorite'),
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
              'aria-label': w('challengeLabel', { name: f.name }),
              disabled: busy,
            },
            w('challenge'),
          ),
        ),
      ),
    );
  }
}
