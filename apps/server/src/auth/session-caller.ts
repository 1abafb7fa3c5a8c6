// The signed-in caller as a relation to join (db/caller.ts): the hot routes (trades, swaps, the
// dashboard's reads) declare `joinsSession`, and their one statement selects from the live
// session, so checking it costs no round trip of its own (DESIGN §3, decision 013). No live
// session, no row: nothing is read or moved, and the caller hears UNAUTHENTICATED. The session's
// last-seen time is written after the answer, at most once a minute.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Caller } from '../db/caller.ts';
import { sessions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { runAfterAnswer } from './background-work.ts';
import {
  lastSeenResolutionMs,
  liveSessionParams,
  type LiveSessionRow,
  sessionCookieName,
  toRequestAuth,
} from './sessions.ts';

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in.');

export function sessionCaller(ctx: AppContext, request: FastifyRequest): Caller {
  const token = request.cookies[sessionCookieName];
  if (!token) throw unauthenticated();
  const now = ctx.clock.now();
  return {
    kind: 'session',
    relation:
      '(select *, impersonator_id as actor_id from auth_session($1, $2::timestamptz, $3::timestamptz)) c',
    params: liveSessionParams(token, now),
    accept: (row) => {
      // cast: the relation selects auth_session()'s columns, which LiveSessionRow names.
      const auth = toRequestAuth(row as LiveSessionRow);
      request.auth = auth;
      if (now.getTime() - auth.session.lastSeenAt.getTime() >= lastSeenResolutionMs) {
        runAfterAnswer(ctx, 'session last seen', async () => {
          await ctx.db
            .update(sessions)
            .set({ lastSeenAt: now })
            .where(eq(sessions.id, auth.session.id));
        });
      }
    },
    refuse: () => {
      throw unauthenticated();
    },
  };
}
