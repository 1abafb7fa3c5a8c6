// /api/v1/auth, open to anyone: sign-up, sign-in, sign-out, the session, password reset and
// impersonation (account-routes.ts holds what needs a session). Routes stay thin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedSchema,
  currentSessionSchema,
  impersonationCompleteSchema,
  impersonationEndSchema,
  passwordResetCheckSchema,
  passwordResetCompleteSchema,
  passwordResetLinkSchema,
  passwordResetRequestSchema,
  sessionSchema,
  signInSchema,
  signUpResendSchema,
  signUpSchema,
  signUpVerifySchema,
} from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { clearSessionCookie, sessionBody, setSessionCookie } from '../../auth/sessions.ts';
import { accountRoutes, noBody, noContent } from './account-routes.ts';
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

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Answers here carry session details and secrets shown once: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['auth'];

  app.post(
    '/sign-up',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Start a sign-up: a 6-digit code is emailed (an existing account gets a notice instead)',
        body: signUpSchema,
        response: { 202: acceptedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await signUp(ctx, request.body, requestMeta(request));
      return reply.status(202).send(accepted);
    },
  );

  app.post(
    '/sign-up/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Email a new sign-up code (no sooner than 60 s after the last)',
        body: signUpResendSchema,
        response: { 202: acceptedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await resendSignUpCode(ctx, request.body, requestMeta(request));
      return reply.status(202).send(accepted);
    },
  );

  app.post(
    '/sign-up/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify the emailed code: creates the account and signs in',
        body: signUpVerifySchema,
        response: { 201: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await verifySignUp(
        ctx,
        request.body,
        requestMeta(request),
        request.auth?.session.id ?? null,
      );
      setSessionCookie(reply, session, ctx.clock.now());
      return reply.status(201).send(session.body);
    },
  );

  app.post(
    '/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Sign in with email and password (and an authenticator or recovery code when two-factor is on)',
        body: signInSchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await signIn(
        ctx,
        request.body,
        requestMeta(request),
        request.auth?.session.id ?? null,
      );
      setSessionCookie(reply, session, ctx.clock.now());
      return reply.send(session.body);
    },
  );

  app.post(
    '/sign-out',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'End this session',
        body: noBody,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await signOut(ctx, request.auth, requestMeta(request));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request) => sessionBody(requireAuth(request)),
  );

  app.get(
    '/current-session',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Who is signed in, or null: for pages anyone may open',
        description:
          'The same session as `GET /auth/session`, but nobody signed in is `{"session": null}` rather than 401, so a signed-out page has no failed request.',
        response: { 200: currentSessionSchema, ...errorResponses },
      },
    },
    async (request) => ({ session: request.auth ? sessionBody(request.auth) : null }),
  );

  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Email a password reset link (the same answer whether or not the account exists)',
        body: passwordResetRequestSchema,
        response: { 202: acceptedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body, requestMeta(request));
      return reply.status(202).send(accepted);
    },
  );

  app.post(
    '/password-reset/check',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether a reset link still works (nothing is used up)',
        description:
          'TOKEN_INVALID when the link is unknown, used or expired; `requiresTotp` when the account will ask for its authenticator code.',
        body: passwordResetCheckSchema,
        response: { 200: passwordResetLinkSchema, ...errorResponses },
      },
    },
    async (request) => checkPasswordResetLink(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/password-reset/complete',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password from a reset link: ends every session, then signs in',
        body: passwordResetCompleteSchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await completePasswordReset(
        ctx,
        request.body,
        requestMeta(request),
        request.auth?.session.id ?? null,
      );
      setSessionCookie(reply, session, ctx.clock.now());
      return reply.send(session.body);
    },
  );

  await app.register(accountRoutes, { ctx });

  app.post(
    '/impersonation/complete',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Open the customer session of a one-time impersonation link',
        body: impersonationCompleteSchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await completeImpersonation(
        ctx,
        request.body.token,
        request.auth,
        requestMeta(request),
      );
      setSessionCookie(reply, session, ctx.clock.now());
      return reply.send(session.body);
    },
  );

  app.post(
    '/impersonation/end',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "End the impersonation; gives back the staff member's own session when it is still live",
        body: noBody,
        response: { 200: impersonationEndSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { restored, body } = await endImpersonation(
        ctx,
        requireAuth(request),
        requestMeta(request),
      );
      if (restored) setSessionCookie(reply, restored, ctx.clock.now());
      else clearSessionCookie(reply);
      return reply.send(body);
    },
  );
};
