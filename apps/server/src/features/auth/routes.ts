// /api/v1/auth, open to anyone: sign-up, sign-in, sign-out, the session, password reset and
// impersonation (contracts: shared/auth/contracts.ts; account-routes.ts holds what needs a
// session). Routes stay thin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as auth from '@secure-vault/shared/auth/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { type RequestMeta, requestMeta } from '../../auth/request-meta.ts';
import {
  clearSessionCookie,
  type IssuedSession,
  sessionBody,
  setSessionCookie,
} from '../../auth/sessions.ts';
import { route } from '../../http/route.ts';
import { accountRoutes } from './account-routes.ts';
import { completeImpersonation, endImpersonation } from './impersonation.ts';
import { signOut } from './manage-sessions.ts';
import {
  checkPasswordResetLink,
  completePasswordReset,
  requestPasswordReset,
} from './password-reset.ts';
import { signIn } from './sign-in.ts';
import { resendSignUpCode, signUp, verifySignUp } from './sign-up.ts';

const accepted = { accepted: true as const };

/** A service that opens a session for the caller, replacing the one the request came with. */
type OpensSession<Body> = (
  ctx: AppContext,
  body: Body,
  meta: RequestMeta,
  previousSessionId: string | null,
) => Promise<IssuedSession>;

/** The handler of a route that signs in: it opens the session and sets its cookie. */
function signingIn<Body>(ctx: AppContext, open: OpensSession<Body>) {
  return async (request: FastifyRequest & { body: Body }, reply: FastifyReply) => {
    const session = await open(
      ctx,
      request.body,
      requestMeta(request),
      request.auth?.session.id ?? null,
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  };
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Answers here carry session details and secrets shown once: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, auth.signUp, async (request) => {
    await signUp(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, auth.resendSignUpCode, async (request) => {
    await resendSignUpCode(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, auth.verifySignUp, signingIn(ctx, verifySignUp));
  route(app, auth.signIn, signingIn(ctx, signIn));

  route(app, auth.signOut, async (request, reply) => {
    await signOut(ctx, request.auth, requestMeta(request));
    clearSessionCookie(reply);
    return null;
  });

  route(app, auth.getSession, async (request) => sessionBody(requireAuth(request)));

  route(app, auth.getCurrentSession, async (request) => ({
    session: request.auth ? sessionBody(request.auth) : null,
  }));

  route(app, auth.requestPasswordReset, async (request) => {
    await requestPasswordReset(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, auth.checkPasswordResetLink, (request) =>
    checkPasswordResetLink(ctx, request.body, requestMeta(request)),
  );

  route(app, auth.completePasswordReset, signingIn(ctx, completePasswordReset));

  accountRoutes(app, ctx);

  route(app, auth.completeImpersonation, async (request, reply) => {
    const session = await completeImpersonation(
      ctx,
      request.body.token,
      request.auth,
      requestMeta(request),
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  });

  route(app, auth.endImpersonation, async (request, reply) => {
    const { restored, body } = await endImpersonation(
      ctx,
      requireAuth(request),
      requestMeta(request),
    );
    if (restored) setSessionCookie(reply, restored, ctx.clock.now());
    else clearSessionCookie(reply);
    return body;
  });
}
