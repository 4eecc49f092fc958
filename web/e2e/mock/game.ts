// A stand-in Hearts table for the browser tests' mock server (mock-server.ts): enough
// rules to play whole games against random bots and to produce the views and events of
// docs/protocol.md. It is test scaffolding, not the product: the real rules live in
// engine/, and the real server is `hearts serve`. The browser client itself never
// computes any of this.

type Seat = 'S' | 'W' | 'N' | 'E';
const SEATS: readonly Seat[] = ['S', 'W', 'N', 'E'];
const RANKS = '23456789TJQKA';
const SUITS = 'CDSH';
type Dir = 'left' | 'right' | 'across' | 'none';
const DIRS: Readonly<Record<string, Dir>> = { L: 'left', R: 'right', A: 'across', N: 'none' };
const STEPS: Readonly<Record<Dir, number>> = { left: 1, right: 3, across: 2, none: 0 };

export interface MockRules {
  cycle: string;
  end: number;
  queenBreaks: boolean;
}

export function parseRules(text: string): MockRules {
  const rules: MockRules = { cycle: 'LRAN', end: 100, queenBreaks: false };
  for (const part of text.split(',').filter(Boolean)) {
    const [k, v = ''] = part.split('=');
    if (k === 'pass' && /^[LRAN]{1,8}$/.test(v)) rules.cycle = v;
    else if (k === 'end' && Number(v) >= 1) rules.end = Number(v);
    else if (k === 'queen_breaks') rules.queenBreaks = v === 'yes';
  }
  return rules;
}

const suit = (c: string): string => c[1] as string;
const rank = (c: string): number => RANKS.indexOf(c[0] as string);
const seatAfter = (s: Seat, k: number): Seat => SEATS[(SEATS.indexOf(s) + k) % 4] as Seat;
const idx = (s: Seat): number => SEATS.indexOf(s);
const points = (cards: readonly string[]): number =>
  cards.filter((c) => suit(c) === 'H').length + (cards.includes('QS') ? 13 : 0);

interface Row {
  hand: number;
  score: number[];
  totals: number[];
  moon: { shooter: Seat; scored: 'others' } | null;
  winners: Seat[];
}

export type Phase = 'pass' | 'play' | 'hand_over' | 'game_over';

export class MockGame {
  phase: Phase = 'pass';
  handNo = 0;
  hands: string[][] = [[], [], [], []];
  passed: string[][] = [[], [], [], []];
  received: string[][] = [[], [], [], []];
  plays: { seat: Seat; card: string }[] = [];
  leader: Seat = 'S';
  tricks: { leader: Seat; cards: string[]; winner: Seat }[] = [];
  heartsBroken = false;
  scores = [0, 0, 0, 0];
  sheet: Row[] = [];
  winners: Seat[] = [];
  readonly events: Record<string, unknown>[] = [];

  constructor(
    readonly rules: MockRules,
    readonly names: string[],
    private readonly random: () => number = Math.random,
  ) {
    this.deal();
  }

  get pass(): Dir {
    return DIRS[this.rules.cycle[this.handNo % this.rules.cycle.length] as string] ?? 'none';
  }

  private deal(): void {
    const deck = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
    }
    this.hands = [0, 1, 2, 3].map((k) => deck.slice(k * 13, k * 13 + 13));
    this.passed = [[], [], [], []];
    this.received = [[], [], [], []];
    this.plays = [];
    this.tricks = [];
    this.heartsBroken = false;
    this.phase = this.pass === 'none' ? 'play' : 'pass';
    this.events.push({ kind: 'deal', hand: this.handNo + 1, pass: this.pass });
    if (this.phase === 'play') this.startPlay();
  }

  private startPlay(): void {
    this.leader = SEATS.find((s) => this.hands[idx(s)]?.includes('2C')) ?? 'S';
  }

  get trickCards(): string[] {
    const start = this.tricks.length * 4;
    return this.plays.slice(start).map((p) => p.card);
  }

  get toMove(): Seat | null {
    return this.phase === 'play' ? seatAfter(this.leader, this.trickCards.length) : null;
  }

  legal(seat: Seat): string[] {
    if (this.phase !== 'play' || this.toMove !== seat) return [];
    const hand = this.hands[idx(seat)] ?? [];
    const trick = this.trickCards;
    const first = this.tricks.length === 0;
    if (first && trick.length === 0) return hand.includes('2C') ? ['2C'] : hand;
    let options = hand;
    if (trick.length > 0) {
      const follow = hand.filter((c) => suit(c) === suit(trick[0] as string));
      if (follow.length > 0) return follow;
    } else if (!this.heartsBroken) {
      const nonHearts = hand.filter((c) => suit(c) !== 'H');
      if (nonHearts.length > 0) options = nonHearts;
    }
    if (first) {
      const clean = options.filter((c) => suit(c) !== 'H' && c !== 'QS');
      if (clean.length > 0) options = clean;
    }
    return options;
  }

  /** Returns an error reason, or null when applied. */
  choosePass(seat: Seat, cards: string[]): string | null {
    const i = idx(seat);
    if (this.phase !== 'pass') return 'not passing now';
    if ((this.passed[i] ?? []).length > 0) return 'already passed';
    if (cards.length !== 3 || new Set(cards).size !== 3 || !cards.every((c) => this.hands[i]?.includes(c))) {
      return 'cards: pass three different cards from your hand';
    }
    this.passed[i] = [...cards];
    this.events.push({ kind: 'passed', seat });
    if (this.passed.every((p) => p.length === 3)) {
      const step = STEPS[this.pass];
      for (const s of SEATS) {
        const to = idx(seatAfter(s, step));
        this.received[to] = [...(this.passed[idx(s)] ?? [])];
      }
      this.hands = this.hands.map((h, k) => [...h.filter((c) => !this.passed[k]?.includes(c)), ...(this.received[k] ?? [])]);
      this.phase = 'play';
      this.startPlay();
      this.events.push({ kind: 'exchange' });
    }
    return null;
  }

  play(seat: Seat, card: string): string | null {
    if (this.phase !== 'play') return 'not playing now';
    if (this.toMove !== seat) return `it is ${this.names[idx(this.toMove ?? 'S')]}'s turn`;
    if (!this.legal(seat).includes(card)) {
      const hand = this.hands[idx(seat)] ?? [];
      const led = this.trickCards[0];
      if (led && hand.some((c) => suit(c) === suit(led))) return 'You must follow suit';
      if (!led && suit(card) === 'H' && !this.heartsBroken) return 'Hearts are not broken yet';
      return 'That card is not allowed now';
    }
    this.hands[idx(seat)] = (this.hands[idx(seat)] ?? []).filter((c) => c !== card);
    this.plays.push({ seat, card });
    this.events.push({ kind: 'play', seat, card });
    const trick = this.trickCards;
    if (!this.heartsBroken && (suit(card) === 'H' || (this.rules.queenBreaks && card === 'QS'))) {
      this.heartsBroken = true;
      this.events.push({ kind: 'hearts_broken' });
    }
    if (trick.length === 4) {
      const ledSuit = suit(trick[0] as string);
      let best = 0;
      trick.forEach((c, k) => {
        if (suit(c) === ledSuit && rank(c) > rank(trick[best] as string)) best = k;
      });
      const winner = seatAfter(this.leader, best);
      this.tricks.push({ leader: this.leader, cards: trick, winner });
      this.events.push({ kind: 'trick', winner, points: points(trick) });
      this.leader = winner;
      if (this.tricks.length === 13) this.finishHand();
    }
    return null;
  }

  private taken(seat: Seat): string[] {
    return this.tricks.filter((t) => t.winner === seat).flatMap((t) => t.cards);
  }

  handPoints(): number[] {
    return SEATS.map((s) => points(this.taken(s)));
  }

  private finishHand(): void {
    const pts = this.handPoints();
    const shooter = SEATS.find((_, k) => pts[k] === 26) ?? null;
    const score = shooter ? SEATS.map((s) => (s === shooter ? 0 : 26)) : pts;
    this.scores = this.scores.map((v, k) => v + (score[k] ?? 0));
    const low = Math.min(...score);
    const row: Row = {
      hand: this.handNo + 1,
      score,
      totals: [...this.scores],
      moon: shooter ? { shooter, scored: 'others' } : null,
      winners: SEATS.filter((_, k) => score[k] === low),
    };
    this.sheet.push(row);
    if (shooter) this.events.push({ kind: 'moon', shooter, scored: 'others' });
    this.events.push({ kind: 'hand_over', result: row });
    const best = Math.min(...this.scores);
    const leaders = SEATS.filter((_, k) => this.scores[k] === best);
    if (Math.max(...this.scores) >= this.rules.end && leaders.length === 1) {
      this.phase = 'game_over';
      this.winners = leaders;
      this.events.push({ kind: 'game_over', winners: leaders });
    } else {
      this.phase = 'hand_over';
    }
  }

  next(): string | null {
    if (this.phase !== 'hand_over') return 'the hand is not over yet';
    this.handNo += 1;
    this.deal();
    return null;
  }

  /** The seat that must act now if it is a bot (any seat but South). */
  botToAct(): Seat | null {
    if (this.phase === 'pass') return SEATS.find((s) => s !== 'S' && (this.passed[idx(s)] ?? []).length === 0) ?? null;
    const t = this.toMove;
    return t && t !== 'S' ? t : null;
  }

  botMove(seat: Seat): void {
    const hand = this.hands[idx(seat)] ?? [];
    if (this.phase === 'pass') {
      this.choosePass(seat, hand.slice(0, 3));
      return;
    }
    const options = this.legal(seat);
    const card = options[Math.floor(this.random() * options.length)];
    if (card) this.play(seat, card);
  }

  view(seat: Seat): Record<string, unknown> {
    const i = idx(seat);
    const markers = SEATS.map((s) =>
      this.tricks
        .filter((t) => t.winner === s)
        .map((t) => (t.cards.includes('QS') ? '♠' : t.cards.some((c) => suit(c) === 'H') ? '♥' : '·'))
        .join(''),
    );
    const last = this.tricks[this.tricks.length - 1];
    return {
      seat,
      phase: this.phase,
      hand: this.handNo + 1,
      pass: this.pass,
      rules: `pass=${this.rules.cycle},end=${this.rules.end}`,
      names: this.names,
      cards: [...(this.hands[i] ?? [])],
      legal: this.legal(seat),
      passed: this.passed[i] ?? [],
      received: this.received[i] ?? [],
      has_passed: this.passed.map((p) => p.length === 3),
      to_move: this.toMove,
      trick: this.phase === 'pass' ? null : { leader: this.leader, cards: this.trickCards },
      last_trick: last ? { leader: last.leader, cards: last.cards, winner: last.winner } : null,
      hearts_broken: this.heartsBroken,
      points: this.handPoints(),
      markers,
      scores: this.scores,
      sheet: this.sheet,
      winners: this.winners,
    };
  }
}
