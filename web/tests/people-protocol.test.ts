// Parsing and encoding the messages of docs/protocol.md "Playing with people".

import { describe, expect, it } from 'vitest';
import { encodeClientMessage } from '../src/net/encode';
import { parseServerMessage } from '../src/net/read';
import type { ServerMessage, TableInfo } from '../src/net/types';
import { readAchievements, readLeaderboard } from '../src/parts/dialogs/read-dialogs';
import { readProfile, readRatingChange } from '../src/people/read-rated';
import { chatText, infoRaw, lobbyEntryRaw, readByPart, refusedByPart, tableText, waitingInfoRaw } from './fixtures';

function ok(text: string): ServerMessage {
  const r = parseServerMessage(text);
  if (!r.ok) throw new Error(r.error);
  return r.message;
}

function refusal(text: string): string {
  const r = parseServerMessage(text);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.error;
}

const json = (o: unknown): string => JSON.stringify(o);

describe('welcome with a name and relations', () => {
  it('reads the name (or null) and the relations', () => {
    const m = ok(
      json({
        t: 'welcome',
        player: 'p_1',
        token: 's',
        tables: [],
        name: 'Ada',
        relations: { block: [{ player: 'p_2', name: 'Bob' }], mute: [], favorite: [{ player: 'p_3', name: 'Cy' }] },
        face: 3,
        wearing: 'halo',
      }),
    );
    expect(m).toEqual({
      t: 'welcome',
      player: 'p_1',
      token: 's',
      tables: [],
      name: 'Ada',
      relations: { block: [{ player: 'p_2', name: 'Bob' }], mute: [], favorite: [{ player: 'p_3', name: 'Cy' }] },
      look: { face: 3, wearing: 'halo' },
      lang: null,
    });
    const chosen = ok(json({ t: 'welcome', player: 'p_1', token: 's', tables: [], name: 'Ada', relations: { block: [], mute: [], favorite: [] }, lang: 'pt-BR' }));
    expect(chosen.t === 'welcome' && chosen.lang).toBe('pt-BR');
    const unnamed = ok(json({ t: 'welcome', player: 'p_1', token: 's', tables: [], name: null, relations: { block: [], mute: [], favorite: [] } }));
    expect(unnamed.t === 'welcome' && unnamed.name).toBeNull();
  });

  it('refuses a mistyped name or relations', () => {
    const base = { t: 'welcome', player: 'p_1', token: 's', tables: [] };
    expect(refusal(json({ ...base, name: 7 }))).toBe('name: expected a string, got 7');
    expect(refusal(json({ ...base, relations: { block: [], mute: [] } }))).toBe('relations.favorite: missing');
    expect(refusal(json({ ...base, relations: { block: [{ player: 'p_2' }], mute: [], favorite: [] } }))).toBe(
      'relations.block[0].name: missing',
    );
  });
});

describe('achievements', () => {
  const entry = { id: 'first_game', name: 'First game', how: 'Finish a game.', title: 'card player', item: 'flat_cap', item_name: 'flat cap' };
  it('reads the list, the pop-up and a look', () => {
    // The list as the page reads it: passed on by parseServerMessage, read by the dialogs' part.
    const list = readByPart(json({ t: 'achievements', list: [{ ...entry, earned: 1764620000000 }, { ...entry, id: 'x', earned: null }], face: 2, wearing: 'flat_cap' }), readAchievements);
    expect(list).toEqual({
      t: 'achievements',
      list: [
        { id: 'first_game', name: 'First game', how: 'Finish a game.', title: 'card player', item: 'flat_cap', itemName: 'flat cap', earned: 1764620000000 },
        { id: 'x', name: 'First game', how: 'Finish a game.', title: 'card player', item: 'flat_cap', itemName: 'flat cap', earned: null },
      ],
      look: { face: 2, wearing: 'flat_cap' },
    });
    const { id: _id, ...rest } = entry;
    expect(ok(json({ t: 'achievement', table: 't1', achievement: 'first_game', ...rest }))).toEqual({
      t: 'achievement',
      table: 't1',
      id: 'first_game',
      name: 'First game',
      how: 'Finish a game.',
      title: 'card player',
      item: 'flat_cap',
      itemName: 'flat cap',
    });
    expect(ok(json({ t: 'look', face: -1, wearing: '' }))).toEqual({ t: 'look', look: { face: -1, wearing: '' } });
  });
  it('refuses what does not read', () => {
    expect(refusal(json({ t: 'achievement', table: 't1', ...entry, item_name: 3 }))).toContain('achievement');
    expect(refusal(json({ t: 'achievement', table: 't1', achievement: 'x', name: 'n', how: 'h', title: 't', item: 'i', item_name: 3 }))).toContain('item_name');
    expect(refusal(json({ t: 'look', face: -2, wearing: '' }))).toContain('face');
    expect(refusedByPart(json({ t: 'achievements', list: [{ ...entry }], face: 0, wearing: '' }), readAchievements)).toContain('earned');
  });
});

describe('table', () => {
  it('reads the documented info', () => {
    const m = ok(tableText(infoRaw({ timer_votes: ['S'], ready: ['E'], rematch_votes: [] })));
    if (m.t !== 'table') throw new Error(m.t);
    expect(m.table).toBe('k3v9q2mx');
    expect(m.info.kind).toBe('private');
    expect(m.info.you).toBe('W');
    expect(m.info.deadline).toBe(21500);
    expect(m.info.waitingFor).toEqual(['W']);
    expect(m.info.seats[2]).toEqual({ player: null, name: 'Bill', human: false, connected: true, away: false, face: -1, wearing: '' });
    expect(m.info.timerVotes).toEqual(['S']);
    expect(m.info.ready).toEqual(['E']);
    expect(m.info.next).toBeNull();
    expect(m.info.ended).toBeNull();
  });

  it('reads the example of docs/protocol.md', () => {
    const text =
      '{"t":"table","table":"k3v9q2mx","info":{"kind":"private","state":"playing","host":"S","you":"W","code":"k3v9q2mx",' +
      '"rules":"pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue",' +
      '"timer":30,"deadline":21500,"waiting_for":["W"],' +
      '"seats":[{"player":"p_a","name":"Ada","human":true,"connected":true,"away":false},' +
      '{"player":"p_b","name":"Bob","human":true,"connected":false,"away":true},' +
      '{"player":null,"name":"Bill","human":false,"connected":true,"away":false},' +
      '{"player":null,"name":null,"human":false,"connected":false,"away":false}],' +
      '"timer_votes":["S"],"ready":[],"rematch_votes":[],"next":null,"ended":null}}';
    const m = ok(text);
    expect(m.t === 'table' && m.info.seats[1].away).toBe(true);
  });

  it('reads waiting tables, a conceded end, a rematch and no seat of mine', () => {
    const waiting = ok(tableText(waitingInfoRaw()));
    expect(waiting.t === 'table' && waiting.info.seats[3]).toEqual({ player: null, name: null, human: false, connected: false, away: false, face: -1, wearing: '' });
    const over = ok(tableText(infoRaw({ state: 'finished', you: null, ended: 'conceded', next: 'newtab12', deadline: null })));
    if (over.t !== 'table') throw new Error(over.t);
    expect(over.info.you).toBeNull();
    expect(over.info.ended).toBe('conceded');
    expect(over.info.next).toBe('newtab12');
  });

  it('reads every way a table ends before its game: conceded, closed, abandoned', () => {
    for (const ended of ['conceded', 'closed', 'abandoned', null] as const) {
      const m = ok(tableText(waitingInfoRaw({ ended })));
      expect(m.t === 'table' && m.info.ended).toBe(ended);
    }
    expect(refusal(tableText(infoRaw({ ended: 'finished' })))).toBe(
      'info.ended: expected one of conceded, closed, abandoned, got "finished"',
    );
    const noEnded = infoRaw();
    delete noEnded['ended'];
    expect(refusal(tableText(noEnded))).toBe('info.ended: missing');
  });

  it('refuses a bad info, naming the field', () => {
    expect(refusal(tableText(infoRaw({ kind: 'duel' })))).toMatch(/^info\.kind: expected one of solo, public, private/);
    expect(refusal(tableText(infoRaw({ state: 'paused' })))).toMatch(/^info\.state: expected one of/);
    expect(refusal(tableText(infoRaw({ host: 'X' })))).toBe('info.host: "X" is not a seat (S, W, N, E)');
    expect(refusal(tableText(infoRaw({ deadline: -5 })))).toBe('info.deadline: expected a number of at least 0, got -5');
    expect(refusal(tableText(infoRaw({ deadline: 'soon' })))).toBe('info.deadline: expected an integer, got "soon"');
    expect(refusal(tableText(infoRaw({ waiting_for: ['W', 'Q'] })))).toBe('info.waiting_for[1]: "Q" is not a seat (S, W, N, E)');
    expect(refusal(tableText(infoRaw({ seats: [] })))).toBe('info.seats: expected 4 entries (S, W, N, E), got 0');
    expect(refusal(tableText(infoRaw({ ended: 'bored' })))).toMatch(/^info\.ended: expected one of conceded/);
    const noVotes = infoRaw();
    delete noVotes['timer_votes'];
    expect(refusal(tableText(noVotes))).toBe('info.timer_votes: missing');
    const noYou = infoRaw();
    delete noYou['you'];
    expect(refusal(tableText(noYou))).toBe('info.you: missing');
    const seats = (infoRaw()['seats'] as Record<string, unknown>[]).map((s, i) => (i === 1 ? { ...s, away: 'no' } : s));
    expect(refusal(tableText(infoRaw({ seats })))).toBe('info.seats[1].away: expected true or false, got "no"');
    expect(refusal(json({ t: 'table', info: infoRaw() }))).toBe('table: missing');
  });
});

describe('chat, lobby, relations, rematch, removed, you', () => {
  it('reads a chat line, keeping its text as it is', () => {
    const m = ok(chatText('<img src=x onerror=alert(1)>', { name: '<b>Ada</b>' }));
    expect(m).toEqual({
      t: 'chat',
      table: 'k3v9q2mx',
      seat: 'S',
      player: 'p_ada',
      name: '<b>Ada</b>',
      text: '<img src=x onerror=alert(1)>',
      at: 1_700_000_000_000,
    });
    expect(refusal(chatText('hi', { seat: 'Z' }))).toBe('seat: "Z" is not a seat (S, W, N, E)');
    expect(refusal(chatText('hi', { at: '12:00' }))).toBe('at: expected an integer, got "12:00"');
    expect(refusal(chatText('hi', { text: null }))).toBe('text: expected a string, got null');
  });

  it('reads the lobby', () => {
    const m = ok(json({ t: 'lobby', tables: [lobbyEntryRaw(), lobbyEntryRaw({ table: 'b', state: 'playing', created: 5 })] }));
    if (m.t !== 'lobby') throw new Error(m.t);
    expect(m.tables).toHaveLength(2);
    expect(m.tables[0]?.seats[0]).toEqual({ player: 'p_ada', name: 'Ada', human: true });
    expect(m.tables[0]?.created).toBe(1_700_000_000_000);
    expect(m.tables[1]?.created).toBe(5);
    // Who blocked whom is not the server's to say any more: an old `blocked` is ignored.
    const old = ok(json({ t: 'lobby', tables: [lobbyEntryRaw({ blocked: true })] }));
    expect(old.t === 'lobby' && 'blocked' in (old.tables[0] ?? {})).toBe(false);
    expect(ok(json({ t: 'lobby', tables: [] }))).toEqual({ t: 'lobby', tables: [] });
    const { created: _c, ...noCreated } = lobbyEntryRaw();
    expect(refusal(json({ t: 'lobby', tables: [noCreated] }))).toBe('tables[0].created: missing');
    expect(refusal(json({ t: 'lobby', tables: [lobbyEntryRaw({ created: '2024' })] }))).toBe('tables[0].created: expected an integer, got "2024"');
    expect(refusal(json({ t: 'lobby', tables: [lobbyEntryRaw({ created: 1.5 })] }))).toBe('tables[0].created: expected an integer, got 1.5');
    expect(refusal(json({ t: 'lobby', tables: [lobbyEntryRaw({ seats: [{}, {}, {}, {}] })] }))).toBe('tables[0].seats[0].player: missing');
    expect(refusal(json({ t: 'lobby' }))).toBe('tables: missing');
  });

  it('reads a lobby update: entries set, tables removed', () => {
    const m = ok(json({ t: 'lobby_update', set: [lobbyEntryRaw({ table: 'new12345' })], removed: ['old12345'] }));
    if (m.t !== 'lobby_update') throw new Error(m.t);
    expect(m.set.map((e) => e.table)).toEqual(['new12345']);
    expect(m.set[0]?.seats[0]).toEqual({ player: 'p_ada', name: 'Ada', human: true });
    expect(m.removed).toEqual(['old12345']);
    expect(ok(json({ t: 'lobby_update', set: [], removed: [] }))).toEqual({ t: 'lobby_update', set: [], removed: [] });
    expect(refusal(json({ t: 'lobby_update', set: [] }))).toBe('removed: missing');
    expect(refusal(json({ t: 'lobby_update', removed: [] }))).toBe('set: missing');
    expect(refusal(json({ t: 'lobby_update', set: [], removed: ['a', 7] }))).toBe('removed[1]: expected a string, got 7');
    expect(refusal(json({ t: 'lobby_update', set: {}, removed: [] }))).toBe('set: expected an array, got {}');
    expect(refusal(json({ t: 'lobby_update', set: [lobbyEntryRaw({ state: 'gone' })], removed: [] }))).toMatch(
      /^set\[0\]\.state: expected one of waiting, playing, finished/,
    );
    expect(refusal(json({ t: 'lobby_update', set: [lobbyEntryRaw({ seats: [] })], removed: [] }))).toBe(
      'set[0].seats: expected 4 entries (S, W, N, E), got 0',
    );
  });

  it('reads relations, rematch, removed and you', () => {
    expect(ok(json({ t: 'relations', block: [], mute: [{ player: 'p_2', name: 'Bob' }], favorite: [] }))).toEqual({
      t: 'relations',
      block: [],
      mute: [{ player: 'p_2', name: 'Bob' }],
      favorite: [],
    });
    expect(ok(json({ t: 'rematch', table: 'old', next: 'new' }))).toEqual({ t: 'rematch', table: 'old', next: 'new' });
    expect(ok(json({ t: 'removed', table: 'k3' }))).toEqual({ t: 'removed', table: 'k3' });
    expect(ok(json({ t: 'you', player: 'p_1', name: 'Ada' }))).toEqual({ t: 'you', player: 'p_1', name: 'Ada' });
    expect(refusal(json({ t: 'relations', block: [], mute: [] }))).toBe('favorite: missing');
    expect(refusal(json({ t: 'rematch', table: 'old' }))).toBe('next: missing');
    expect(refusal(json({ t: 'removed' }))).toBe('table: missing');
    expect(refusal(json({ t: 'you', player: 'p_1', name: null }))).toBe('name: expected a string, got null');
  });

  it('reads the new error codes', () => {
    for (const code of ['no_name', 'full', 'blocked', 'confirm_blocked', 'not_host', 'not_seated', 'state', 'name_taken']) {
      const m = ok(json({ t: 'error', code, reason: 'r', id: 3 }));
      expect(m.t === 'error' && m.code).toBe(code);
    }
  });
});

describe('rating', () => {
  // The example of docs/protocol.md, "Ratings".
  const example =
    '{"t":"rating","table":"k3v9q2mx","board":"standard","place":1,"games":3,"provisional":true,' +
    '"before":{"rating":1000,"mu":25.0,"sigma":8.33},' +
    '"after":{"rating":1138,"mu":27.64,"sigma":8.07},"counted":1,"reason":""}';

  // As the page reads them: passed on by parseServerMessage, read by the part that shows them.
  it('reads the example of docs/protocol.md', () => {
    expect(readByPart(example, readRatingChange)).toEqual({
      t: 'rating',
      table: 'k3v9q2mx',
      board: 'standard',
      place: 1,
      games: 3,
      provisional: true,
      before: 1000,
      after: 1138,
      counted: 1,
      reason: '',
      why: [],
    });
    // With a reason, its clauses as codes; one that is not a code is left out.
    const capped = { ...(JSON.parse(example) as Record<string, unknown>), counted: 0.5, reason: 'players with fewer than 10 rated games do not move your rating yet',
      why: [{ msg: 'rating_newcomers', args: { n: 10 } }, { msg: 7 }, 'x'] };
    expect(readByPart(json(capped), readRatingChange)).toMatchObject({ why: [{ msg: 'rating_newcomers', args: { n: 10 } }] });
  });

  it('refuses a change without its numbers, naming the field', () => {
    const o = JSON.parse(example) as Record<string, unknown>;
    expect(refusedByPart(json({ ...o, after: { mu: 27.64 } }), readRatingChange)).toBe('after.rating: missing');
    expect(refusedByPart(json({ ...o, place: 'first' }), readRatingChange)).toMatch(/^place: /);
    expect(refusedByPart(json({ ...o, reason: undefined }), readRatingChange)).toBe('reason: missing');
  });
});

describe('leaderboard', () => {
  it('reads the example of docs/protocol.md, and refuses a row without its rating', () => {
    const example = {
      t: 'leaderboard',
      board: 'standard',
      page: 0,
      more: true,
      leaders: [{ rank: 1, player: 'p_k3v9q2mx', name: 'Ada', rating: 1412, games: 57 }],
      rank: 0,
      boards: [{ board: 'standard', rating: 1138, games: 3, provisional: true }],
      history: [
        { at: 1765000000000, rating: 1062, games: 1 },
        { at: 1765000900000, rating: 1101, games: 2 },
      ],
    };
    expect(readByPart(json(example), readLeaderboard)).toEqual(example);
    // From a server before `history`: none.
    const { history: _h, ...older } = example;
    expect(readByPart(json(older), readLeaderboard)).toEqual({ ...older, history: [] });
    // From a server before pages: its one page, and no more.
    const { page: _p, more: _m, ...unpaged } = example;
    expect(readByPart(json(unpaged), readLeaderboard)).toStrictEqual({ ...unpaged, page: 0, more: false });
    expect(readByPart(json({ ...example, page: 1, more: false }), readLeaderboard)).toMatchObject({ page: 1, more: false });
    // A board's uncertainty, from a server that says it.
    expect(readByPart(json({ ...example, boards: [{ ...example.boards[0], sigma: 90 }] }), readLeaderboard).boards).toEqual([{ ...example.boards[0], sigma: 90 }]);
    expect(refusedByPart(json({ ...example, page: -1 }), readLeaderboard)).toMatch(/^page: /);
    expect(refusedByPart(json({ ...example, more: 'yes' }), readLeaderboard)).toMatch(/^more: /);
    expect(refusedByPart(json({ ...example, history: [{ at: 1, games: 1 }] }), readLeaderboard)).toBe('history[0].rating: missing');
    expect(refusedByPart(json({ ...example, leaders: [{ rank: 1, player: 'p', name: 'A', games: 5 }] }), readLeaderboard)).toBe('leaders[0].rating: missing');
    expect(refusedByPart(json({ ...example, boards: [{ board: 'standard', rating: 1, games: 3 }] }), readLeaderboard)).toBe('boards[0].provisional: missing');
  });
});

describe('profile', () => {
  // The example of docs/protocol.md, "Leaderboards".
  const example = {
    t: 'profile',
    player: 'p_k3v9q2mx',
    name: 'Ada',
    rank: 3,
    boards: [{ board: 'standard', rating: 1412, games: 57, provisional: false, sigma: 48 }],
    places: [21, 15, 12, 9],
    history: [
      { at: 1765000000000, rating: 1398, games: 56 },
      { at: 1765000900000, rating: 1412, games: 57 },
    ],
  };

  it('reads the example of docs/protocol.md', () => {
    expect(readByPart(json(example), readProfile)).toEqual(example);
    expect(refusedByPart(json({ ...example, rank: -1 }), readProfile)).toMatch(/^rank: /);
  });

  it('reads a profile from a server before places, history and sigma as having none', () => {
    const { places: _p, history: _h, ...older } = example;
    const boards = [{ board: 'standard', rating: 1412, games: 57, provisional: false }];
    expect(readByPart(json({ ...older, boards }), readProfile)).toStrictEqual({ ...older, boards, places: [], history: [] });
    expect(readByPart(json({ ...example, places: null, history: null }), readProfile)).toMatchObject({ places: [], history: [] });
  });

  it('refuses places, history or sigma that do not read, naming the field', () => {
    expect(refusedByPart(json({ ...example, places: [1, 2, 3] }), readProfile)).toBe('places: expected 4 counts (1st to 4th), got 3');
    expect(refusedByPart(json({ ...example, places: [1, -2, 3, 4] }), readProfile)).toBe('places[1]: expected a number of at least 0, got -2');
    expect(refusedByPart(json({ ...example, history: [{ at: 1, games: 1 }] }), readProfile)).toBe('history[0].rating: missing');
    expect(refusedByPart(json({ ...example, boards: [{ ...example.boards[0], sigma: '48' }] }), readProfile)).toBe('boards[0].sigma: expected a number, got "48"');
  });
});

describe('challenges', () => {
  it('reads a challenge to me and its end', () => {
    const m = ok(json({ t: 'challenge', table: 'k3v9q2mx', from: { player: 'p_ada', name: '<b>Ada</b>' }, rules: 'end=50', timer: 0 }));
    expect(m).toEqual({ t: 'challenge', table: 'k3v9q2mx', from: { player: 'p_ada', name: '<b>Ada</b>' }, rules: 'end=50', timer: 0 });
    for (const reason of ['joined', 'declined', 'withdrawn'] as const) {
      expect(ok(json({ t: 'challenge_over', table: 'k3', reason }))).toEqual({ t: 'challenge_over', table: 'k3', reason });
    }
  });

  it('refuses a challenge or its end with a field missing or mistyped', () => {
    const base = { t: 'challenge', table: 'k3', from: { player: 'p_ada', name: 'Ada' }, rules: 'end=50', timer: 30 };
    expect(refusal(json({ ...base, from: { player: 'p_ada' } }))).toBe('from.name: missing');
    expect(refusal(json({ ...base, from: 'Ada' }))).toBe('from: expected an object');
    expect(refusal(json({ ...base, timer: -1 }))).toBe('timer: expected a number of at least 0, got -1');
    const { rules: _rules, ...noRules } = base;
    expect(refusal(json(noRules))).toBe('rules: missing');
    expect(refusal(json({ t: 'challenge_over', table: 'k3', reason: 'bored' }))).toMatch(
      /^reason: expected one of joined, declined, withdrawn, got "bored"/,
    );
    expect(refusal(json({ t: 'challenge_over', reason: 'joined' }))).toBe('table: missing');
  });

  it('reads info.challenge: pending, declined, null, or left out by an older server', () => {
    const pending = ok(tableText(waitingInfoRaw({ challenge: { player: 'p_bob', name: 'Bob', state: 'pending' } })));
    expect(pending.t === 'table' && pending.info.challenge).toEqual({ player: 'p_bob', name: 'Bob', state: 'pending' });
    const declined = ok(tableText(waitingInfoRaw({ challenge: { player: 'p_bob', name: 'Bob', state: 'declined' } })));
    expect(declined.t === 'table' && declined.info.challenge?.state).toBe('declined');
    const none = ok(tableText(waitingInfoRaw({ challenge: null })));
    expect(none.t === 'table' && none.info.challenge).toBeNull();
    const older = ok(tableText(waitingInfoRaw()));
    expect(older.t === 'table' && older.info.challenge).toBeNull();
    expect(refusal(tableText(waitingInfoRaw({ challenge: { player: 'p_bob', name: 'Bob', state: 'maybe' } })))).toMatch(
      /^info\.challenge\.state: expected one of pending, declined/,
    );
    expect(refusal(tableText(waitingInfoRaw({ challenge: { player: 'p_bob', state: 'pending' } })))).toBe('info.challenge.name: missing');
  });

  it('reads the refusal of a challenge to someone who is not online', () => {
    const m = ok(json({ t: 'error', code: 'offline', reason: 'Ada is not online right now', id: 4 }));
    expect(m).toEqual({ t: 'error', code: 'offline', reason: 'Ada is not online right now', id: 4 });
  });

  it('writes challenge and decline as documented', () => {
    expect(JSON.parse(encodeClientMessage({ t: 'challenge', player: 'p_ada', rules: 'end=50', timer: 30, id: 9 }))).toEqual({
      t: 'challenge',
      player: 'p_ada',
      rules: 'end=50',
      timer: 30,
      id: 9,
    });
    expect(JSON.parse(encodeClientMessage({ t: 'challenge', player: 'p_ada' }))).toEqual({ t: 'challenge', player: 'p_ada' });
    expect(JSON.parse(encodeClientMessage({ t: 'decline', table: 'k3v9q2mx' }))).toEqual({ t: 'decline', table: 'k3v9q2mx' });
  });
});

describe('encoding the client messages of playing with people', () => {
  it('writes each as documented', () => {
    const cases: [Parameters<typeof encodeClientMessage>[0], unknown][] = [
      [{ t: 'set_name', name: 'Ada', id: 1 }, { t: 'set_name', name: 'Ada', id: 1 }],
      [
        { t: 'create_table', private: true, rules: 'end=50', timer: 30 },
        { t: 'create_table', private: true, rules: 'end=50', timer: 30 },
      ],
      [{ t: 'join', table: 'k3v9q2mx' }, { t: 'join', table: 'k3v9q2mx' }],
      [{ t: 'join', table: 'k3v9q2mx', confirm: true }, { t: 'join', table: 'k3v9q2mx', confirm: true }],
      [{ t: 'leave', table: 'k3' }, { t: 'leave', table: 'k3' }],
      [{ t: 'start', table: 'k3' }, { t: 'start', table: 'k3' }],
      [{ t: 'lobby', on: true }, { t: 'lobby', on: true }],
      [{ t: 'lobby', on: false }, { t: 'lobby', on: false }],
      [{ t: 'chat', table: 'k3', text: '<b>hi</b>' }, { t: 'chat', table: 'k3', text: '<b>hi</b>' }],
      [{ t: 'timer_off', table: 'k3' }, { t: 'timer_off', table: 'k3' }],
      [{ t: 'reclaim', table: 'k3' }, { t: 'reclaim', table: 'k3' }],
      [{ t: 'concede', table: 'k3' }, { t: 'concede', table: 'k3' }],
      [{ t: 'rematch', table: 'k3' }, { t: 'rematch', table: 'k3' }],
      [
        { t: 'relation', player: 'p_2', kind: 'mute', on: false },
        { t: 'relation', player: 'p_2', kind: 'mute', on: false },
      ],
    ];
    for (const [message, expected] of cases) expect(JSON.parse(encodeClientMessage(message))).toEqual(expected);
  });
});

const FILL = 1_700_000_030_000;

function tableInfo(over: Record<string, unknown> = {}): TableInfo {
  const m = ok(tableText(waitingInfoRaw(over)));
  if (m.t !== 'table') throw new Error(m.t);
  return m.info;
}

const quickInfo = (over: Record<string, unknown> = {}): TableInfo =>
  tableInfo({ kind: 'public', quick: true, fill_at: FILL, rated: true, ...over });

describe('quick match', () => {
  it('reads a quick table’s info: quick, and when computer players fill it', () => {
    const i = quickInfo();
    expect(i.quick).toBe(true);
    expect(i.fillAt).toBe(FILL);
    expect(i.kind).toBe('public');
    expect(quickInfo({ state: 'playing', fill_at: null }).fillAt).toBeNull();
    // The milliseconds left when it was sent, beside fill_at; null once started.
    expect(quickInfo({ fill_in: 23_000 }).fillIn).toBe(23_000);
    expect(quickInfo({ state: 'playing', fill_at: null, fill_in: null }).fillIn).toBeNull();
  });

  it('an older server sends neither: not quick, no fill', () => {
    const raw = waitingInfoRaw();
    expect('quick' in raw || 'fill_at' in raw || 'fill_in' in raw).toBe(false);
    const i = tableInfo();
    expect(i.quick).toBe(false);
    expect(i.fillAt).toBeNull();
    expect(i.fillIn).toBeNull();
    // One with fill_at and not yet fill_in.
    expect(quickInfo().fillIn).toBeNull();
  });

  it('refuses them mistyped, naming the field', () => {
    expect(refusal(tableText(waitingInfoRaw({ quick: 'yes' })))).toBe('info.quick: expected true or false, got "yes"');
    expect(refusal(tableText(waitingInfoRaw({ fill_at: -5 })))).toBe('info.fill_at: expected a number of at least 0, got -5');
    expect(refusal(tableText(waitingInfoRaw({ fill_in: 1.5 })))).toBe('info.fill_in: expected an integer, got 1.5');
  });

  it('reads a lobby entry’s quick mark and skill; an older server’s entry is not quick', () => {
    const m = ok(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ quick: true, skill: 1012 }), lobbyEntryRaw({ table: 'old12345' })] }));
    if (m.t !== 'lobby') throw new Error(m.t);
    expect(m.tables.map((e) => [e.table, e.quick, e.skill])).toEqual([
      ['pub12345', true, 1012],
      ['old12345', false, null],
    ]);
    expect(refusal(JSON.stringify({ t: 'lobby', tables: [lobbyEntryRaw({ quick: true, skill: 'high' })] }))).toBe(
      'tables[0].skill: expected a number, got "high"',
    );
  });

  it('writes quick_match, with or without the table it asks from', () => {
    expect(JSON.parse(encodeClientMessage({ t: 'quick_match', rules: 'end=100', timer: 30, id: 4 }))).toEqual({
      t: 'quick_match',
      rules: 'end=100',
      timer: 30,
      id: 4,
    });
    expect(JSON.parse(encodeClientMessage({ t: 'quick_match', from: 'q1' }))).toEqual({ t: 'quick_match', from: 'q1' });
  });
});
