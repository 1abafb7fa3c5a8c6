// The realtime socket (DESIGN §6): GET /api/v1/realtime upgrades to a WebSocket for a signed-in
// user (the session cookie; 401 before upgrading without one). The server pushes
// `{"type":"changed","topic":…}` for that user's own changes, pings every 25 s and drops sockets
// that do not answer, answers `{"type":"ping"}` with `{"type":"pong"}`, and closes with 4401
// once the session has ended (sign-out, expiry, end of an impersonation).
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import {
  realtimeClientMessageSchema,
  realtimeCloseCodes,
  realtimeHeartbeatMs,
  realtimePath,
} from '@secure-vault/shared/realtime';
import type { AppContext } from '../context.ts';
import { requireAuth } from '../auth/access.ts';
import { sessionIdleMs } from '../auth/sessions.ts';
import { pricesChannel } from '../db/notices.ts';
import { sessions } from '../db/schema.ts';
import { sameOriginGuard } from '../http/csrf.ts';
import { createRealtimeHub, type RealtimeHub, userEventsChannel } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's realtime sockets; tests drive its heartbeat by hand. */
    realtime: RealtimeHub;
  }
}

export interface RealtimeOptions {
  /** Ping interval; tests shorten it. */
  heartbeatMs?: number;
}

export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<RealtimeHub> {
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On close, every socket hears why: 1012, the server is restarting, so the page reconnects
    // (behind a balancer, to a server still running) and refetches what it shows.
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) {
        client.close(realtimeCloseCodes.restarting, 'Server restarting; reconnect');
      }
      server.close(() => done());
    },
  });
  const hub = createRealtimeHub(ctx.logger, (ids) => liveSessions(ctx, ids));
  app.decorate('realtime', hub);
  const stopListening = await ctx.database.listen(userEventsChannel, (payload) =>
    hub.deliver(payload),
  );
  // A new price in the book (db/notices.ts, once committed): every open page refetches it.
  const stopPrices = await ctx.database.listen(pricesChannel, () => hub.pricesChanged());
  const heartbeat = setInterval(
    () => void hub.heartbeat(),
    options.heartbeatMs ?? realtimeHeartbeatMs,
  );
  heartbeat.unref();
  // On close (@fastify/websocket's preClose has already closed the sockets): stop the beat and
  // give back the LISTEN connection.
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await stopListening();
    await stopPrices();
  });

  // A refused handshake (401, 403) is answered over the raw socket; end the connection there, as
  // @fastify/websocket's own clean-up only runs when its hook ran before the refusal.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket.destroy();
  });

  app.get(
    realtimePath,
    {
      websocket: true,
      config: { access: 'user' },
      onRequest: sameOriginGuard(ctx.config),
      schema: { tags: ['realtime'], summary: 'Change notices for the signed-in user (WebSocket)' },
    },
    (socket, request) => {
      const auth = requireAuth(request);
      hub.add(socket, { userId: auth.user.id, sessionId: auth.session.id });
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        if (
          realtimeClientMessageSchema.safeParse(
            parseJson(Buffer.isBuffer(data) ? data.toString('utf8') : ''),
          ).success
        ) {
          socket.send(JSON.stringify({ type: 'pong' }));
        }
      });
    },
  );
  return hub;
}

/** The same rule as auth/sessions.ts findSession: not revoked, not past its end, not idle. */
async function liveSessions(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  const now = ctx.clock.now();
  const live = new Set<string>();
  // In slices, well under PostgreSQL's limit on query parameters.
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(sessions.id, ids.slice(start, start + 5000)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
        ),
      );
    for (const row of rows) live.add(row.id);
  }
  return live;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
