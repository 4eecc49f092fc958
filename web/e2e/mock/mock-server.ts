// A stand-in for `hearts serve`, for running the browser tests before (or without) the
// C++ server: serves a built client folder over HTTP and speaks docs/protocol.md on /ws
// with random bots. In memory only. Start: npx vite-node e2e/mock/mock-server.ts --
// --port 8080 --web-dir dist     (or `npm run e2e:mock`, which does it for Playwright)

import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { MockGame, parseRules } from './game';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const port = Number(arg('port', '8080'));
const webDir = resolve(arg('web-dir', 'dist'));
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  // The finished game's record (docs/game-record.md), reduced to what the tests read.
  const record = /^\/api\/games\/([^/]+)\/record\.json$/.exec(url.pathname);
  if (record) {
    const t = tables.get(decodeURIComponent(record[1] ?? ''));
    const player = url.searchParams.get('player') ?? '';
    const ok = t && t.owner === player && players.get(player) === url.searchParams.get('token');
    if (!t || !ok) return void res.writeHead(404).end('not found');
    if (t.game.phase !== 'game_over') return void res.writeHead(403).end('the game is not finished');
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ format: 'hearts-game-record', result: { finished: true, sheet: t.game.sheet } }));
  }
  const rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(webDir, rel);
  if (!file.startsWith(webDir)) {
    res.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});

interface Table {
  id: string;
  owner: string;
  game: MockGame;
  watchers: Set<WebSocket>;
  sent: number; // events broadcast so far
}

const players = new Map<string, string>(); // id -> token
const tables = new Map<string, Table>();
const code = (n: number): string => randomBytes(n).toString('hex').slice(0, n);

function send(ws: WebSocket, m: object): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
}

function snapshot(ws: WebSocket, t: Table): void {
  send(ws, { t: 'snapshot', table: t.id, v: t.game.events.length, view: t.game.view('S') });
}

/** Sends every new event with the view as it is now, like the real server. */
function broadcast(t: Table): void {
  const view = t.game.view('S');
  for (let v = t.sent + 1; v <= t.game.events.length; v++) {
    for (const ws of t.watchers) send(ws, { t: 'update', table: t.id, v, event: t.game.events[v - 1], view });
  }
  t.sent = t.game.events.length;
}

function runBots(t: Table): void {
  const seat = t.game.botToAct();
  if (!seat) return;
  setTimeout(() => {
    t.game.botMove(seat);
    broadcast(t);
    runBots(t);
  }, 5);
}

const wss = new WebSocketServer({ server: http, path: '/ws' });
wss.on('connection', (ws) => {
  let player: string | null = null;
  ws.on('message', (data) => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      ws.close(1007, 'not JSON');
      return;
    }
    const id = typeof m['id'] === 'number' ? m['id'] : undefined;
    const error = (c: string, reason: string): void => send(ws, { t: 'error', code: c, reason, ...(id !== undefined ? { id } : {}) });
    const ack = (v: number): void => {
      if (id !== undefined) send(ws, { t: 'ack', id, v });
    };
    if (m['t'] === 'hello') {
      const p = m['player'];
      const tok = m['token'];
      if (typeof p === 'string') {
        if (players.get(p) !== tok) return error('auth', 'unknown player or wrong token');
        player = p;
      } else {
        player = `p_${code(16)}`;
        players.set(player, code(32));
      }
      const mine = [...tables.values()].filter((t) => t.owner === player && t.game.phase !== 'game_over').map((t) => t.id).reverse();
      send(ws, { t: 'welcome', player, token: players.get(player), tables: mine });
      return;
    }
    if (m['t'] === 'ping') return send(ws, { t: 'pong' });
    if (player === null) return error('bad_message', 't: the first message must be hello');
    if (m['t'] === 'new_game') {
      const names = Array.isArray(m['names']) ? (m['names'] as string[]) : ['Mike', 'Bill', 'Lisa'];
      const name = typeof m['name'] === 'string' ? m['name'] : 'You';
      const t: Table = {
        id: code(8),
        owner: player,
        game: new MockGame(parseRules(typeof m['rules'] === 'string' ? m['rules'] : ''), [name, ...names]),
        watchers: new Set([ws]),
        sent: 0,
      };
      t.sent = t.game.events.length;
      tables.set(t.id, t);
      snapshot(ws, t);
      ack(t.game.events.length);
      runBots(t);
      return;
    }
    const t = tables.get(String(m['table']));
    if (!t || t.owner !== player) return error('not_found', 'Game table not found');
    let refusal: string | null = null;
    switch (m['t']) {
      case 'resume':
        for (const other of tables.values()) other.watchers.delete(ws);
        t.watchers.add(ws);
        snapshot(ws, t);
        ack(t.game.events.length);
        return;
      case 'pass':
        refusal = t.game.choosePass('S', (m['cards'] as string[]) ?? []);
        break;
      case 'play':
        if (t.game.toMove !== 'S') return error('not_your_turn', 'it is not your turn');
        refusal = t.game.play('S', String(m['card']));
        break;
      case 'next':
        refusal = t.game.next();
        break;
      default:
        return error('bad_message', `t: unknown message type ${JSON.stringify(m['t'])}`);
    }
    if (refusal) return error('illegal', refusal);
    broadcast(t);
    ack(t.game.events.length);
    runBots(t);
  });
  ws.on('close', () => {
    for (const t of tables.values()) t.watchers.delete(ws);
  });
});

http.listen(port, '127.0.0.1', () => console.log(`mock hearts server on http://127.0.0.1:${port}/ serving ${webDir}`));
