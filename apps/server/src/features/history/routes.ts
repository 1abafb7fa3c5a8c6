// The signed-in user's own history (contracts: shared/history/contracts.ts): a page of the
// journal with summary counts, every matching row as CSV, and one movement as its receipt.
import type { FastifyInstance } from 'fastify';
import * as history from '@secure-vault/shared/history/contracts';
import { languageFromHeader } from '@secure-vault/shared/i18n';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { exportHistoryCsv, historyCsvFilename } from './export-history.ts';
import { getHistory } from './get-history.ts';
import { getHistoryReceipt } from './get-history-receipt.ts';

export function historyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, history.getHistory, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return getHistory(ctx.db, auth.user.id, request.query);
  });

  route(app, history.getHistoryReceipt, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return getHistoryReceipt(ctx.db, auth.user.id, request.params.id);
  });

  route(app, history.exportHistory, async (request, auth, reply) => {
    const { language, ...filter } = request.query;
    const csv = await exportHistoryCsv(
      ctx.db,
      auth.user.id,
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
  });
}
