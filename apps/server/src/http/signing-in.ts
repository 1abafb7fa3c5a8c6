// A route that signs in (sign-up's code, a password, a reset link, a passkey): it opens the
// session, replacing the one the request came with, and sets the session and browser cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { deviceTokenOf, setDeviceCookie } from '../auth/known-devices.ts';
import { type RequestMeta, requestMeta } from '../auth/request-meta.ts';
import { type IssuedSession, type RequestAuth, setSessionCookie } from '../auth/sessions.ts';

/** A service that opens a session for the caller, replacing the one the request came with. */
type OpensSession<Body> = (
  ctx: AppContext,
  body: Body,
  meta: RequestMeta,
  previousSessionId: string | null,
) => Promise<IssuedSession>;

/** The handler of a route that signs in: it opens the session and sets its cookie. */
export function signingIn<Body>(ctx: AppContext, open: OpensSession<Body>) {
  return async (
    request: FastifyRequest & { body: Body },
    caller: RequestAuth | null,
    reply: FastifyReply,
  ) => {
    const device = deviceTokenOf(request);
    const meta = { ...requestMeta(request), device: device.token };
    const session = await open(ctx, request.body, meta, caller?.session.id ?? null);
    setSessionCookie(reply, session, ctx.clock.now());
    setDeviceCookie(reply, device.token);
    return session.body;
  };
}
