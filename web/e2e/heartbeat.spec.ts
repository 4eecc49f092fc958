// A connection that dies without a close: the line goes silent, the socket stays open
// on both ends (a laptop lid, a Wi-Fi change, a NAT that forgets the connection). Not
// `context.setOffline`, which closes the sockets and so is an ordinary close. A TCP
// proxy in this test stands between the page and the server and "freezes": it keeps
// both sockets open and stops forwarding either way, and holds new connections
// unanswered. The page must notice by its own heartbeat (a ping after a silence, then
// no answer), show the connection problem with its countdown, and, once the line
// carries again, reconnect by itself and resume the game where it was.

import { expect, test } from '@playwright/test';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { actUntil, cardsOf, handCards, newGame, playLegal, ui } from './helpers';

/** A TCP proxy to 127.0.0.1:`target` that can stop forwarding without closing anything. */
class FreezableProxy {
  private readonly pairs = new Set<readonly [Socket, Socket]>();
  private held: Socket[] = [];
  private frozen = false;

  private constructor(
    private readonly server: Server,
    private readonly target: number,
    readonly port: number,
  ) {}

  static async start(target: number): Promise<FreezableProxy> {
    let self: FreezableProxy | null = null;
    const server = createServer((client) => self?.accept(client));
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    self = new FreezableProxy(server, target, port);
    return self;
  }

  private accept(client: Socket): void {
    client.on('error', () => client.destroy());
    if (this.frozen) {
      // Accepted (the browser sees a connection) but not answered: its handshake hangs.
      client.pause();
      this.held.push(client);
      return;
    }
    this.forward(client);
  }

  private forward(client: Socket): void {
    const upstream = connect(this.target, '127.0.0.1');
    const pair = [client, upstream] as const;
    this.pairs.add(pair);
    upstream.on('error', () => upstream.destroy());
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    const end = (): void => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.resume();
  }

  /** Stops forwarding both ways; every socket stays open. */
  freeze(): void {
    this.frozen = true;
    for (const [a, b] of this.pairs) {
      a.pause();
      b.pause();
    }
  }

  /** Forwards again: the frozen pairs go on, the held connections reach the server. */
  thaw(): void {
    this.frozen = false;
    for (const [a, b] of this.pairs) {
      a.resume();
      b.resume();
    }
    const held = this.held;
    this.held = [];
    for (const client of held) if (!client.destroyed) this.forward(client);
  }

  async close(): Promise<void> {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    for (const c of this.held) c.destroy();
    this.pairs.clear();
    this.held = [];
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

test('a silent drop is noticed by the heartbeat; the page reconnects by itself and the game goes on', async ({ browser }) => {
  test.setTimeout(150_000);
  const proxy = await FreezableProxy.start(Number(process.env['HEARTS_E2E_PORT']));
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${proxy.port}` });
  try {
    const page = await context.newPage();
    // The page's clock is the test's (page.clock): it runs as the real one does, and the
    // test runs it on through the long silences instead of waiting them out (the page's
    // heartbeat counts in its own time: a ping after 5 s of silence, 10 s for an answer).
    await page.clock.install();
    let sockets = 0;
    // Pings the page sent, and whether the last is still waiting for a frame.
    let pings = 0;
    let unanswered = false;
    page.on('websocket', (ws) => {
      sockets += 1;
      ws.on('framesent', (f) => {
        if (String(f.payload).includes('"t":"ping"')) {
          pings += 1;
          unanswered = true;
        }
      });
      ws.on('framereceived', () => (unanswered = false));
    });
    await newGame(page, { level: 'random', speed: 'off' });
    await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) <= 11);
    const hand = await cardsOf(handCards(page));
    const problem = page.getByTestId('connection-problem');
    const countdown = page.getByTestId('connection-countdown');

    // A healthy line left idle is kept: the server answers the pings (16 s, longer than
    // a ping and its wait for the answer). The clock runs on a second at a time, and a
    // ping sent meanwhile gets its answer before it runs on: the server answers in
    // milliseconds, and it is the answer the page waits for, not the clock.
    const pingsBefore = pings;
    for (let second = 0; second < 16; second++) {
      await page.clock.runFor(1000);
      await expect.poll(() => unanswered, { message: 'the server answers the ping' }).toBe(false);
    }
    expect(pings - pingsBefore, 'pings in 16 s of silence').toBeGreaterThanOrEqual(2);
    await expect(problem).toBeHidden();
    expect(sockets).toBe(1);

    proxy.freeze();
    // Noticed within a ping's silence and its wait for the answer (5 + 10 s): the clock
    // runs on a second at a time, 20 s at most, until the page shows the problem.
    for (let second = 0; second < 20 && !(await problem.isVisible()); second++) await page.clock.runFor(1000);
    await expect(problem).toBeVisible();
    await expect(problem).toContainText('Connection problem');
    await expect(countdown).toHaveText(/^Giving up in \d+\.$/);
    const first = (await countdown.textContent()) ?? '';
    await page.clock.runFor(1000);
    await expect(countdown).not.toHaveText(first);
    await expect(problem).toBeVisible();

    // The line carries again: the page's attempt under way, or its next one, gets through.
    proxy.thaw();
    await expect(problem).toBeHidden({ timeout: 30_000 });
    await expect(ui(page)).toHaveAttribute('data-ui', 'my-turn');
    expect(await cardsOf(handCards(page))).toEqual(hand);
    expect(sockets).toBeGreaterThan(1);
    // The game goes on from there.
    await playLegal(page);
    await expect(handCards(page)).toHaveCount(hand.length - 1);
    await actUntil(page, async (mode) => mode === 'my-turn' && (await handCards(page).count()) < hand.length - 1);
    await expect(problem).toBeHidden();
  } finally {
    await context.close();
    await proxy.close();
  }
});
