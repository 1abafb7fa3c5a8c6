// /api/v1/auth, signed in: password, sessions and two-factor. None of it is open to an
// impersonating staff member (DESIGN §4).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  recoveryCodesSchema,
  sessionListSchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { denyDuringImpersonation, requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { clearSessionCookie } from '../../auth/sessions.ts';
import { changePassword } from './change-password.ts';
import { getSessions, revokeOtherSessions, revokeOwnSession } from './manage-sessions.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.ts';

// Fastify gives a missing body as null; an empty JSON object is accepted too, nothing else.
export const noBody = z.strictObject({}).nullish();
export const noContent = z.null().describe('No content');

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['auth'];

  app.post(
    '/password',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'Change the password: every other session ends',
        body: changePasswordSchema,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await changePassword(ctx, requireAuth(request), request.body, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Live sessions, newest first',
        response: { 200: sessionListSchema, ...errorResponses },
      },
    },
    async (request) => getSessions(ctx, requireAuth(request)),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'End one of your sessions',
        params: z.strictObject({ id: z.uuid() }),
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { isCurrent } = await revokeOwnSession(
        ctx,
        requireAuth(request),
        request.params.id,
        requestMeta(request),
      );
      if (isCurrent) clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'End every session but this one',
        body: noBody,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeOtherSessions(ctx, requireAuth(request), requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/totp/setup',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'Start two-factor set-up: a new authenticator secret (confirmed by totp/enable)',
        body: noBody,
        response: { 200: totpSetupSchema, ...errorResponses },
      },
    },
    async (request) => setUpTwoFactor(ctx, requireAuth(request)),
  );

  app.post(
    '/totp/enable',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'Turn two-factor on with a first code; returns ten recovery codes, shown once',
        body: totpCodeSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) =>
      enableTwoFactor(ctx, requireAuth(request), request.body.code, requestMeta(request)),
  );

  app.post(
    '/totp/disable',
    {
      config: { access: 'user' },
      onRequest: denyDuringImpersonation,
      schema: {
        tags,
        summary: 'Turn two-factor off with an authenticator or recovery code',
        body: totpCodeSchema,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(ctx, requireAuth(request), request.body.code, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
};
