// The offer of a new version (parts/updates/updates-part.ts), against a stand-in for the
// browser's service worker API: none for the first version, one for each that waits, and
// the page reloaded only once the new version has taken over at the player's word.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForUpdates, type Registration, type Worker, type Workers } from '../src/parts/updates/updates-part';

class FakeWorker implements Worker {
  state = 'installing';
  readonly sent: unknown[] = [];
  private readonly changes: (() => void)[] = [];
  postMessage(m: unknown): void {
    this.sent.push(m);
  }
  addEventListener(_type: 'statechange', f: () => void): void {
    this.changes.push(f);
  }
  become(state: string): void {
    this.state = state;
    for (const f of this.changes) f();
  }
}

class FakeRegistration implements Registration {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  updates = 0;
  private readonly found: (() => void)[] = [];
  addEventListener(_type: 'updatefound', f: () => void): void {
    this.found.push(f);
  }
  update(): Promise<unknown> {
    this.updates += 1;
    return Promise.resolve();
  }
  newVersion(): FakeWorker {
    this.installing = new FakeWorker();
    for (const f of this.found) f();
    return this.installing;
  }
}

function workers(reg: FakeRegistration, controller: unknown): Workers & { takeOver(): void; registered: string[] } {
  const changes: (() => void)[] = [];
  const registered: string[] = [];
  return {
    controller,
    registered,
    register: (url: string) => {
      registered.push(url);
      return Promise.resolve(reg);
    },
    addEventListener: (_type: 'controllerchange', f: () => void) => changes.push(f),
    takeOver: () => changes.forEach((f) => f()),
  };
}

const offer = (): HTMLElement | null => document.querySelector('[data-testid="update-ready"]');

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('a new version of the page', () => {
  it('is not offered when it is the first one installed', async () => {
    const reg = new FakeRegistration();
    const w = workers(reg, null);
    await watchForUpdates(w);
    expect(w.registered).toEqual(['./sw.js']);
    reg.newVersion().become('installed');
    expect(offer()).toBeNull();
  });

  it('is offered once it waits, and Reload lets it take over, then reloads', async () => {
    const reg = new FakeRegistration();
    const w = workers(reg, {});
    const reload = vi.fn();
    await watchForUpdates(w, document, reload);
    const next = reg.newVersion();
    expect(offer()).toBeNull();
    next.become('installed');
    expect(offer()?.textContent).toContain('A new version of Hearts is ready.');
    // Another version's take-over (another tab's) reloads nothing before the player says so.
    w.takeOver();
    expect(reload).not.toHaveBeenCalled();
    (document.querySelector('[data-testid="update-reload"]') as HTMLButtonElement).click();
    expect(next.sent).toEqual([{ type: 'SKIP_WAITING' }]);
    w.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waiting already when the page opens is offered; Later puts the offer away', async () => {
    const reg = new FakeRegistration();
    reg.waiting = new FakeWorker();
    await watchForUpdates(workers(reg, {}), document, vi.fn());
    expect(offer()).not.toBeNull();
    (document.querySelector('[data-testid="update-later"]') as HTMLButtonElement).click();
    expect(offer()).toBeNull();
    expect(reg.waiting.sent).toEqual([]);
  });

  it('is looked for when the page comes back into view', async () => {
    const reg = new FakeRegistration();
    await watchForUpdates(workers(reg, {}), document, vi.fn());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(reg.updates).toBe(1);
  });
});
