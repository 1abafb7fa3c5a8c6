// Live updates (DESIGN §6): one WebSocket per signed-in tab. The server says what changed
// ({"type":"changed","topic":…}); the matching queries are invalidated and refetch. A ping every
// 25 s must be answered before the next one, else the socket is dropped; a dropped socket
// reconnects after 1, 2, 5, then every 10 s, and then refreshes everything it may have missed.
// Close code 4401 means the session has ended: the session is checked again, and the guard
// takes over from there.
import { useEffect } from 'react';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import * as banking from '@secure-vault/shared/banking/contracts';
import * as history from '@secure-vault/shared/history/contracts';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import type { RealtimeTopic } from '@secure-vault/shared/realtime';
import * as trading from '@secure-vault/shared/trading/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { apiKey } from './api-query';
import { sessionQueryKey } from './auth/get-session';

// The protocol's constants, as in @secure-vault/shared/realtime (realtime.test.ts holds them
// equal); that module's schemas are for the server.
export const realtimePath = '/api/v1/realtime';
export const realtimeHeartbeatMs = 25_000;
export const realtimeReconnectDelaysMs = [1000, 2000, 5000, 10_000] as const;
export const realtimeTopics = [
  'valuables',
  'profile',
  'requests',
] as const satisfies readonly RealtimeTopic[];
export const realtimeCloseCodes = { unauthenticated: 4401 } as const;

/** Delivery, transfer and other requests of the signed-in user (a key prefix). */
export const requestsQueryKey = ['requests'] as const;

/**
 * Custody's list keys, written out: importing its contracts here would bring the delivery form's
 * phone-number rules (libphonenumber-js) into every signed-in page. realtime.test.ts holds them
 * equal to the contracts' keys.
 */
export const custodyKeys = {
  fixedTerms: ['me', 'fixed-terms'],
  deliveries: ['me', 'deliveries'],
} as const;

/**
 * What each topic makes stale. A change of valuables (a trade in another tab, a staff credit)
 * also moves the Sell tab's holdings and the history.
 */
export const topicQueryKeys: Record<RealtimeTopic, readonly QueryKey[]> = {
  valuables: [
    apiKey(vault.getValuables),
    apiKey(vault.getSummary),
    apiKey(trading.getHolding),
    apiKey(history.getHistory),
    apiKey(banking.getAccount),
    apiKey(banking.getMyTransfers),
    // A term matured: it shows as matured, and its holding unlocks beside the profit's cash.
    custodyKeys.fixedTerms,
  ],
  // The account overview carries the KYC status beside the cash.
  profile: [
    apiKey(vault.getProfile),
    apiKey(vault.getSummary),
    apiKey(kyc.getKyc),
    apiKey(banking.getAccount),
  ],
  // A request's status changed (a deposit completed, a withdrawal failed and refunded, a delivery
  // moved on or got a tracking record…).
  requests: [
    requestsQueryKey,
    custodyKeys.deliveries,
    apiKey(banking.getMyTransfers),
    apiKey(banking.getAccount),
    apiKey(banking.getBankAccounts),
  ],
};

/** Same origin, ws: or wss: as the page. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${realtimePath}`;
}

function isTopic(value: unknown): value is RealtimeTopic {
  return realtimeTopics.includes(value as RealtimeTopic);
}

/** The topic of a change notice, or null for anything else (a pong, a malformed frame). */
export function parseChange(data: unknown): RealtimeTopic | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown; topic?: unknown } | null;
    return message?.type === 'changed' && isTopic(message.topic) ? message.topic : null;
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

function invalidate(queryClient: QueryClient, topic: RealtimeTopic): void {
  for (const queryKey of topicQueryKeys[topic]) void queryClient.invalidateQueries({ queryKey });
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
      onChange: (topic) => invalidate(queryClient, topic),
      onReconnect: () => realtimeTopics.forEach((topic) => invalidate(queryClient, topic)),
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    });
  }, [queryClient, identity]);
}
