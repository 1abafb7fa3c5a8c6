// Swapping one traded holding for another at listed prices (DESIGN §2, §5): priced here with the
// shared quoteSwap (sold at the rounded-down cents, the target bought with them, whole cents
// back to cash) and moved by the ledger core in one round trip.
import type { SwapResult } from '@secure-vault/shared/trading';
import { quoteSwap, type SwapRequest } from '@secure-vault/shared/trading';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { AppError } from '../../errors.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { swap } from '../../ledger/swap.ts';
import { quoteRefusal, resolveAsset } from './pricing.ts';

export async function swapAssets(
  ctx: AppContext,
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
  const priced = quoteSwap(from, to, input.swap.quantity);
  if (!priced.ok) {
    throw priced.error === 'BELOW_MINIMUM'
      ? new AppError('BELOW_MINIMUM', `That is less than the smallest amount of ${to.name}.`)
      : quoteRefusal(from, { quantity: input.swap.quantity }, priced.error);
  }
  return swap(ctx.database, caller, {
    from,
    to,
    swap: priced.swap,
    at: ctx.clock.now(),
    idempotency: input.idempotency,
  });
}
