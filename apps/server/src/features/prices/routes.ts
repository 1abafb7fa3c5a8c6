// The price book, public (contracts: shared/prices/contracts.ts; decision 028): the book now and
// one asset's chart. Neither reads the caller's session: a price list is the same for everyone.
import type { FastifyInstance } from 'fastify';
import { findAsset } from '@secure-vault/shared/catalogue';
import * as prices from '@secure-vault/shared/prices/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { priceHistory, readBook } from '../../prices/book.ts';

export function priceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const unsigned = { readsSession: false } as const;
  route(app, prices.getPrices, () => readBook(ctx.database, ctx.clock.now()), unsigned);
  route(
    app,
    prices.getPriceHistory,
    (request) => {
      const asset = findAsset(request.params.symbol);
      if (!asset) {
        throw new AppError('UNKNOWN_ASSET', `There is no asset "${request.params.symbol}".`);
      }
      return priceHistory(ctx.database, asset, request.query.range, ctx.clock.now());
    },
    unsigned,
  );
}
