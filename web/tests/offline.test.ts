// Playing with no network (parts/offline/offline-part.ts): the socket over the offline
// server's worker, against a stand-in worker, and the bar that says so with its way back.
// Connection.reconnect (net/connection.ts) lets the old socket go for a new one at once.
import { describe, expect, it } from 'vitest';
import { Connection } from '../src/net/connection';
import { enter, recordFetch, WorkerSocket } from '../src/parts/offline/offline-part';
import { fetchRecord } from '../src/parts/replay/fetch-replay';
import { memoryStore } from '../src/state/storage';
import { FakeSocket } from './fake-socket';

class FakeWorker {
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readonly posted: unknown[] = [];
  terminated = 0;
  postMessage(m: unknown): void {
    this.posted.push(m);
  }
  terminate(): void {
    this.terminated += 1;
  }
  say(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

function socketOver(worker: FakeWorker): { socket: WorkerSocket; events: string[] } {
  const socket = new WorkerSocket(worker as unknown as Worker);
  const events: string[] = [];
  socket.onopen = () => events.push('open');
  socket.onmessage = (ev) => events.push(`message ${String(ev.data)}`);
  socket.onclose = (ev) => events.push(`close ${ev.code} ${ev.reason}`);
  return { socket, events };
}

describe('the offline server’s socket', () => {
  it('opens once the engine is ready, carries frames both ways, and closes once', () => {
    const worker = new FakeWorker();
    const { socket, events } = socketOver(worker);
    socket.send('{"t":"hello"}'); // not open yet: dropped, as a WebSocket's would fail
    expect(worker.posted).toEqual([]);
    worker.say({ ready: true });
    expect(socket.readyState).toBe(1);
    socket.send('{"t":"hello"}');
    expect(worker.posted).toEqual(['{"t":"hello"}']);
    worker.say('{"t":"welcome"}\n{"t":"pong"}');
    socket.close();
    socket.close();
    worker.say('{"t":"late"}');
    expect(events).toEqual(['open', 'message {"t":"welcome"}\n{"t":"pong"}', 'close 1000 ']);
    expect(worker.terminated).toBe(1);
  });

  it('answers the page’s heartbeat itself, so a worker busy with a review is not taken for a lost server', async () => {
    const worker = new FakeWorker();
    const { socket, events } = socketOver(worker);
    worker.say({ ready: true });
    socket.send('{"t":"ping"}');
    socket.send('{"t":"review","table":"k3v9q2mx","id":4}');
    expect(worker.posted).toEqual(['{"t":"review","table":"k3v9q2mx","id":4}']);
    await new Promise((done) => setTimeout(done, 0));
    expect(events).toEqual(['open', 'message {"t":"pong"}']);
    // Not once the socket is closed.
    socket.send('{"t":"ping"}');
    socket.close();
    await new Promise((done) => setTimeout(done, 0));
    expect(events).toEqual(['open', 'message {"t":"pong"}', 'close 1000 ']);
  });

  it('an engine that cannot start closes the socket, as a lost connection', () => {
    const worker = new FakeWorker();
    const { events } = socketOver(worker);
    worker.say({ failed: 'CompileError' });
    expect(events).toEqual(['close 1011 the offline engine could not start']);
    expect(worker.terminated).toBe(1);
  });
});

describe('a finished game’s record with no network', () => {
  const RECORD = '{"format":"hearts-game-record","result":{"finished":true}}';

  it('comes from the offline server for Download and Replay, as the server’s download would', async () => {
    const worker = new FakeWorker();
    const { socket } = socketOver(worker);
    worker.say({ ready: true });
    const fetcher = recordFetch(() => socket);
    // The page's own fetch is not asked, nor its identity needed (a page that never was online has none).
    const got = fetchRecord(() => Promise.reject(new Error('the network was asked')), null, 'k3v9q2mx', fetcher);
    await Promise.resolve();
    await Promise.resolve();
    expect(worker.posted).toEqual([{ record: 'k3v9q2mx', id: 1 }]);
    worker.say({ record: 1, text: RECORD });
    const blob = await got;
    expect(typeof blob).not.toBe('string'); // a refusal would be its reason, in words
    expect(await (blob as Blob).text()).toBe(RECORD);
  });

  it('a game not over is refused with the offline server’s reason, and anything else fails as with no network', async () => {
    const worker = new FakeWorker();
    const { socket } = socketOver(worker);
    worker.say({ ready: true });
    const fetcher = recordFetch(() => socket);
    const early = fetcher('/api/games/k3v9q2mx/record.json', {});
    await Promise.resolve();
    worker.say({ record: 1, text: 'error: table k3v9q2mx: the game is not finished, and its record would reveal hidden cards' });
    const res = await early;
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('table k3v9q2mx: the game is not finished, and its record would reveal hidden cards');
    await expect(fetcher('/api/stats', {})).rejects.toThrow('needs the server');
    await expect(recordFetch(() => null)('/api/games/k3v9q2mx/record.json', {})).rejects.toThrow('needs the server');
    // A record asked while the engine stops is answered, not left waiting.
    const late = socket.record('k3v9q2mx');
    socket.close();
    expect(await late).toBe('error: the offline engine stopped');
  });
});

describe('entering offline play', () => {
  it('keeps it for the tab, says what it means under the header, and Go online undoes it', () => {
    const place = document.createElement('div');
    place.append(document.createElement('header'), document.createElement('main'));
    const store = memoryStore();
    const used: (string | null)[] = [];
    enter({ store, key: 'hearts.offline', place }, (offline) => used.push(offline === null ? null : 'offline'));
    expect(store.get('hearts.offline')).toBe('1');
    expect(used).toEqual(['offline']);
    const bar = place.querySelector('[data-testid="offline-bar"]');
    expect(bar?.previousElementSibling?.tagName).toBe('HEADER');
    expect(bar?.textContent).toContain('These games count for no statistics, ratings or achievements.');
    // Entered again (a reload): one bar.
    enter({ store, key: 'hearts.offline', place }, () => undefined);
    expect(place.querySelectorAll('[data-testid="offline-bar"]')).toHaveLength(1);
    (place.querySelector('[data-testid="go-online"]') as HTMLButtonElement).click();
    expect(place.querySelector('[data-testid="offline-bar"]')).toBeNull();
    expect(store.get('hearts.offline')).toBeNull();
  });
});

describe('Connection.reconnect', () => {
  it('lets the open socket go without counting it lost, and opens a new one at once', () => {
    const sockets: FakeSocket[] = [];
    const states: string[] = [];
    const c = new Connection('ws://x/ws', { state: (s) => states.push(s.kind), open: () => undefined, message: () => undefined, badMessage: () => undefined }, undefined, () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    });
    c.start();
    sockets[0]?.open();
    c.reconnect();
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.closedByPage).toHaveLength(1);
    expect(states).not.toContain('waiting');
    sockets[1]?.open();
    expect(c.current.kind).toBe('open');
  });
});
