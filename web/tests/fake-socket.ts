// A WebSocket stand-in for controller tests: records what the page sends, lets the test
// open, close and deliver frames.

import type { SocketLike } from '../src/net/connection';

export class FakeSocket implements SocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  /** The page's own close() calls, with their code and reason. */
  readonly closedByPage: { code?: number; reason?: string }[] = [];
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number, reason?: string): void {
    this.closedByPage.push({ ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) });
    this.closeWith(reason ?? '');
  }
  /** The server closes with a reason (e.g. "inactivity"). */
  closeWith(reason: string): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1000, reason }));
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(text: string): void {
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }
  /** Sent messages without their request ids. */
  messages(): Record<string, unknown>[] {
    return this.sent.map(({ id: _id, ...rest }) => rest);
  }
  /** The request id of the last message of type `t`. */
  idOf(t: string): number {
    const m = [...this.sent].reverse().find((x) => x['t'] === t);
    if (!m || typeof m['id'] !== 'number') throw new Error(`no ${t} with an id`);
    return m['id'];
  }
}
