import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerStats, RecentGame } from '../src/net/types';
import { readStats } from '../src/parts/dialogs/read-dialogs';
import { CHART_HEIGHT, average, details, groupLabel, groupRows, headline, percent, scoreChart } from '../src/parts/dialogs/stats';
import { rulesSummary } from '../src/game/rules-words';
import { bootPage } from './boot';
import { readByPart, refusedByPart } from './fixtures';

const FRAME = JSON.stringify({
  t: 'stats',
  all: { games: 3, won: 1, hands: 20, points: 140, moons_shot: 1, moons_suffered: 2, queens: 4, trickless: 5, moon_stops: 1, conceded: 0 },
  groups: [
    { games: 2, won: 1, hands: 14, points: 90, moons_shot: 1, moons_suffered: 1, queens: 3, trickless: 4, moon_stops: 1, conceded: 0, people: false, level: 'expert' },
    { games: 1, won: 0, hands: 6, points: 50, moons_shot: 0, moons_suffered: 1, queens: 1, trickless: 1, moon_stops: 0, conceded: 0, people: true, level: '' },
  ],
  streak: 0,
  best_streak: 1,
  recent: [
    { table: 'a', at: Date.UTC(2026, 10, 30), score: 41, place: 2, won: false },
    { table: 'b', at: Date.UTC(2026, 11, 1), score: 0, place: 1, won: true },
    { table: 'c', at: Date.UTC(2026, 11, 1), score: 99, place: 4, won: false },
  ],
});

function parsed(): PlayerStats {
  const { t, ...stats } = readByPart(FRAME, readStats);
  if (t !== 'stats') throw new Error('not stats');
  return stats;
}

describe('the stats message', () => {
  it('reads every field', () => {
    const s = parsed();
    expect(s.all).toEqual({ games: 3, won: 1, hands: 20, points: 140, moonsShot: 1, moonsSuffered: 2, queens: 4, trickless: 5, moonStops: 1, conceded: 0 });
    expect(s.groups[1]).toMatchObject({ people: true, level: '', games: 1 });
    expect(s.bestStreak).toBe(1);
    expect(s.recent.map((g) => g.score)).toEqual([41, 0, 99]);
  });

  it('refuses a message with a field missing, naming it', () => {
    const r = refusedByPart(FRAME.replace('"moons_shot":1,"moons_suffered":2', '"moons_suffered":2'), readStats);
    expect(r).toBe('all.moons_shot: missing');
  });
});

describe('the words', () => {
  it('divides only when there is something to divide by', () => {
    expect(percent(1, 3)).toBe('33%');
    expect(percent(0, 0)).toBe('–');
    expect(average(140, 20)).toBe('7.0');
    expect(average(5, 0)).toBe('–');
  });

  it('heads the dialog with games, wins, rates and streaks', () => {
    const words = Object.fromEntries(headline(parsed()).map((l) => [l.label, l.value]));
    expect(words).toEqual({
      'Games played': '3',
      'Games won': '1',
      'Win rate': '33%',
      'Points per hand': '7.0',
      'Average final score': '46.7',
      'Current streak': '0 wins',
      'Best streak': '1 win',
    });
  });

  it('tells the hands, and the games given up only when there are some', () => {
    const s = parsed();
    const words = Object.fromEntries(details(s.all).map((l) => [l.label, l.value]));
    expect(words['Q♠ taken']).toBe('4 (20% of hands)');
    expect(words['Moons shot against you']).toBe('2');
    expect(words['Games given up']).toBeUndefined();
    expect(details({ ...s.all, conceded: 2 }).at(-1)).toEqual({ key: 'conceded', label: 'Games given up', value: '2' });
  });

  it('names the opponents of each group', () => {
    expect(groupLabel({ people: false, level: 'expert' })).toBe('Expert computer players');
    expect(groupLabel({ people: true, level: 'medium' })).toBe('People and Medium computer players');
    expect(groupLabel({ people: true, level: '' })).toBe('People only');
    expect(groupRows(parsed())).toEqual([
      ['Expert computer players', '2', '1', '50%', '6.4'],
      ['People only', '1', '0', '0%', '8.3'],
    ]);
  });
});

describe('the chart', () => {
  const game = (score: number, won = false): RecentGame => ({ table: 't', at: Date.UTC(2026, 11, 1), score, place: won ? 1 : 3, won });

  it('draws a bar per game, taller for more points, with a line at 100', () => {
    const c = scoreChart(parsed().recent, 'en-GB');
    expect(c.top).toBe(100);
    expect(c.bars).toHaveLength(3);
    const [a, b, d] = c.bars;
    expect(d!.height).toBeGreaterThan(a!.height);
    expect(b!.height).toBeGreaterThan(0); // a 0 still shows
    expect(b!.won).toBe(true);
    expect(a!.x).toBeLessThan(b!.x);
    expect(c.lines.map((l) => l.score)).toEqual([0, 50, 100]);
    expect(c.lines[2]!.y).toBe(0);
    expect(c.lines[0]!.y).toBe(CHART_HEIGHT);
    expect(a!.title).toBe('30 Nov 2026: 41 points, 2nd place');
    expect(b!.title).toBe('1 Dec 2026: 0 points, won');
    expect(c.summary).toBe('Final scores of your last 3 games, oldest first: 41, 0, 99. 1 won.');
  });

  it('grows past 100 for a long game, and keeps bars inside', () => {
    const c = scoreChart([game(131), game(20, true)]);
    expect(c.top).toBe(150);
    for (const bar of c.bars) {
      expect(bar.y).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(c.width);
    }
    const many = scoreChart(Array.from({ length: 50 }, (_, i) => game(i * 2)));
    expect(many.bars.at(-1)!.x + many.bars.at(-1)!.width).toBeLessThanOrEqual(many.width);
  });
});

const boot = bootPage;

describe('the dialog', () => {
  const tid = (id: string): HTMLElement => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) throw new Error(`no ${id}`);
    return el;
  };

  it('asks the server each time it opens and shows what it answers', () => {
    const [socket] = boot();
    socket!.open();
    socket!.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('start-stats').click();
    // The statistics, and the default rules' leaderboard beside them.
    expect(socket!.messages().slice(-2)).toEqual([{ t: 'stats' }, { t: 'leaderboard' }]);
    const asked = { id: socket!.idOf('stats') };
    expect(tid('stats-loading').textContent).toBe('Loading your statistics…');
    socket!.receive(FRAME);
    socket!.receive(`{"t":"ack","id":${asked.id},"v":0}`);
    expect(tid('stat-games').textContent).toBe('Games played3');
    expect(tid('stat-win-rate').textContent).toBe('Win rate33%');
    expect(tid('stats-groups').querySelectorAll('tbody tr')).toHaveLength(2);
    expect(tid('stats-chart').querySelectorAll('rect.bar')).toHaveLength(3);
    expect(tid('stats-chart').querySelectorAll('rect.bar.won')).toHaveLength(1);
    expect(tid('stats-chart').getAttribute('aria-label')).toContain('41, 0, 99');
    expect(document.querySelector('[data-testid="leaderboard"]')).toBeNull();

    // The leaderboard: my ratings on each board, and the leaders with my row marked.
    socket!.receive(
      JSON.stringify({
        t: 'leaderboard',
        board: 'standard',
        leaders: [
          { rank: 1, player: 'p_ada', name: 'Ada', rating: 1412, games: 57 },
          { rank: 2, player: 'p_1', name: 'Me', rating: 1205, games: 12 },
        ],
        rank: 2,
        boards: [
          { board: 'standard', rating: 1205, games: 12, provisional: false },
          { board: 'end=50', rating: 1062, games: 3, provisional: true },
        ],
      }),
    );
    expect([...tid('my-ratings').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Standard rules: 1,205 · 12 rated games · ranked 2',
      `${rulesSummary('end=50')}: 1,062 · provisional until 10 rated games (3 so far)`,
    ]);
    const rows = [...tid('leaderboard').querySelectorAll('tbody tr')];
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['1', 'Ada', '1,412', '57'],
      ['2', 'Me', '1,205', '12'],
    ]);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows[0]!.getAttribute('aria-current')).toBeNull();
    expect(tid('leaderboard').querySelector('caption')?.textContent).toBe('Leaderboard: standard rules');
    // No history sent (an older server), or one game: no chart.
    expect(document.querySelector('[data-testid="rating-chart"]')).toBeNull();
  });

  it('draws my rating over my last rated games, and says it in words', () => {
    const [socket] = boot();
    socket!.open();
    socket!.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('start-stats').click();
    socket!.receive(FRAME);
    const history = [1062, 1101, 1040, 1138].map((rating, i) => ({ at: 1_765_000_000_000 + i * 900_000, rating, games: i + 1 }));
    socket!.receive(JSON.stringify({ t: 'leaderboard', board: 'standard', leaders: [], rank: 0, boards: [{ board: 'standard', rating: 1138, games: 4, provisional: true }], history }));
    const chart = tid('rating-chart');
    expect(chart.getAttribute('aria-label')).toBe('Your rating over your last 4 rated games here: from 1,062 to 1,138 (lowest 1,040, highest 1,138).');
    const points = (chart.querySelector('polyline')?.getAttribute('points') ?? '').split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(4);
    // Left to right in time; the highest rating at the top (y 0), the lowest at the bottom.
    expect(points.map((p) => p[0])).toEqual([0, 100, 200, 300]);
    expect(points[3]![1]).toBe(0);
    expect(points[2]![1]).toBe(90);
    expect(points[0]![1]).toBeGreaterThan(points[1]![1]!);
  });

  it('says so when nobody is ranked yet, and when I have no rated game', () => {
    const [socket] = boot();
    socket!.open();
    socket!.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('start-stats').click();
    socket!.receive(FRAME.replace('"games":3', '"games":0'));
    socket!.receive('{"t":"leaderboard","board":"standard","leaders":[],"rank":0,"boards":[]}');
    expect(tid('my-ratings').textContent).toContain('No rated games yet.');
    expect(tid('leaderboard').textContent).toBe('Leaderboard: standard rules. Nobody is listed.');
    expect(tid('leaders-who').textContent).toContain('10 or more rated games');
  });

  it('shows a refusal in the dialog, and an empty record as such', () => {
    const [socket] = boot();
    socket!.open();
    socket!.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('start-stats').click();
    const asked = { id: socket!.idOf('stats') };
    socket!.receive(
      `{"t":"error","code":"rate_limited","reason":"Too many requests for statistics: try again in a minute","id":${asked.id}}`,
    );
    expect(tid('stats-error').textContent).toBe('Too many requests for statistics: try again in a minute');
    expect(document.querySelector('.notice')?.textContent ?? '').not.toContain('Too many requests');
    (document.querySelector('[data-testid="dialog-stats"] .close') as HTMLElement).click();
    tid('start-stats').click();
    socket!.receive(FRAME.replace('"games":3', '"games":0'));
    expect(tid('stats-empty').textContent).toContain('No finished games yet.');
    expect(document.querySelector('[data-testid="stats-error"]')).toBeNull();
  });
});

describe('the leaderboard\'s pages', () => {
  const tid = (id: string): HTMLElement => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!el) throw new Error(`no ${id}`);
    return el;
  };
  const gone = (id: string): boolean => document.querySelector(`[data-testid="${id}"]`) === null;
  /** Leaders ranked `from` to `to`; the 57th is me (p_1). */
  const leaders = (from: number, to: number): unknown[] =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i).map((rank) => ({
      rank,
      player: rank === 57 ? 'p_1' : `p_${rank + 1000}`,
      name: rank === 57 ? 'Me' : `Player ${rank}`,
      rating: 2000 - rank,
      games: 10 + rank,
    }));
  const board = (fields: Record<string, unknown>): string =>
    JSON.stringify({ t: 'leaderboard', board: 'standard', page: 0, more: true, leaders: leaders(1, 50), rank: 57, boards: [{ board: 'standard', rating: 1943, games: 67, provisional: false }], ...fields });
  const rows = (): string[][] => [...tid('leaderboard').querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent ?? ''));

  function opened(): NonNullable<ReturnType<typeof boot>[number]> {
    const [socket] = boot();
    socket!.open();
    socket!.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    tid('start-stats').click();
    socket!.receive(FRAME);
    return socket!;
  }

  it('goes to ranks 51 to 100 and back, on the same board, its buttons disabled while a page is on its way', () => {
    const socket = opened();
    socket.receive(board({}));
    expect(rows()).toHaveLength(50);
    expect(document.querySelector('tr.me')).toBeNull();
    expect(tid('leaderboard').querySelector('caption')?.textContent).toBe('Leaderboard: standard rules, ranks 1–50');
    expect(gone('leaders-prev')).toBe(true);
    const next = tid('leaders-next');
    expect(next.textContent).toBe('Next 50');
    expect(next.getAttribute('aria-disabled')).toBeNull();

    next.focus();
    next.click();
    expect(socket.messages().at(-1)).toEqual({ t: 'leaderboard', page: 1 });
    const asked = socket.idOf('leaderboard');
    // On its way: the page on show stays, its button keeps the focus and does nothing.
    expect(rows()[0]![0]).toBe('1');
    expect(tid('leaders-next').getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(tid('leaders-next'));
    const sent = socket.messages().length;
    tid('leaders-next').click();
    expect(socket.messages()).toHaveLength(sent);

    socket.receive(board({ page: 1, more: false, leaders: leaders(51, 100) }));
    socket.receive(`{"t":"ack","id":${asked},"v":0}`);
    expect(rows()).toHaveLength(50);
    expect(rows()[0]).toEqual(['51', 'Player 51', '1,949', '61']);
    expect(rows().at(-1)![0]).toBe('100');
    expect(tid('leaderboard').querySelector('caption')?.textContent).toBe('Leaderboard: standard rules, ranks 51–100');
    // My row, on this page, is marked.
    const me = tid('leaderboard').querySelector('tr.me');
    expect(me?.getAttribute('aria-current')).toBe('true');
    expect(me?.textContent).toContain('Me');
    // The last page: no next one; the focus went to the button that is left.
    expect(gone('leaders-next')).toBe(true);
    const prev = tid('leaders-prev');
    expect(prev.textContent).toBe('Previous 50');
    expect(prev.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(prev);

    prev.click();
    expect(socket.messages().at(-1)).toEqual({ t: 'leaderboard', page: 0 });
    expect(tid('leaders-prev').getAttribute('aria-disabled')).toBe('true');
    socket.receive(board({}));
    expect(rows()[0]![0]).toBe('1');
    expect(gone('leaders-prev')).toBe(true);
    expect(document.activeElement).toBe(tid('leaders-next'));
  });

  it('asks another board by its rules', () => {
    const socket = opened();
    socket.receive(board({ board: 'end=50', boards: [] }));
    tid('leaders-next').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'leaderboard', rules: 'end=50', page: 1 });
  });

  it('has no buttons for a board of one page, or from a server before pages', () => {
    const socket = opened();
    socket.receive(board({ more: false, leaders: leaders(1, 3), rank: 0 }));
    expect(rows()).toHaveLength(3);
    expect(tid('leaderboard').querySelector('caption')?.textContent).toBe('Leaderboard: standard rules');
    expect(gone('leaders-pages')).toBe(true);
    const { page: _p, more: _m, ...older } = JSON.parse(board({})) as Record<string, unknown>;
    socket.receive(JSON.stringify(older));
    expect(rows()).toHaveLength(50);
    expect(gone('leaders-next') && gone('leaders-prev')).toBe(true);
  });

  it('says a refused page in the dialog, and its buttons work again', () => {
    const socket = opened();
    socket.receive(board({}));
    tid('leaders-next').click();
    socket.receive(`{"t":"error","code":"rate_limited","reason":"Too many requests for statistics: try again in a minute","id":${socket.idOf('leaderboard')}}`);
    expect(tid('stats-error').textContent).toBe('Too many requests for statistics: try again in a minute');
    expect(rows()[0]![0]).toBe('1');
    expect(tid('stat-games').textContent).toBe('Games played3');
    expect(tid('leaders-next').getAttribute('aria-disabled')).toBeNull();
    tid('leaders-next').click();
    expect(socket.messages().at(-1)).toEqual({ t: 'leaderboard', page: 1 });
  });

  it('says who is listed, and why I am not when my rating is no longer provisional', () => {
    const socket = opened();
    socket.receive(board({}));
    expect(tid('leaders-who').textContent).toBe('The top 100 of players with 10 or more rated games here, who played one in the last 30 days.');
    // Ranked 57th: listed.
    expect(gone('leaders-inactive')).toBe(true);
    // No rank, with a rating that is no longer provisional: no rated game there in 30 days.
    socket.receive(board({ rank: 0 }));
    expect(tid('leaders-inactive').textContent).toBe('Play a rated game to appear here again: the board lists players of the last 30 days.');
    // No rank while provisional, or rated on another board only: the provisional line says why.
    socket.receive(board({ rank: 0, boards: [{ board: 'standard', rating: 1100, games: 4, provisional: true }] }));
    expect(gone('leaders-inactive')).toBe(true);
    socket.receive(board({ rank: 0, boards: [{ board: 'end=50', rating: 1100, games: 40, provisional: false }] }));
    expect(gone('leaders-inactive')).toBe(true);
    // Nobody listed: the board says who it would list.
    socket.receive(board({ more: false, leaders: [], rank: 0 }));
    expect(tid('leaderboard').textContent).toBe('Leaderboard: standard rules. Nobody is listed.');
    expect(tid('leaders-who').textContent).toContain('last 30 days');
    expect(tid('leaders-inactive').textContent).toContain('Play a rated game');
  });
});

describe('the dialog over a lost connection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again once the connection is back, instead of loading for ever', async () => {
    vi.useFakeTimers({ now: 1000 });
    const sockets = boot();
    const first = sockets[0]!;
    first.open();
    first.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    (document.querySelector('[data-testid="start-stats"]') as HTMLElement).click();
    expect(first.messages().slice(-2)).toEqual([{ t: 'stats' }, { t: 'leaderboard' }]);
    first.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets.length).toBeGreaterThan(1);
    const second = sockets[sockets.length - 1]!;
    second.open();
    second.receive('{"t":"welcome","player":"p_1","token":"sec","tables":[]}');
    expect(second.messages()).toContainEqual({ t: 'stats' });
    second.receive(FRAME);
    expect(document.querySelector('[data-testid="stat-games"] dd')?.textContent).toBe('3');
    expect(document.querySelector('[data-testid="dialog-stats"] .dialog-body')?.getAttribute('aria-live')).toBe('polite');
  });
});
