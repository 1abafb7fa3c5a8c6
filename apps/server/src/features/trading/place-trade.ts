// Buying and selling at the book's prices (SPEC §9, DESIGN §2, decision 028): priced here from
// the price book, never from the client, and moved by the ledger core in one round trip, whose
// statement checks the book still holds that price.
import type { TradeResult } from '@secure-vault/shared/trading';
import type { TradeRequest } from '@secure-vault/shared/trading';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { trade } from '../../ledger/trade.ts';
import type { QuoteBook } from '../../prices/quote-book.ts';
import { holdsShownPrice, priceOrder, quotedAgainOnChange, resolveAsset } from './pricing.ts';

export async function placeTrade(
  ctx: AppContext,
  book: QuoteBook,
  caller: Caller,
  input: { order: TradeRequest; idempotency: Idempotency },
): Promise<Outcome<TradeResult>> {
  const { order, idempotency } = input;
  const asset = resolveAsset(order.asset);
  return quotedAgainOnChange(book, async () => {
    const at = ctx.clock.now();
    const prices = await book.priceOf(asset);
    const price = order.side === 'buy' ? prices.buy : prices.sell;
    holdsShownPrice(ctx.config, asset, order.price, price);
    const quote = priceOrder(asset, order, order.side, price);
    return trade(ctx.database, caller, { side: order.side, asset, quote, at, idempotency });
  });
}
