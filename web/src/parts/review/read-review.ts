// Reading a finished game's review (docs/protocol.md, "Reviews"), which read.ts passes on
// as it came (types.ts, Unread). As strict as read.ts: a refusal names the field at fault.

import { type Obj, array, asObject, bool, card, describe, fail, field, int, join, num, oneOf, optional, seat, str } from '../../net/read-fields';
import type { Card, GameReview, PlayKindKey, ReviewedPass, ReviewedPlay } from '../../net/types';

const playKind = oneOf<PlayKindKey>(['lead', 'follow', 'discard', 'moon']);

function reviewedPlay(x: unknown, path: string): ReviewedPlay {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    hand: get('hand', int),
    trick: get('trick', int),
    kind: get('kind', playKind),
    played: get('played', card),
    playedPoints: get('played_points', num),
    best: get('best', card),
    bestPoints: get('best_points', num),
  };
}

function threeCards(x: unknown, path: string): Card[] {
  const cards = array(x, path, card);
  if (cards.length !== 3 || new Set(cards).size !== 3) fail(path, `a pass is 3 different cards, got ${describe(cards)}`);
  return cards;
}

function reviewedPass(x: unknown, path: string): ReviewedPass {
  const o = asObject(x, path);
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, path), join(path, key));
  return {
    hand: get('hand', int),
    to: get('to', seat),
    passed: get('passed', threeCards),
    passedPoints: get('passed_points', num),
    best: get('best', threeCards),
    bestPoints: get('best_points', num),
    mistake: get('mistake', bool),
  };
}

function claimedHand(x: unknown, path: string): GameReview['claimed'][number] {
  const o = asObject(x, path);
  const cards = int(field(o, 'cards', path), join(path, 'cards'));
  if (cards < 1 || cards > 13) fail(join(path, 'cards'), `a hand's played-out cards are 1 to 13, got ${cards}`);
  return { hand: int(field(o, 'hand', path), join(path, 'hand')), cards };
}

/** The `review` answer. */
export function readReview(o: Obj): GameReview {
  const get = <T>(key: string, read: (x: unknown, path: string) => T): T => read(field(o, key, ''), key);
  const kinds = asObject(field(o, 'by_kind', ''), 'by_kind');
  const kindNum = (k: string): number => num(field(kinds, k, 'by_kind'), `by_kind.${k}`);
  // A review kept from before passes were reviewed has neither `passes` nor `by_kind.pass`.
  const pass = optional(kinds, 'pass', 'by_kind', num) ?? 0;
  const me = get('seat', seat);
  const passes = optional(o, 'passes', '', (v, p) => array(v, p, reviewedPass)) ?? [];
  passes.forEach((p, i) => {
    if (p.to === me) fail(`passes[${i}].to`, `a pass goes to another seat than ${me}`);
  });
  return {
    table: get('table', str),
    seat: me,
    deals: get('deals', int),
    lost: get('lost', num),
    byKind: { pass, lead: kindNum('lead'), follow: kindNum('follow'), discard: kindNum('discard'), moon: kindNum('moon') },
    passes,
    plays: get('plays', (v, p) => array(v, p, reviewedPlay)),
    // A review kept from before claims has no `claimed`.
    claimed: optional(o, 'claimed', '', (v, p) => array(v, p, claimedHand)) ?? [],
    text: get('text', str),
  };
}
