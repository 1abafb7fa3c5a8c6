// Price alerts (contracts: shared/alerts/contracts.ts): the customer's own, listed, set and
// removed; and this process's watch on the book. Whenever the book changes (the `sv_prices`
// notice, sent once a new price has committed) the process fires what it reached
// (prices/alerts.ts: once per alert however many processes look) and sends the queued mail.
// One look runs at a time; a change heard during one is looked at after it.
import type { FastifyInstance } from 'fastify';
import { findAsset } from '@secure-vault/shared/catalogue';
import * as alerts from '@secure-vault/shared/alerts/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { watchBook } from '../../prices/watch-book.ts';
import { fireAlerts } from '../../prices/alerts.ts';
import { createPriceAlert, deletePriceAlert, listPriceAlerts } from './price-alerts.ts';

export function alertRoutes(app: FastifyInstance, ctx: AppContext): void {
  watchBook(app, ctx, 'price alerts', (at) => fireAlerts(ctx.database, ctx.config.appUrl, at));

  route(app, alerts.listPriceAlerts, async (_request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listPriceAlerts(ctx, auth.user.id);
  });

  route(app, alerts.createPriceAlert, (request, auth) => {
    const asset = findAsset(request.body.symbol);
    if (!asset) {
      throw new AppError('UNKNOWN_ASSET', `There is no asset "${request.body.symbol}".`);
    }
    return createPriceAlert(ctx, auth.user.id, asset, request.body, requestMeta(request).language);
  });

  route(app, alerts.deletePriceAlert, async (request, auth) => {
    await deletePriceAlert(ctx, auth.user.id, request.params.id);
    return null;
  });
}
