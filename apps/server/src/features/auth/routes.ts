// /api/v1/auth, open to anyone: sign-up, sign-in, sign-out, the session, password reset and
// impersonation (contracts: shared/auth/contracts.ts; account-routes.ts holds what needs a
// session). Routes stay thin.
import type { FastifyInstance } from 'fastify';
import * as authApi from '@secure-vault/shared/auth/contracts';
import type { AppContext } from '../../context.ts';
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
import { signingIn } from '../../http/signing-in.ts';
import { resendSignUpCode, signUp, verifySignUp } from './sign-up.ts';

const accepted = { accepted: true as const };

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Answers here carry session details and secrets shown once: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, authApi.signUp, async (request) => {
    await signUp(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, authApi.resendSignUpCode, async (request) => {
    await resendSignUpCode(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, authApi.verifySignUp, signingIn(ctx, verifySignUp));
  route(app, authApi.signIn, signingIn(ctx, signIn));

  route(app, authApi.signOut, async (request, caller, reply) => {
    await signOut(ctx, caller, requestMeta(request));
    clearSessionCookie(reply);
    return null;
  });

  route(app, authApi.getSession, async (_request, auth) => sessionBody(auth));

  route(app, authApi.getCurrentSession, async (_request, caller) => ({
    session: caller ? sessionBody(caller) : null,
  }));

  route(app, authApi.requestPasswordReset, async (request) => {
    await requestPasswordReset(ctx, request.body, requestMeta(request));
    return accepted;
  });

  route(app, authApi.checkPasswordResetLink, (request) =>
    checkPasswordResetLink(ctx, request.body, requestMeta(request)),
  );

  route(app, authApi.completePasswordReset, signingIn(ctx, completePasswordReset));

  accountRoutes(app, ctx);

  route(app, authApi.completeImpersonation, async (request, caller, reply) => {
    const session = await completeImpersonation(
      ctx,
      request.body.token,
      caller,
      requestMeta(request),
    );
    setSessionCookie(reply, session, ctx.clock.now());
    return session.body;
  });

  route(app, authApi.endImpersonation, async (request, auth, reply) => {
    const { restored, body } = await endImpersonation(ctx, auth, requestMeta(request));
    if (restored) setSessionCookie(reply, restored, ctx.clock.now());
    else clearSessionCookie(reply);
    return body;
  });
}
