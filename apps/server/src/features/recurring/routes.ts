// Recurring buys (contracts: shared/recurring/contracts.ts): the signed-in customer's own plans.
// Their periods are run by the job runner (jobs/recurring-buy.ts).
import type { FastifyInstance } from 'fastify';
import { findAsset } from '@secure-vault/shared/catalogue';
import * as recurring from '@secure-vault/shared/recurring/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import {
  changeRecurringBuy,
  createRecurringBuy,
  listRecurringBuys,
  type RecurringAction,
} from './recurring-buys.ts';

export function recurringRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, recurring.listRecurringBuys, (_request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listRecurringBuys(ctx, auth.user.id);
  });

  route(app, recurring.createRecurringBuy, (request, auth) => {
    const asset = findAsset(request.body.symbol);
    if (!asset) {
      throw new AppError('UNKNOWN_ASSET', `There is no asset "${request.body.symbol}".`);
    }
    return createRecurringBuy(
      ctx,
      auth.user.id,
      asset,
      request.body,
      requestMeta(request).language,
    );
  });

  const actions = [
    [recurring.pauseRecurringBuy, 'pause'],
    [recurring.resumeRecurringBuy, 'resume'],
    [recurring.cancelRecurringBuy, 'cancel'],
  ] as const satisfies readonly [unknown, RecurringAction][];
  for (const [contract, action] of actions) {
    route(app, contract, (request, auth) =>
      changeRecurringBuy(ctx, auth.user.id, request.params.id, action),
    );
  }
}
