// Live updates (DESIGN §6): one WebSocket per signed-in tab. The server says what changed
// ({"type":"changed","topic":…}); the matching queries are invalidated and refetch. A ping every
// 25 s must be answered before the next one, else the socket is dropped; a dropped socket
// reconnects after 1, 2, 5, then every 10 s, and then refreshes everything it may have missed.
// Close code 4401 means the session has ended: the session is checked again, and the guard
// takes over from there.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fieldOf, isOneOf } from '@secure-vault/shared/guards';
import type { RealtimeTopic } from '@secure-vault/shared/realtime';
import { sessionQueryKey } from './auth/get-session';
import { refetchChanges } from './change-keys';

// The protocol's constants, as in @secure-vault/shared/realtime (realtime.test.ts holds them
// equal); that module's schemas are for the server.
export const realtimePath = '/api/v1/realtime';
export const realtimeHeartbeatMs = 25_000;
export const realtimeReconnectDelaysMs = [1000, 2000, 5000, 10_000] as const;
export const realtimeTopics = [
  'valuables',
  'profile',
  'requests',
  'notifications',
  'prices',
] as const satisfies readonly RealtimeTopic[];
export const realtimeCloseCodes = {
  unauthenticated: 4401,
  /** The server is stopping: reconnect as after any drop (1 s after a good connection). */
  restarting: 1012,
} as const;

/** Same origin, ws: or wss: as the page. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${realtimePath}`;
}

/** The topic of a change notice, or null for anything else (a pong, a malformed frame). */
export function parseChange(data: unknown): RealtimeTopic | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    const topic = fieldOf(message, 'topic');
    return fieldOf(message, 'type') === 'changed' && isOneOf(realtimeTopics, topic) ? topic : null;
  } catch {
    return null;
  }
}

export interface RealtimeOptions {
  url: string;
  onChange: (topic: RealtimeTopic) => void;
  /** After a reconnect: notices sent while the socket was down are lost. */
  onReconnect: () => void;
  onSessionEnded: () => void;
  createSocket?: (url: string) => WebSocket;
  heartbeatMs?: number;
  reconnectDelaysMs?: readonly number[];
}

/** Opens the socket and keeps it open until the returned function is called. */
export function connectRealtime({
  url,
  onChange,
  onReconnect,
  onSessionEnded,
  createSocket = (address) => new WebSocket(address),
  heartbeatMs = realtimeHeartbeatMs,
  reconnectDelaysMs = realtimeReconnectDelaysMs,
}: RealtimeOptions): () => void {
  let socket: WebSocket | null = null;
  let isStopped = false;
  let hasConnected = false;
  let attempt = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const detach = (ws: WebSocket) => {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    clearInterval(heartbeat);
    if (socket === ws) socket = null;
  };

  const scheduleReconnect = () => {
    if (isStopped) return;
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 10_000;
    attempt += 1;
    retry = setTimeout(open, delay);
  };

  function open() {
    let ws: WebSocket;
    try {
      ws = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    let isAwaitingPong = false;
    ws.onopen = () => {
      attempt = 0;
      if (hasConnected) onReconnect();
      hasConnected = true;
      heartbeat = setInterval(() => {
        if (isAwaitingPong) {
          // No answer since the last ping: the connection is dead. Closing a dead socket may
          // wait long for the other side, so stop listening to it and start afresh now.
          detach(ws);
          ws.close();
          scheduleReconnect();
          return;
        }
        isAwaitingPong = true;
        ws.send(JSON.stringify({ type: 'ping' }));
      }, heartbeatMs);
    };
    ws.onmessage = (event: MessageEvent) => {
      isAwaitingPong = false;
      const topic = parseChange(event.data);
      if (topic) onChange(topic);
    };
    ws.onclose = (event: CloseEvent) => {
      detach(ws);
      if (isStopped) return;
      if (event.code === realtimeCloseCodes.unauthenticated) onSessionEnded();
      scheduleReconnect();
    };
  }

  // Back online: try at once rather than waiting out the delay.
  const onOnline = () => {
    if (socket || isStopped) return;
    clearTimeout(retry);
    open();
  };
  window.addEventListener('online', onOnline);
  open();

  return () => {
    isStopped = true;
    window.removeEventListener('online', onOnline);
    clearTimeout(retry);
    if (socket) {
      const ws = socket;
      detach(ws);
      ws.close(1000);
    }
  };
}

/**
 * Keeps this tab's realtime socket open while someone is signed in. `identity` names the session
 * (user and impersonator): when it changes, the socket is opened afresh with the new cookie.
 */
export function useRealtime(identity: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!identity || typeof WebSocket === 'undefined') return;
    return connectRealtime({
      url: realtimeUrl(window.location),
      onChange: (topic) => void refetchChanges(queryClient, [topic]),
      onReconnect: () => void refetchChanges(queryClient, realtimeTopics),
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    });
  }, [queryClient, identity]);
}
