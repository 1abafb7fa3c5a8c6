// The realtime channel (DESIGN §6): one WebSocket per signed-in tab at `realtimePath`, on which
// the server says what changed and the web app refetches it.
import { z } from 'zod';

/** What changed for the signed-in user; the web app invalidates the matching queries. */
/**
 * What a notice says changed: a user's own topics, and `prices` — the book, told to every socket
 * once a new price has committed (the server's `sv_prices` notice).
 */
export const realtimeTopics = [
  'valuables',
  'profile',
  'requests',
  'notifications',
  'prices',
] as const;
export type RealtimeTopic = (typeof realtimeTopics)[number];
export const realtimeEventSchema = z.object({
  type: z.literal('changed'),
  topic: z.enum(realtimeTopics),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export const realtimePath = '/api/v1/realtime';
export const realtimeHeartbeatMs = 25_000;
export const realtimeReconnectDelaysMs = [1000, 2000, 5000, 10_000] as const;

/** What a realtime client may send: a keep-alive answered by `{"type":"pong"}`. */
export const realtimeClientMessageSchema = z.object({ type: z.literal('ping') });
export const realtimePongSchema = z.object({ type: z.literal('pong') });
/** Close codes of the realtime socket. */
export const realtimeCloseCodes = {
  unauthenticated: 4401,
  /** The server is stopping (a restart, a deploy): reconnect, to another server if there are several. */
  restarting: 1012,
} as const;
