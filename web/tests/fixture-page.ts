// The fixture page: renders one fixture state, chosen by ?f=NAME (see STATES), with
// no server. `&four=1` uses the four-colour deck, `&select=QS,AS` preselects cards.

import '../css/app.css';
import type { Card } from '../src/protocol';
import { TableView, type Handlers } from '../src/render';
import { DEFAULT_SETTINGS } from '../src/settings';
import { applySnapshot, initialState, type AppState } from '../src/state';
import { gameOverRaw, handOverRaw, leadRaw, passRaw, playRaw, snapshotOf, type RawView } from './fixtures';

const params = new URLSearchParams(location.search);
const settings = { ...DEFAULT_SETTINGS, fourColour: params.get('four') === '1' };
const base: AppState = { ...initialState(settings), conn: { kind: 'open' } };
const table = (raw: RawView): AppState => applySnapshot(base, snapshotOf(raw));

const STATES: Record<string, () => AppState> = {
  play: () => table(playRaw()),
  pass: () => ({ ...table(passRaw()), selected: (params.get('select')?.split(',') ?? ['QS', 'AS']) as Card[] }),
  received: () => {
    const s = table(playRaw({ hand: 1, pass: 'left', trick: { leader: 'S', cards: [] }, last_trick: null, markers: ['', '', '', ''], legal: ['2C'], cards: ['2C', '7C', 'QC', '3D', '8D', 'KD', '4S', 'QS', 'AS', '2H', '9H', 'JH', '5H'] }));
    return { ...s, game: s.game && { ...s.game, highlight: ['3D', '8D', '4S'] } };
  },
  lead: () => table(leadRaw({ hearts_broken: true, legal: ['7C', 'QC', '3D', '8D', 'KD', '4S', 'AS', '2H', '9H', 'JH'] })),
  waiting: () => table(playRaw({ to_move: 'E', legal: [], trick: { leader: 'N', cards: ['5C'] } })),
  handover: () => table(handOverRaw()),
  gameover: () => table(gameOverRaw()),
  moon: () => {
    const s = table(handOverRaw());
    return { ...s, game: s.game && { ...s.game, moon: { shooter: 'N', scored: 'others' } } };
  },
  sheet: () => ({ ...table(playRaw()), dialog: 'sheet' }),
  rules: () => ({ ...table(playRaw()), dialog: 'rules' }),
  settings: () => ({ ...table(playRaw()), dialog: 'settings' }),
  start: () => ({ ...base, screen: 'start' }),
  notice: () => {
    const s = table(playRaw());
    return { ...s, notice: { text: 'You must follow suit: play clubs', kind: 'error', serial: 1 } };
  },
  connection: () => ({ ...table(playRaw()), conn: { kind: 'waiting', attempt: 2, retryAt: 0, troubleSince: 0 }, giveUpIn: 42 }),
  nostorage: () => ({ ...table(playRaw()), storagePersistent: false }),
};

const noop = (): void => {};
const handlers: Handlers = {
  cardClicked: noop, pass: noop, next: noop, newGame: noop, moonChoice: noop,
  openDialog: noop, closeDialog: noop, saveSettings: noop, dismissMoon: noop, retryConnection: noop,
  recordUrl: () => null,
};
const root = document.getElementById('root') as HTMLElement;
const make = STATES[params.get('f') ?? 'play'] ?? STATES['play'];
if (make) new TableView(root, handlers).render(make());
