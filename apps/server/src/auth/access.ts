// Who is calling, and may they (DESIGN §3, §4): the session cookie is looked up on every API
// request and put on `request.auth`; then the route's declared access is enforced before the
// body is read.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { findSession, type RequestAuth, sessionCookieName, touchSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every /api request. */
    auth: RequestAuth | null;
  }
}

export async function registerAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    request.auth = null;
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessionCookieName];
    if (token) {
      const now = ctx.clock.now();
      request.auth = await findSession(ctx.db, token, now);
      if (request.auth) await touchSession(ctx.db, request.auth, now);
    }
    enforceAccess(request, ctx);
  });
}

function enforceAccess(request: FastifyRequest, ctx: AppContext): void {
  const access = request.routeOptions.config?.access;
  if (access === undefined || access === 'public') return;
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (access === 'admin') {
    if (!auth.isAdmin) throw new AppError('FORBIDDEN', 'This needs a staff account.');
    if (ctx.config.staff2fa === 'required' && !auth.hasTwoFactor) {
      throw new AppError('STAFF_2FA_REQUIRED', 'Staff must turn on two-factor sign-in first.');
    }
  }
}

/** The caller of a 'user' or 'admin' route (the access hook has already refused anyone else). */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.auth;
}

/**
 * Route guard (onRequest) for what an impersonating staff member may not do: password, two-factor,
 * sessions, bank accounts, withdrawals (DESIGN §4).
 */
export async function denyDuringImpersonation(request: FastifyRequest): Promise<void> {
  if (request.auth?.impersonatedBy) {
    throw new AppError(
      'IMPERSONATION_FORBIDDEN',
      'This is not allowed while viewing as a customer.',
    );
  }
}
