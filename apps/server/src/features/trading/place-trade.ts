// Buying and selling at listed prices (SPEC §9, DESIGN §2): priced here from the catalogue, never
// from the client, and moved by the ledger core in one round trip.
import type { TradeResult } from '@secure-vault/shared/trading';
import type { TradeRequest } from '@secure-vault/shared/trading';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { trade } from '../../ledger/trade.ts';
import { priceOrder, resolveAsset } from './pricing.ts';

export async function placeTrade(
  ctx: AppContext,
  caller: Caller,
  input: { order: TradeRequest; idempotency: Idempotency },
): Promise<Outcome<TradeResult>> {
  const { order, idempotency } = input;
  const asset = resolveAsset(order.asset);
  const quote = priceOrder(asset, order, order.side);
  return trade(ctx.database, caller, {
    side: order.side,
    asset,
    quote,
    at: ctx.clock.now(),
    idempotency,
  });
}
