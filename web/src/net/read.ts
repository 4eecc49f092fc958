// Parsing what the server sends (docs/protocol.md): one parse function, strict about
// what the client relies on (every documented field is present and of the right type,
// cards are cards, seats are seats, event kinds are known) and tolerant of extra fields,
// so a server that adds a field in a later version does not break an older page. A
// refusal names the field at fault, e.g. `view.cards[2]: "ZZ" is not a card`. What only
// a lazily loaded part shows is passed on as it came (types.ts, Unread), and read as
// strictly in that part's chunk, so that a solo game's first load does not carry it.

import { isNonce, isSalt, isSeedText } from './fair-text';
import {
  ParseError,
  array,
  asObject,
  bool,
  card,
  challengeEnd,
  coded,
  commitText,
  describe,
  errorCode,
  fail,
  field,
  int,
  join,
  moonChoice,
  nonNegative,
  num,
  oneOf,
  optional,
  passDirection,
  perSeat,
  phase,
  seat,
  shareId,
  str,
} from './read-fields';
import { achievement, dayText, lobbyEntry, look, playerRef, relations, tableInfo } from './read-people';
import {
  BOT_LEVELS,
  type FairReveal,
  type GameEvent,
  type MoonResult,
  NO_RELATIONS,
  type ParseResult,
  type ServerMessage,
  type SheetRow,
  type SnapshotFair,
  type Trick,
  type UpdateView,
  type View,
} from './types';

/**
 * Parses one frame from the server. Never throws.
 *
 *   parseServerMessage('{"t":"pong"}')  // {ok: true, message: {t: 'pong'}}
 *   parseServerMessage('{"t":"ack"}')   // {ok: false, error: 'id: missing'}
 */
export function parseServerMessage(text: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  try {
    return { ok: true, message: readServerMessage(json) };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, error: e.message };
    throw e;
  }
}

function trick(x: unknown, path: string): Trick {
  const o = asObject(x, path);
  const cards = array(field(o, 'cards', path), join(path, 'cards'), card);
  if (cards.length > 4) fail(join(path, 'cards'), `a trick has at most 4 cards, got ${cards.length}`);
  const leader = seat(field(o, 'leader', path), join(path, 'leader'));
  const winner = optional(o, 'winner', path, seat);
  return winner === undefined ? { leader, cards } : { leader, cards, winner };
}

function moonResult(x: unknown, path: string): MoonResult {
  const o = asObject(x, path);
  return {
    shooter: seat(field(o, 'shooter', path), join(path, 'shooter')),
    scored: moonChoice(field(o, 'scored', path), join(path, 'scored')),
  };
}

function fairReveal(x: unknown, path: string): FairReveal {
  const o = asObject(x, path);
  const seedText = str(field(o, 'seed', path), join(path, 'seed'));
  if (!isSeedText(seedText)) fail(join(path, 'seed'), `expected a decimal 64-bit seed, got ${describe(seedText)}`);
  const salt = str(field(o, 'salt', path), join(path, 'salt'));
  if (!isSalt(salt)) fail(join(path, 'salt'), `expected 32 lower-case hex digits, got ${describe(salt)}`);
  const nonce = optional(o, 'nonce', path, (v, p) => {
    const s = str(v, p);
    return isNonce(s) ? s : fail(p, `expected 16 to 64 lower-case hex digits, got ${describe(s)}`);
  });
  return { seed: seedText, salt, nonce: nonce ?? null };
}

function snapshotFair(x: unknown, path: string): SnapshotFair {
  const o = asObject(x, path);
  const hand = int(field(o, 'hand', path), join(path, 'hand'));
  const commit = commitText(field(o, 'commit', path), join(path, 'commit'));
  return { hand, commit, reveal: 'seed' in o || 'salt' in o ? fairReveal(x, path) : null };
}

function sheetRow(x: unknown, path: string): SheetRow {
  const o = asObject(x, path);
  return {
    hand: int(field(o, 'hand', path), join(path, 'hand')),
    score: perSeat(field(o, 'score', path), join(path, 'score'), int),
    totals: perSeat(field(o, 'totals', path), join(path, 'totals'), int),
    moon: optional(o, 'moon', path, moonResult) ?? null,
    winners: array(field(o, 'winners', path), join(path, 'winners'), seat),
  };
}

function view(x: unknown, path: string): View {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  return {
    ...updateView(x, path),
    names: get('names', (v, p) => perSeat(v, p, str)),
    sheet: get('sheet', (v, p) => array(v, p, sheetRow)),
    // A snapshot's view has the rules text (an update's never has it).
    ...(typeof o['rules'] === 'string' ? { rules: o['rules'] } : {}),
  };
}

function updateView(x: unknown, path: string): UpdateView {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const names = optional(o, 'names', path, (v, p) => perSeat(v, p, str));
  const sheet = optional(o, 'sheet', path, (v, p) => array(v, p, sheetRow));
  return {
    seat: get('seat', seat),
    phase: get('phase', phase),
    hand: get('hand', int),
    pass: get('pass', passDirection),
    ...(names === undefined ? {} : { names }),
    cards: get('cards', (v, p) => array(v, p, card)),
    legal: get('legal', (v, p) => array(v, p, card)),
    passed: optional(o, 'passed', path, (v, p) => array(v, p, card)) ?? [],
    received: optional(o, 'received', path, (v, p) => array(v, p, card)) ?? [],
    hasPassed: optional(o, 'has_passed', path, (v, p) => perSeat(v, p, bool)) ?? null,
    toMove: optional(o, 'to_move', path, seat) ?? null,
    trick: optional(o, 'trick', path, trick) ?? { leader: 'S', cards: [] },
    lastTrick: optional(o, 'last_trick', path, trick) ?? null,
    heartsBroken: get('hearts_broken', bool),
    points: get('points', (v, p) => perSeat(v, p, int)),
    markers: get('markers', (v, p) => perSeat(v, p, str)),
    scores: get('scores', (v, p) => perSeat(v, p, int)),
    ...(sheet === undefined ? {} : { sheet }),
    winners: optional(o, 'winners', path, (v, p) => array(v, p, seat)) ?? [],
    ...(optional(o, 'watching', path, bool) === true ? { watching: true } : {}),
  };
}

function gameEvent(x: unknown, path: string): GameEvent {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T =>
    read(field(o, key, path), join(path, key));
  const kind = get('kind', str);
  switch (kind) {
    case 'deal':
      return { kind, hand: get('hand', int), pass: get('pass', passDirection), commit: optional(o, 'commit', path, commitText) ?? null };
    case 'passed':
      return { kind, seat: get('seat', seat) };
    case 'exchange':
    case 'hearts_broken':
      return { kind };
    case 'play':
      return { kind, seat: get('seat', seat), card: get('card', card) };
    case 'trick':
      return { kind, winner: get('winner', seat), points: get('points', int) };
    case 'claim':
      return get('why', str) === 'no_points' ? { kind, seat: null, points: 0 } : { kind, seat: get('seat', seat), points: get('points', int) };
    case 'hand_over':
      return { kind, result: get('result', sheetRow) };
    case 'moon':
      return { kind, shooter: get('shooter', seat), scored: get('scored', moonChoice) };
    case 'game_over':
      return { kind, winners: get('winners', (v, p) => array(v, p, seat)), fair: optional(o, 'fair', path, fairReveal) ?? null };
    default:
      return fail(join(path, 'kind'), `unknown event ${describe(kind)}`);
  }
}

function readServerMessage(x: unknown): ServerMessage {
  const o = asObject(x, '');
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  const t = get('t', str);
  switch (t) {
    case 'welcome':
      // `name` and `relations` came with protocol version 2; a version-1 server leaves
      // them out, which reads as "no name yet" and "no relations".
      return {
        t,
        player: get('player', str),
        token: get('token', str),
        tables: get('tables', (v, p) => array(v, p, str)),
        name: optional(o, 'name', '', str) ?? null,
        relations: optional(o, 'relations', '', relations) ?? NO_RELATIONS,
        look: look(o, ''),
        // Left out (or "") until the player chooses one, and by a server from before it.
        lang: optional(o, 'lang', '', str) || null,
      };
    case 'snapshot': {
      // The hand's claim (its event), after a reconnection too: until the next deal.
      const claim = optional(o, 'claim', '', gameEvent);
      return {
        t,
        table: get('table', str),
        v: get('v', int),
        view: get('view', view),
        fair: optional(o, 'fair', '', snapshotFair) ?? null,
        daily: optional(o, 'daily', '', dayText) ?? null,
        // A level this page does not know (a later server's) is not shown.
        level: BOT_LEVELS.find((l) => l === o['level']) ?? null,
        claim: claim?.kind === 'claim' ? { seat: claim.seat } : null,
      };
    }
    case 'update':
      return { t, table: get('table', str), v: get('v', int), event: get('event', gameEvent), view: get('view', updateView) };
    case 'ack':
      return { t, id: get('id', int), v: get('v', int) };
    case 'error': {
      const id = optional(o, 'id', '', int);
      const base = { t, code: get('code', errorCode), reason: get('reason', str), ...coded(o) } as const;
      return id === undefined ? base : { ...base, id };
    }
    case 'pong':
      return { t };
    case 'table':
      return { t, table: get('table', str), info: get('info', tableInfo) };
    case 'chat':
      return {
        t,
        table: get('table', str),
        seat: get('seat', seat),
        player: get('player', str),
        name: get('name', str),
        text: get('text', str),
        at: get('at', int),
      };
    case 'lobby':
      return { t, tables: get('tables', (v, p) => array(v, p, lobbyEntry)) };
    case 'lobby_update':
      return {
        t,
        set: get('set', (v, p) => array(v, p, lobbyEntry)),
        removed: get('removed', (v, p) => array(v, p, str)),
      };
    case 'relations':
      return { t, ...relations(o, '') };
    case 'rematch':
      return { t, table: get('table', str), next: get('next', str) };
    case 'removed':
      return { t, table: get('table', str) };
    case 'unwatched':
      return { t, table: get('table', str), reason: get('reason', str), ...coded(o) };
    case 'you':
      return { t, player: get('player', str), name: get('name', str) };
    case 'challenge':
      return {
        t,
        table: get('table', str),
        from: get('from', playerRef),
        rules: get('rules', str),
        timer: get('timer', nonNegative),
      };
    case 'challenge_over':
      return { t, table: get('table', str), reason: get('reason', challengeEnd) };
    case 'achievement':
      // Its id comes as `achievement`: `id` at the top of a message is a request's id.
      return { t, table: get('table', str), ...achievement(o, '', 'achievement') };
    case 'look':
      return { t, look: look(o, '') };
    case 'lang':
      return { t, lang: get('lang', str) || null };
    case 'hint': {
      const action = get('action', oneOf<'pass' | 'play'>(['pass', 'play']));
      const cards = get('cards', (v, p) => array(v, p, card));
      if (cards.length !== (action === 'pass' ? 3 : 1)) fail('cards', `a ${action} hint has ${action === 'pass' ? 3 : 1} cards, got ${cards.length}`);
      return {
        t,
        table: get('table', str),
        v: get('v', int),
        action,
        cards,
        text: get('text', str),
        candidates:
          optional(o, 'candidates', '', (v, p) =>
            array(v, p, (c, q) => ({ card: card(field(asObject(c, q), 'card', q), join(q, 'card')), points: num(field(asObject(c, q), 'points', q), join(q, 'points')) })),
          ) ?? [],
      };
    }
    case 'shared': {
      const share = optional(o, 'share', '', (v, p) => (v === null ? null : shareId(v, p))) ?? null;
      return { t, table: get('table', str), share, waiting: get('waiting', int) };
    }
    // Read by the parts that show them (types.ts, Unread): the object as it came.
    case 'rating':
    case 'leaderboard':
    case 'profile':
    case 'stats':
    case 'achievements':
    case 'review':
    case 'daily':
      return { t, raw: o };
    case 'next_deal':
      return { t, commit: get('commit', commitText) };
    default:
      return fail('t', `unknown message type ${describe(t)}`);
  }
}
