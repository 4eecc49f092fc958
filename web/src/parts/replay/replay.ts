// A finished game's replay, from its record (docs/game-record.md): every hand revealed,
// step by step (the deal, the pass, each card, the score). Built once from the record's
// deals and actions; the rules that matter here are who takes a trick (the highest card
// of the suit led) and what it is worth. Scores come from the record's own result, which
// the server checked against a replay of the game when it wrote it.

import { cardShort, compareCards, suitOf } from '../../game/cards';
import { dealHand } from '../../game/deal';
import { replayWords as w } from '../../i18n/replay';
import type { Card, MoonChoice, Seat } from '../../net/types';

export const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];
type PerSeat<T> = Readonly<Record<Seat, T>>;
export type PassName = 'left' | 'right' | 'across' | 'none';

export interface ReplayTrick {
  readonly leader: Seat;
  readonly cards: readonly Card[];
  /** Once the trick is complete: who took it and what it was worth. */
  readonly winner: Seat | null;
  readonly points: number;
}

export interface ReplayResult {
  readonly score: PerSeat<number>;
  readonly totals: PerSeat<number>;
  readonly moon: { readonly shooter: Seat; readonly scored: MoonChoice } | null;
}

/** One step of the replay: the table as it was after something happened. */
export interface Frame {
  readonly hand: number;
  readonly kind: 'deal' | 'pass' | 'play' | 'score';
  /** What happened, in words, in the language in use: "West plays the Q♠." */
  readonly what: string;
  /** Each seat's cards at this point. */
  readonly cards: PerSeat<readonly Card[]>;
  /** The trick on the table (the last one while the next is not led yet), or null. */
  readonly trick: ReplayTrick | null;
  /** Tricks completed this hand. */
  readonly tricks: number;
  /** Points taken in tricks this hand so far. */
  readonly points: PerSeat<number>;
  /** The totals before this hand. */
  readonly totals: PerSeat<number>;
  /** The pass of this hand, once made: what each seat gave. */
  readonly passed: PerSeat<readonly Card[]> | null;
  readonly pass: PassName;
  /** The hand's result, on its last step. */
  readonly result: ReplayResult | null;
}

export interface Replay {
  readonly frames: readonly Frame[];
  readonly hands: number;
  readonly names: PerSeat<string> | null;
  /** The game's final totals and winners, when it is over. */
  readonly winners: readonly Seat[];
}

const PASS_OF: Readonly<Record<string, PassName>> = { L: 'left', R: 'right', A: 'across', N: 'none' };
const STEP: Readonly<Record<PassName, number>> = { left: 1, right: 3, across: 2, none: 0 };
const SEAT_WORD = { S: 'south', W: 'west', N: 'north', E: 'east' } as const;

/** A seat by its place, in the language in use: "South". */
export function seatName(s: Seat): string {
  return w(SEAT_WORD[s]);
}

/** Whether a seat's name is the player's own "You" (the default name, or its word in the language in use). */
export function isYou(name: string): boolean {
  return name === 'You' || name === w('you');
}

const CARD = /^[2-9TJQKA][CDSH]$/;

/** A record that cannot be replayed, with the place and the reason. */
export class RecordError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isSeat = (x: unknown): x is Seat => x === 'S' || x === 'W' || x === 'N' || x === 'E';
const isCard = (x: unknown): x is Card => typeof x === 'string' && CARD.test(x);

function perSeatInts(x: unknown, where: string): PerSeat<number> {
  if (!isObj(x)) throw new RecordError(w('notSeats', { where }));
  const out = { S: 0, W: 0, N: 0, E: 0 };
  for (const s of SEATS) {
    const v = x[s];
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new RecordError(w('notWhole', { where: `${where}.${s}` }));
    out[s] = v;
  }
  return out;
}

/** What the trick is worth: 1 a heart, 13 the Q♠, −10 the J♦ when `jack`. */
export function trickPoints(cards: readonly Card[], jack: boolean): number {
  let p = 0;
  for (const c of cards) {
    if (suitOf(c) === 'H') p += 1;
    else if (c === 'QS') p += 13;
    else if (c === 'JD' && jack) p -= 10;
  }
  return p;
}

/** Who takes a complete trick: the highest card of the suit led. */
export function trickWinner(leader: Seat, cards: readonly Card[]): Seat {
  const led = suitOf(cards[0] as Card);
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i] as Card;
    if (suitOf(c) === led && compareCards(c, cards[best] as Card) > 0) best = i;
  }
  return seatAfter(leader, best);
}

function seatAfter(s: Seat, n: number): Seat {
  return SEATS[(SEATS.indexOf(s) + n) % 4] as Seat;
}

/**
 * The replay of a record (the parsed JSON). `names`, if known, name the seats ("You"
 * for `me`). A record that does not replay throws a RecordError that says where.
 */
export function buildReplay(record: unknown, names: PerSeat<string> | null = null): Replay {
  if (!isObj(record) || record['format'] !== 'hearts-game-record') throw new RecordError(w('notHearts'));
  const rules = isObj(record['rules']) ? record['rules'] : {};
  const cycle = typeof rules['pass'] === 'string' && /^[LRAN]{1,8}$/.test(rules['pass']) ? rules['pass'] : 'LRAN';
  const jack = rules['jack'] === true;
  const seedText = record['seed'];
  const deals = Array.isArray(record['deals']) ? record['deals'] : null;
  const actions = record['actions'];
  if (!Array.isArray(actions)) throw new RecordError(w('notList', { where: 'actions' }));
  const result = isObj(record['result']) ? record['result'] : {};
  const scored = Array.isArray(result['hands']) ? result['hands'] : [];
  // The steps' words are said when read (a getter), in the language in use then.
  const nameOf = (s: Seat): string => names?.[s] || seatName(s);
  const you = (s: Seat): boolean => isYou(nameOf(s));

  const frames: Frame[] = [];
  let totals: PerSeat<number> = { S: 0, W: 0, N: 0, E: 0 };
  let at = 0;
  let hand = 0;
  while (at < actions.length || hand === 0) {
    hand += 1;
    const n = hand;
    const pass = PASS_OF[cycle[(hand - 1) % cycle.length] as string] as PassName;
    const cards: Record<Seat, Card[]> = dealtCards(deals, seedText, hand);
    const points = { S: 0, W: 0, N: 0, E: 0 };
    const base = { hand, totals, pass };
    const snap = (): PerSeat<readonly Card[]> => ({ S: [...cards.S], W: [...cards.W], N: [...cards.N], E: [...cards.E] });
    const passWord = ({ none: 'noPass', left: 'passLeft', right: 'passRight', across: 'passAcross' } as const)[pass];
    const dealt = (): string => `${w('dealt', { hand: n })} ${w(passWord)}`;
    frames.push({ ...base, kind: 'deal', get what() { return dealt(); }, cards: snap(), trick: null, tricks: 0, points: { ...points }, passed: null, result: null });

    let passed: PerSeat<readonly Card[]> | null = null;
    if (pass !== 'none') {
      const chosen: Partial<Record<Seat, Card[]>> = {};
      while (Object.keys(chosen).length < 4 && at < actions.length) {
        const a = actions[at];
        const where = `actions[${at}]`;
        if (!isObj(a) || !isSeat(a['seat']) || !Array.isArray(a['pass'])) throw new RecordError(w('notPass', { where, hand: String(hand) }));
        const seat = a['seat'];
        const three = a['pass'];
        if (chosen[seat] !== undefined) throw new RecordError(w('passesTwice', { where, seat }));
        if (three.length !== 3 || !three.every((c) => isCard(c) && cards[seat].includes(c))) throw new RecordError(w('passOwn', { where, seat }));
        chosen[seat] = three as Card[];
        at += 1;
      }
      if (Object.keys(chosen).length < 4) break; // cut short during the pass
      const gave = chosen as Record<Seat, Card[]>;
      for (const s of SEATS) cards[s] = cards[s].filter((c) => !gave[s].includes(c));
      for (const s of SEATS) cards[seatAfter(s, STEP[pass])].push(...gave[s]);
      for (const s of SEATS) cards[s].sort(compareCards);
      passed = gave;
      const passes = ({ left: 'passesLeft', right: 'passesRight', across: 'passesAcross' } as const)[pass];
      frames.push({ ...base, kind: 'pass', get what() { return w(passes); }, cards: snap(), trick: null, tricks: 0, points: { ...points }, passed, result: null });
    }

    let leader: Seat = SEATS.find((s) => cards[s].includes('2C')) ?? 'S';
    let trick: Card[] = [];
    let tricks = 0;
    let last: ReplayTrick | null = null;
    while (tricks < 13 && at < actions.length) {
      const a = actions[at];
      const where = `actions[${at}]`;
      if (!isObj(a) || !isSeat(a['seat']) || !isCard(a['play'])) throw new RecordError(w('notPlay', { where }));
      const seat = a['seat'];
      const card = a['play'];
      const toMove = seatAfter(leader, trick.length);
      if (seat !== toMove) throw new RecordError(w('notTurn', { where, seat, turn: toMove }));
      if (!cards[seat].includes(card)) throw new RecordError(w('notHeld', { where, seat, card }));
      cards[seat] = cards[seat].filter((c) => c !== card);
      trick.push(card);
      at += 1;
      const lead = trick.length === 1;
      const played = (): string => {
        const c = cardShort(card);
        if (you(seat)) return w(lead ? 'youLead' : 'youPlay', { card: c });
        return w(lead ? 'leads' : 'plays', { name: nameOf(seat), card: c });
      };
      let what = played;
      if (trick.length === 4) {
        const winner = trickWinner(leader, trick);
        const worth = trickPoints(trick, jack);
        points[winner] += worth;
        tricks += 1;
        last = { leader, cards: [...trick], winner, points: worth };
        const took = (): string => {
          if (you(winner)) return worth === 0 ? w('youTake') : w('youTakePoints', { n: worth });
          const name = nameOf(winner);
          return worth === 0 ? w('takes', { name }) : w('takesPoints', { name, n: worth });
        };
        what = () => `${played()} ${took()}`;
        leader = winner;
        trick = [];
      } else {
        last = { leader, cards: [...trick], winner: null, points: 0 };
      }
      const say = what;
      frames.push({ ...base, kind: 'play', get what() { return say(); }, cards: snap(), trick: last, tricks, points: { ...points }, passed, result: null });
    }
    if (tricks < 13) break; // cut short during the play

    const a = actions[at];
    if (isObj(a) && typeof a['moon'] === 'string') at += 1;
    const row = scored[hand - 1];
    if (isObj(row)) {
      const score = perSeatInts(row['score'], `result.hands[${hand - 1}].score`);
      const after = perSeatInts(row['totals'], `result.hands[${hand - 1}].totals`);
      const moonRaw = row['moon'];
      const moon = isObj(moonRaw) && isSeat(moonRaw['shooter']) && (moonRaw['scored'] === 'others' || moonRaw['scored'] === 'shooter') ? { shooter: moonRaw['shooter'], scored: moonRaw['scored'] as MoonChoice } : null;
      const moonWords = (): string => {
        if (moon === null) return '';
        return `${you(moon.shooter) ? w('youShotMoon') : w('shotMoon', { name: nameOf(moon.shooter) })} `;
      };
      const scoredWords = (): string => `${moonWords()}${w('scored', { hand: n })}`;
      frames.push({ ...base, kind: 'score', get what() { return scoredWords(); }, cards: snap(), trick: last, tricks, points: { ...points }, passed, result: { score, totals: after, moon } });
      totals = after;
    }
    const next = actions[at];
    if (isObj(next) && next['next'] === true) at += 1;
    else if (at < actions.length) throw new RecordError(w('notNext', { where: `actions[${at}]` }));
  }
  const winners = Array.isArray(result['winners']) ? result['winners'].filter(isSeat) : [];
  return { frames, hands: hand, names, winners };
}

/**
 * The step a replay starts at for `start`: the hand's deal (`card` null: the pass is
 * next), or the step just before `card` was played in that hand. The first step when
 * the record has no such place.
 */
export function startStep(frames: readonly Frame[], start: { readonly hand: number; readonly card: Card | null } | undefined): number {
  if (start === undefined) return 0;
  const deal = frames.findIndex((f) => f.hand === start.hand);
  if (deal < 0) return 0;
  if (start.card === null) return deal;
  const played = frames.findIndex((f) => f.hand === start.hand && f.kind === 'play' && f.trick?.cards[f.trick.cards.length - 1] === start.card);
  return played < 0 ? deal : played - 1;
}

function dealtCards(deals: unknown[] | null, seedText: unknown, hand: number): Record<Seat, Card[]> {
  const entry = deals?.[hand - 1];
  if (isObj(entry)) {
    const out = { S: [] as Card[], W: [] as Card[], N: [] as Card[], E: [] as Card[] };
    for (const s of SEATS) {
      const list = entry[s];
      if (!Array.isArray(list) || list.length !== 13 || !list.every(isCard)) throw new RecordError(w('notDeal', { where: `deals[${hand - 1}].${s}` }));
      out[s] = [...list];
    }
    return out;
  }
  if (typeof seedText !== 'string' || !/^(0|[1-9][0-9]{0,19})$/.test(seedText) || BigInt(seedText) >= 1n << 64n) throw new RecordError(w('notSeed', { where: 'seed' }));
  const d = dealHand(BigInt(seedText), hand);
  return { S: [...d.S], W: [...d.W], N: [...d.N], E: [...d.E] };
}
