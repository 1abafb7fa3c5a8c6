// /api/v1/me: the signed-in user's own profile, valuables and summary. Each is one statement
// joined to the live session (auth/session-caller.ts), scoped by its user id (an impersonating
// staff member sees the customer's).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  profileSchema,
  summarySchema,
  valuableSchema,
  valuablesQuerySchema,
} from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { sessionCaller } from '../../auth/session-caller.ts';
import { errorResponses } from '../../http/openapi.ts';
import { getProfile } from './get-profile.ts';
import { getSummary } from './get-summary.ts';
import { getValuables } from './get-valuables.ts';

export const vaultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['vault'];

  app.get(
    '/profile',
    {
      config: { access: 'user', joinsSession: true },
      schema: {
        tags,
        summary: 'Your profile',
        response: { 200: profileSchema, ...errorResponses },
      },
    },
    async (request) => getProfile(ctx, sessionCaller(ctx, request)),
  );

  app.get(
    '/valuables',
    {
      config: { access: 'user', joinsSession: true },
      schema: {
        tags,
        summary: 'Your valuables in the vault (not delivered), newest stored first by default',
        querystring: valuablesQuerySchema,
        response: { 200: z.array(valuableSchema), ...errorResponses },
      },
    },
    async (request) => getValuables(ctx, sessionCaller(ctx, request), request.query),
  );

  app.get(
    '/summary',
    {
      config: { access: 'user', joinsSession: true },
      schema: {
        tags,
        summary: 'Cash, book balance, total net worth and its allocation by item type',
        response: { 200: summarySchema, ...errorResponses },
      },
    },
    async (request) => getSummary(ctx, sessionCaller(ctx, request)),
  );
};
