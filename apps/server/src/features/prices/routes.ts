// The price book (contracts: shared/prices/contracts.ts; decision 028): public, the book now and
// one asset's chart, neither reading the caller's session (a price list is the same for
// everyone); for staff, the Prices tab and a price change, proposed for a second staff member.
import type { FastifyInstance } from 'fastify';
import { findAsset } from '@secure-vault/shared/catalogue';
import * as prices from '@secure-vault/shared/prices/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { AppError } from '../../errors.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { priceHistory, readBook } from '../../prices/book.ts';
import { getStaffPrices, proposePriceChange } from './staff-prices.ts';

function listed(symbol: string) {
  const asset = findAsset(symbol);
  if (!asset) throw new AppError('UNKNOWN_ASSET', `There is no asset "${symbol}".`);
  return asset;
}

export function priceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const unsigned = { readsSession: false } as const;
  route(
    app,
    prices.getPrices,
    async () => ({
      ...(await readBook(ctx.database, ctx.clock.now())),
      tolerance: ctx.config.priceTolerance,
    }),
    unsigned,
  );
  route(
    app,
    prices.getPriceHistory,
    (request) =>
      priceHistory(
        ctx.database,
        listed(request.params.symbol),
        request.query.range,
        ctx.clock.now(),
      ),
    unsigned,
  );

  route(app, prices.getStaffPrices, (_request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return getStaffPrices(ctx, auth);
  });

  route(app, prices.proposePriceChange, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await proposePriceChange(
        ctx,
        auth,
        listed(request.params.symbol),
        request.body,
        idempotencyOf(request),
        requestMeta(request),
      ),
    ),
  );
}
