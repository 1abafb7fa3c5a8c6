// The development mailbox: present only while the outbox is the mail transport (DESIGN §5).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxMessageSchema } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/openapi.ts';
import { readOutbox } from '../../mail/mailer.ts';

export const devRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Mail kept by the outbox for one address, newest first',
        querystring: z.strictObject({ to: z.email() }),
        response: { 200: z.array(outboxMessageSchema), ...errorResponses },
      },
    },
    async (request) => readOutbox(ctx.db, request.query.to),
  );
};
