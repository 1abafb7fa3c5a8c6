// /api/v1/me/history (a page of the journal with summary counts) and /api/v1/me/history.csv
// (every matching row). Only the signed-in user's own rows.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historyExportQuerySchema,
  historyPageSchema,
  historyQuerySchema,
} from '@secure-vault/shared/history';
import { languageFromHeader } from '@secure-vault/shared/i18n';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { errorResponses } from '../../http/openapi.ts';
import { exportHistoryCsv, historyCsvFilename } from './export-history.ts';
import { getHistory } from './get-history.ts';

export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['history'];

  app.get(
    '/me/history',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your history, newest first, with summary counts',
        description:
          'Pass `nextCursor` back as `cursor` for the next page. Dates are whole days in UTC.',
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getHistory(ctx.db, requireAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/me/history.csv',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your history as CSV: every row matching the filters',
        description:
          'The header, kinds and asset names are in `language`, or the first supported language of Accept-Language.',
        querystring: historyExportQuerySchema,
        response: {
          200: {
            description: 'RFC 4180 CSV with a header row',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { language, ...filter } = request.query;
      const csv = await exportHistoryCsv(
        ctx.db,
        requireAuth(request).user.id,
        filter,
        language ?? languageFromHeader(request.headers['accept-language']),
      );
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${historyCsvFilename(ctx.clock.now())}"`,
        )
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};
