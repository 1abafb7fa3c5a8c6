import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';

const statusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public', readsSession: false },
      schema: { tags: ['health'], response: { 200: statusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: statusSchema, ...errorResponses } },
    },
    async (request) => {
      try {
        await ctx.database.ping();
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' as const };
    },
  );
};
