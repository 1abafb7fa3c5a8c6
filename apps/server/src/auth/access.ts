// Who is calling, and may they (DESIGN §3, §4): a guard on each route looks up the session cookie,
// puts the caller on `request.auth`, and enforces the route's declared access before the body is
// read. Staff powers need a session that itself passed a second factor, not merely an account
// with two-factor on.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Access, GuardedRoute } from '../http/access.ts';
import { AppError } from '../errors.ts';
import { findSession, type RequestAuth, sessionCookieName, touchSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set by the route's access guard. */
    auth: RequestAuth | null;
  }
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
}

/** The onRequest guard of one route: who the caller is, and whether `access` lets them in. */
export function accessGuard(
  ctx: AppContext,
  {
    access,
    readsSession,
    joinsSession,
  }: Pick<GuardedRoute, 'access' | 'readsSession' | 'joinsSession'>,
): onRequestAsyncHookHandler {
  return async (request) => {
    request.auth = null;
    if (joinsSession) {
      // The handler's statement checks the session (sessionCaller); without a cookie there is
      // none to check.
      if (!request.cookies[sessionCookieName])
        throw new AppError('UNAUTHENTICATED', 'Please sign in.');
      return;
    }
    if (readsSession) {
      const token = request.cookies[sessionCookieName];
      if (token) {
        const now = ctx.clock.now();
        request.auth = await findSession(ctx.db, token, now);
        if (request.auth) await touchSession(ctx.db, request.auth, now);
      }
    }
    enforceAccess(request.auth, access, ctx);
  };
}

function enforceAccess(auth: RequestAuth | null, access: Access, ctx: AppContext): void {
  if (access === 'public') return;
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if (access === 'admin') {
    if (!auth.isAdmin) throw new AppError('FORBIDDEN', 'This needs a staff account.');
    if (ctx.config.staff2fa !== 'optional' && !auth.hasTwoFactor && !auth.hasPasskey) {
      throw new AppError('STAFF_2FA_REQUIRED', 'Staff must turn on two-factor sign-in first.');
    }
    if (ctx.config.staff2fa !== 'optional' && !auth.session.hasPassedSecondFactor) {
      throw new AppError(
        'STAFF_SECOND_FACTOR_REQUIRED',
        'Sign in again with your authenticator code to use staff tools.',
      );
    }
    if (ctx.config.staff2fa === 'passkey' && !auth.session.hasUsedPasskey) {
      throw new AppError(
        'STAFF_PASSKEY_REQUIRED',
        'Sign in again with your passkey to use staff tools.',
      );
    }
  }
}

/**
 * The caller of a 'user' route registered without a contract (the realtime socket); a contract's
 * handler is handed its caller by route() instead (http/route.ts).
 */
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
