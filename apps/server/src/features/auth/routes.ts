// /api/v1/auth, open to anyone: sign-up, sign-in, sign-out, the session, password reset and
// impersonation (contracts: shared/auth/contracts.ts; account-routes.ts holds what needs a
// session). Routes stay thin.
import type { FastifyInstance } from 'fastify';
import * as auth from '@secure-vault/shared/auth/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { clearSessionCookie, sessionBody, setSessionCookie } from '../../auth/sessions.ts';
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

  route(app, auth.verifySignUp, async (request, reply) => {
    const session = await verifySignUp(
      ctx,
      request.body,
      requestMeta(request),
      request.auth?.session.id ?? null,
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  });

  route(app, auth.signIn, async (request, reply) => {
    const session = await signIn(
      ctx,
      request.body,
      requestMeta(request),
      request.auth?.session.id ?? null,
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  });

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

  route(app, auth.completePasswordReset, async (request, reply) => {
    const session = await completePasswordReset(
      ctx,
      request.body,
      requestMeta(request),
      request.auth?.session.id ?? null,
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  });

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
