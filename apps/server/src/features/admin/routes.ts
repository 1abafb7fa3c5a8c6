// /api/v1/admin: staff-only routes (access 'admin': staff role, and two-factor on unless
// STAFF_2FA=optional).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminResetPasswordSchema, impersonationLinkSchema } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { createImpersonationLink } from './impersonate-user.ts';
import { resetUserPassword } from './reset-user-password.ts';

const userParams = z.strictObject({ id: z.uuid() });

export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin'];

  app.post(
    '/users/:id/reset-password',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Set a user's password; every session of that user ends",
        params: userParams,
        body: adminResetPasswordSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await resetUserPassword(
        ctx,
        requireAuth(request),
        request.params.id,
        request.body.newPassword,
        requestMeta(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/:id/impersonate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A one-time link (60 s) that opens a session as this user',
        params: userParams,
        body: z.strictObject({}).nullish(),
        response: { 200: impersonationLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createImpersonationLink(
        ctx,
        requireAuth(request),
        request.params.id,
        requestMeta(request),
      );
    },
  );
};
