// Limit orders (contracts: shared/orders/contracts.ts): the signed-in customer's own, placed with
// an Idempotency-Key and cancelled; the staff view of an asset's open orders; and this process's
// watch on the book. Whenever the book changes (the `sv_prices` notice, sent once a new price has
// committed) the process fills what it crosses (ledger/orders.ts: once per order however many
// processes look) and sends the queued mail. One look runs at a time; a change heard during one is
// looked at after it. The job runner's timer looks too, and expires orders past their day
// (jobs/runner.ts), so a lost notice costs only a delay.
import type { FastifyInstance } from 'fastify';
import * as orders from '@secure-vault/shared/orders/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { sessionCaller } from '../../auth/session-caller.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { watchBook } from '../../prices/watch-book.ts';
import { fillCrossedOrders } from '../../ledger/orders.ts';
import {
  cancelLimitOrder,
  listLimitOrders,
  listOpenOrders,
  placeLimitOrder,
} from './limit-orders.ts';

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  watchBook(app, ctx, 'limit orders', (at) =>
    fillCrossedOrders(ctx.database, ctx.config.appUrl, at),
  );

  route(app, orders.listLimitOrders, (_request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listLimitOrders(ctx, auth.user.id);
  });

  route(
    app,
    orders.placeLimitOrder,
    async (request, _auth, reply) => {
      const outcome = await placeLimitOrder(ctx, sessionCaller(ctx, request), {
        order: request.body,
        language: requestMeta(request).language,
        idempotency: idempotencyOf(request),
      });
      return sendIdempotent(reply, outcome);
    },
    { joinsSession: true },
  );

  route(
    app,
    orders.cancelLimitOrder,
    (request) => cancelLimitOrder(ctx, sessionCaller(ctx, request), request.params.id),
    { joinsSession: true },
  );

  route(app, orders.listOpenOrders, (request, _auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listOpenOrders(ctx, request.params.symbol);
  });
}
