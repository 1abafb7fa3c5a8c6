import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as shared from '@secure-vault/shared/realtime';
import * as realtime from './realtime';
import { connectRealtime, parseChange, realtimeUrl } from './realtime';

/** Just enough of a WebSocket for the connection logic. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  // Test helpers: what the server (or the network) does.
  open() {
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function connect() {
  const events = { changes: [] as string[], reconnects: 0, sessionEnded: 0 };
  const stop = connectRealtime({
    url: 'ws://localhost/api/v1/realtime',
    onChange: (topic) => events.changes.push(topic),
    onReconnect: () => (events.reconnects += 1),
    onSessionEnded: () => (events.sessionEnded += 1),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { events, stop };
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('realtime', () => {
  it('speaks the protocol of the shared package', () => {
    expect(realtime.realtimePath).toBe(shared.realtimePath);
    expect(realtime.realtimeHeartbeatMs).toBe(shared.realtimeHeartbeatMs);
    expect(realtime.realtimeReconnectDelaysMs).toEqual(shared.realtimeReconnectDelaysMs);
    expect(realtime.realtimeTopics).toEqual(shared.realtimeTopics);
    expect(realtime.realtimeCloseCodes).toEqual(shared.realtimeCloseCodes);
  });

  it('uses the page origin with ws or wss', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/v1/realtime',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'vault.example' })).toBe(
      'wss://vault.example/api/v1/realtime',
    );
  });

  it('reads change notices only', () => {
    expect(parseChange('{"type":"pong"}')).toBeNull();
    expect(parseChange('{"type":"changed","topic":"nope"}')).toBeNull();
    expect(parseChange('not json')).toBeNull();
  });

  it('passes change notices on and pings every 25 s', () => {
    const { events, stop } = connect();
    const socket = latest();
    socket.open();
    socket.receive({ type: 'changed', topic: 'valuables' });
    socket.receive({ type: 'changed', topic: 'profile' });
    expect(events.changes).toEqual(['valuables', 'profile']);
    vi.advanceTimersByTime(25_000);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(25_000);
    expect(socket.sent).toHaveLength(2);
    expect(FakeSocket.all).toHaveLength(1);
    stop();
    expect(socket.closedWith).toBe(1000);
  });

  it('reconnects after 1, 2, 5, then 10 s, and refreshes after reconnecting', () => {
    const { events, stop } = connect();
    latest().open();
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = FakeSocket.all.length;
      latest().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(count + 1);
    }
    expect(events.reconnects).toBe(0);
    latest().open();
    expect(events.reconnects).toBe(1);
    // A good connection starts the delays again from 1 s.
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(7);
    stop();
  });

  it('drops a socket that does not answer a ping', () => {
    const { stop } = connect();
    const first = latest();
    first.open();
    vi.advanceTimersByTime(25_000); // ping
    vi.advanceTimersByTime(25_000); // no pong since: give up on it
    expect(first.closedWith).toBeDefined();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it('reports an ended session (close code 4401)', () => {
    const { events, stop } = connect();
    latest().open();
    latest().drop(4401);
    expect(events.sessionEnded).toBe(1);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
