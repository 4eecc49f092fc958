// The fixture page: renders one fixture state, chosen by ?f=NAME (see STATES), with
// no server. `&four=1` uses the four-colour deck, `&select=QS,AS` preselects cards.

import '../css/app.css';
import { readDailyBoard } from '../src/parts/daily/read-daily';
import type { Card } from '../src/net/types';
import type { Handlers } from '../src/state/handlers';
import { TableView } from '../src/table/table-view';
import { DEFAULT_SETTINGS } from '../src/state/settings';
import { applySnapshot, initialState, type AppState } from '../src/state/state';
import { noopHandlers } from './noop-handlers';
import { INITIAL_SOCIAL, applyChat, applyTableInfo, type Prompt, type Social } from '../src/state/social';
import {
  chatText,
  dailyBoardRaw,
  dailySnapshotText,
  gameOverRaw,
  handOverRaw,
  infoRaw,
  leadRaw,
  lobbyEntryRaw,
  parsed,
  readByPart,
  passRaw,
  playRaw,
  snapshotOf,
  tableText,
  waitingInfoRaw,
  westPlayRaw,
  type RawInfo,
  type RawView,
} from './fixtures';

const params = new URLSearchParams(location.search);
const settings = { ...DEFAULT_SETTINGS, fourColour: params.get('four') === '1' };
const base: AppState = { ...initialState(settings), conn: { kind: 'open' } };
const table = (raw: RawView): AppState => applySnapshot(base, snapshotOf(raw));

// A table with people, seen by Bob (seat W), with a little chat.
function social(info: RawInfo = infoRaw(), prompt: Prompt | null = null): Social {
  const m = parsed(tableText(info));
  if (m.t !== 'table') throw new Error(m.t);
  let s: Social = applyTableInfo({ ...INITIAL_SOCIAL, player: 'p_bob', name: 'Bob', prompt }, 'k3v9q2mx', m.info, Date.now());
  for (const [text, over] of [
    ['hi all, good luck!', { at: 1 }],
    ['<img src=x onerror=alert(1)> is shown as text', { at: 2, player: 'p_cy', seat: 'E', name: 'Cy' }],
  ] as const) {
    const c = parsed(chatText(text, over));
    if (c.t === 'chat') s = applyChat(s, c);
  }
  return { ...s, relations: { ...s.relations, favorite: [{ player: 'p_ada', name: 'Ada' }] } };
}
const people = (raw: RawView, info?: RawInfo, prompt: Prompt | null = null): AppState => ({
  ...table(raw),
  social: social(info, prompt),
});
const names = ['Ada', 'Bob', 'Bill', 'Cy'];

// Challenges to Bob: Ada's (asked first) and Cy's after it.
const challenges = [
  { table: 'chal1234', from: { player: 'p_ada', name: 'Ada' }, rules: 'pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue', timer: 30 },
  { table: 'chal5678', from: { player: 'p_cy', name: 'Cy' }, rules: 'pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=50', timer: 0 },
];
const challengerRoom = (state: 'pending' | 'declined'): AppState => {
  const seats = (waitingInfoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 1 ? { player: null, name: null, human: false, connected: false, away: false } : x));
  const s = social(waitingInfoRaw({ you: 'S', seats, challenge: { player: 'p_cy', name: 'Cy', state } }));
  return { ...base, screen: 'room', social: { ...s, name: 'Ada', player: 'p_ada' } };
};

// The daily deal: a game of it, its end, and its board (Bob's, who came 2nd).
const daily = (raw: RawView): AppState => {
  const m = parsed(dailySnapshotText(raw));
  if (m.t !== 'snapshot') throw new Error(m.t);
  return { ...applySnapshot(base, m), social: { ...INITIAL_SOCIAL, name: 'Bob' } };
};
const dailyBoard = (over: Record<string, unknown> = {}): AppState => {
  const { t, ...board } = readByPart(JSON.stringify(dailyBoardRaw(over)), readDailyBoard);
  if (t !== 'daily') throw new Error(t);
  return { ...daily(gameOverRaw()), dialog: 'daily', daily: { day: null, loading: false, board, error: null, note: null } };
};

const STATES: Record<string, () => AppState> = {
  daily: () => daily(playRaw({ hand: 2, pass: 'right' })),
  'daily-gameover': () => daily(gameOverRaw()),
  'daily-board': () => dailyBoard(),
  'daily-before': () => ({ ...dailyBoard({ me: null, board: (dailyBoardRaw()['board'] as Record<string, unknown>[]).map(({ replay: _r, ...row }) => row) }), game: null, screen: 'start' }),
  people: () => people(westPlayRaw({ names, legal: ['2C', '7C', 'QC'] }), infoRaw({ waiting_for: ['W'], deadline: 8000 })),
  'people-away': () => {
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((x, k) => (k === 3 ? { ...x, connected: false } : k === 1 ? { ...x, away: true } : x));
    return people(westPlayRaw({ names, to_move: 'E', legal: [] }), infoRaw({ seats, waiting_for: [] }));
  },
  'timer-vote': () => people(westPlayRaw({ names }), infoRaw({ timer_votes: ['S'] })),
  'people-handover': () => people(handOverRaw({ seat: 'W', names }), infoRaw({ ready: ['S'], waiting_for: ['W', 'E'] })),
  rematch: () => people(gameOverRaw({ seat: 'W', names }), infoRaw({ state: 'finished', rematch_votes: ['S'], deadline: null, waiting_for: [] })),
  room: () => ({ ...base, screen: 'room', social: social(waitingInfoRaw()) }),
  lobby: () => {
    const m = parsed(
      JSON.stringify({
        t: 'lobby',
        tables: [
          lobbyEntryRaw(),
          lobbyEntryRaw({
            table: 'play1234',
            state: 'playing',
            created: 1_699_999_000_000,
            seats: [
              { player: 'p_zed', name: 'Zed', human: true },
              { player: null, name: 'Mike', human: false },
              { player: 'p_ada', name: 'Ada', human: true },
              { player: null, name: 'Lisa', human: false },
            ],
          }),
        ],
      }),
    );
    const lobby = m.t === 'lobby' ? m.tables : [];
    return { ...base, screen: 'lobby', social: { ...INITIAL_SOCIAL, name: 'Bob', lobby, relations: { block: [{ player: 'p_zed', name: 'Zed' }], mute: [], favorite: [{ player: 'p_ada', name: 'Ada' }] } } };
  },
  name: () => ({ ...base, screen: 'start', social: { ...INITIAL_SOCIAL, prompt: { kind: 'name', error: null } } }),
  challenge: () => {
    const lobby = STATES['lobby']?.() ?? base;
    return { ...lobby, social: { ...lobby.social, challenges } };
  },
  'challenge-game': () => {
    const s = people(westPlayRaw({ names }), infoRaw());
    return { ...s, social: { ...s.social, challenges: challenges.slice(1) } };
  },
  'room-challenge': () => challengerRoom('pending'),
  'room-declined': () => challengerRoom('declined'),
  'player-refused': () =>
    ({ ...base, screen: 'room', social: social(waitingInfoRaw(), { kind: 'player', player: 'p_ada', name: 'Ada', error: 'You can’t challenge this player' }) }),
  private: () => ({ ...base, screen: 'room', social: social(waitingInfoRaw({ you: 'S' }), { kind: 'private-created', code: 'k3v9q2mx' }) }),
  player: () => people(westPlayRaw({ names }), infoRaw(), { kind: 'player', player: 'p_ada', name: 'Ada' }),
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
  'handover-notice': () => ({ ...table(handOverRaw()), notice: { text: 'Hearts have been broken', kind: 'info', serial: 1 } }),
  'gameover-notice': () => ({ ...table(gameOverRaw()), notice: { text: 'Hearts have been broken', kind: 'info', serial: 1 } }),
  connection: () => ({ ...table(playRaw()), conn: { kind: 'waiting', attempt: 2, retryAt: 0, troubleSince: 0 }, giveUpIn: 42 }),
  nostorage: () => ({ ...table(playRaw()), storagePersistent: false }),
};

const handlers: Handlers = noopHandlers();
const root = document.getElementById('root') as HTMLElement;
const make = STATES[params.get('f') ?? 'play'] ?? STATES['play'];
if (make) new TableView(root, handlers).render(make());
