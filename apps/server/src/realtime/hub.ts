// Who is connected, per user, on this server instance; and the fan-out of change notices that
// arrive on the database's LISTEN channel (sent after commit, in batches: db/notices.ts) to each
// user's sockets only (DESIGN §6). A change of the price book, which is everyone's, is told to
// every socket.
import { z } from 'zod';
import type { WebSocket } from 'ws';
import {
  realtimeCloseCodes,
  realtimeTopics,
  type RealtimeEvent,
} from '@secure-vault/shared/realtime';
import { noticeChannel, noticesOf } from '../db/notices.ts';
import type { Logger } from '../logger.ts';

/** The channel every process's notice sender NOTIFYs on (db/notices.ts). */
export const userEventsChannel = noticeChannel;

const noticeSchema = z.object({ userId: z.uuid(), topic: z.enum(realtimeTopics) });

/** Which of these sessions are still live (one query for every socket of the instance). */
export type LiveSessions = (sessionIds: string[]) => Promise<Set<string>>;

export interface RealtimeHub {
  add(socket: WebSocket, owner: { userId: string; sessionId: string }): void;
  /** Handles one NOTIFY payload: `[{"userId": …, "topic": …}, …]`. */
  deliver(payload: string): void;
  /** Tells every socket that the price book changed. */
  pricesChanged(): void;
  /**
   * Pings every socket; a socket that did not answer the previous ping is dropped, and one whose
   * session has ended (sign-out, expiry, end of an impersonation) is closed with 4401.
   */
  heartbeat(): Promise<void>;
  /** Open sockets (metrics). */
  size(): number;
}

interface Connection {
  userId: string;
  sessionId: string;
  isAlive: boolean;
}

/** The price book's change, which is everyone's: told to every open socket. */
function tellEverySocket(sockets: Iterable<WebSocket>): void {
  const event: RealtimeEvent = { type: 'changed', topic: 'prices' };
  const message = JSON.stringify(event);
  for (const socket of sockets) {
    if (socket.readyState === socket.OPEN) socket.send(message);
  }
}

export function createRealtimeHub(logger: Logger, liveSessions: LiveSessions): RealtimeHub {
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const connections = new Map<WebSocket, Connection>();

  function remove(socket: WebSocket): void {
    const connection = connections.get(socket);
    if (!connection) return;
    connections.delete(socket);
    const sockets = socketsByUser.get(connection.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) socketsByUser.delete(connection.userId);
  }

  async function closeEndedSessions(): Promise<void> {
    if (connections.size === 0) return;
    let live: Set<string>;
    try {
      live = await liveSessions([...new Set([...connections.values()].map((c) => c.sessionId))]);
    } catch (err) {
      // The database is briefly unreachable: keep the sockets, check again next beat.
      logger.warn({ err }, 'realtime session check failed');
      return;
    }
    for (const [socket, connection] of connections) {
      if (live.has(connection.sessionId)) continue;
      remove(socket);
      socket.close(realtimeCloseCodes.unauthenticated, 'Session ended');
    }
  }

  return {
    size: () => connections.size,
    add(socket, owner) {
      let sockets = socketsByUser.get(owner.userId);
      if (!sockets) {
        sockets = new Set();
        socketsByUser.set(owner.userId, sockets);
      }
      sockets.add(socket);
      const connection: Connection = { ...owner, isAlive: true };
      connections.set(socket, connection);
      socket.on('pong', () => (connection.isAlive = true));
      socket.on('message', () => (connection.isAlive = true));
      socket.on('close', () => remove(socket));
    },

    deliver(payload) {
      const notices = noticesOf(payload);
      if (notices === null) {
        logger.warn('ignored a malformed realtime notice');
        return;
      }
      for (const item of notices) {
        const parsed = noticeSchema.safeParse(item);
        if (!parsed.success) {
          logger.warn('ignored a malformed realtime notice');
          continue;
        }
        const sockets = socketsByUser.get(parsed.data.userId);
        if (!sockets) continue;
        const event: RealtimeEvent = { type: 'changed', topic: parsed.data.topic };
        const message = JSON.stringify(event);
        for (const socket of sockets) {
          if (socket.readyState === socket.OPEN) socket.send(message);
        }
      }
    },

    pricesChanged: () => tellEverySocket(connections.keys()),

    async heartbeat() {
      for (const [socket, connection] of connections) {
        if (!connection.isAlive) {
          remove(socket);
          socket.terminate();
          continue;
        }
        connection.isAlive = false;
        if (socket.readyState === socket.OPEN) socket.ping();
      }
      await closeEndedSessions();
    },
  };
}
