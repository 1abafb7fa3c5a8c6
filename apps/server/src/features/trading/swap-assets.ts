// Swapping one traded holding for another at the book's prices (DESIGN §2, §5, decision 028):
// priced here with the shared quoteSwap (sold at the rounded-down cents, the target bought with
// them, whole cents back to cash) and moved by the ledger core in one round trip.
import type { SwapResult } from '@secure-vault/shared/trading';
import { quoteSwap, type SwapRequest } from '@secure-vault/shared/trading';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { AppError } from '../../errors.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { swap } from '../../ledger/swap.ts';
import type { QuoteBook } from '../../prices/quote-book.ts';
import { holdsShownPrice, quotedAgainOnChange, quoteRefusal, resolveAsset } from './pricing.ts';

export async function swapAssets(
  ctx: AppContext,
  book: QuoteBook,
  caller: Caller,
  input: { swap: SwapRequest; idempotency: Idempotency },
): Promise<Outcome<SwapResult>> {
  const from = resolveAsset(input.swap.from);
  const to = resolveAsset(input.swap.to);
  if (from.symbol === to.symbol) {
    throw new AppError('VALIDATION', 'Choose two different assets.', {
      issues: [{ path: 'body.to', message: 'trading:errors.sameAsset' }],
    });
  }
  return quotedAgainOnChange(book, async () => {
    const at = ctx.clock.now();
    const [fromBook, toBook] = await Promise.all([book.priceOf(from), book.priceOf(to)]);
    holdsShownPrice(ctx.config, from, input.swap.fromPrice, fromBook.sell);
    holdsShownPrice(ctx.config, to, input.swap.toPrice, toBook.buy);
    const priced = quoteSwap(from, to, input.swap.quantity, {
      from: fromBook.sell,
      to: toBook.buy,
    });
    if (!priced.ok) {
      throw priced.error === 'BELOW_MINIMUM'
        ? new AppError('BELOW_MINIMUM', `That is less than the smallest amount of ${to.name}.`)
        : quoteRefusal(from, { quantity: input.swap.quantity }, priced.error);
    }
    return swap(ctx.database, caller, {
      from,
      to,
      swap: priced.swap,
      at,
      idempotency: input.idempotency,
    });
  });
}
