// A buy or a sell at the book's price, in one round trip (DESIGN §2, decision 013): the ledger_trade
// function claims the Idempotency-Key, moves cash (whole cents) then the position (exact value),
// journals both and the rounding, stores the answer and notifies, all in the caller's statement.
import { randomUUID } from 'node:crypto';
import { type Asset, storageLocations } from '@secure-vault/shared/catalogue';
import type { TradeResult } from '@secure-vault/shared/trading';
import type { Quote, TradeSide } from '@secure-vault/shared/trading';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { sqlCall } from '../db/sql-function.ts';
import { ledgerTrade } from './functions.ts';
import { moveAs, movementArgs } from './movement.ts';

export interface TradeMovement {
  side: TradeSide;
  asset: Asset;
  /** Priced at the book by the caller: quantity, price, exact value, cash in cents. */
  quote: Quote;
  at: Date;
  idempotency: Idempotency;
}

/** How a position the customer does not hold yet is described (SPEC §9 storage). */
export function newPosition(asset: Asset) {
  return {
    itemName: asset.name,
    itemType: asset.kind === 'metal' ? 'precious_metals' : 'crypto',
    storageLocation: storageLocations[asset.kind].holding,
    unit: asset.unit,
  };
}

export const trade: LedgerOperation<TradeMovement, Outcome<TradeResult>> = async (
  database,
  caller,
  { side, asset, quote, at, idempotency },
) => {
  const reference = randomUUID();
  const answer: Omit<TradeResult, 'cashBalance' | 'holdingQuantity'> = {
    side,
    asset: asset.symbol,
    quantity: quote.quantity,
    price: quote.price,
    value: quote.value,
    total: quote.total,
    reference,
  };
  return moveAs<TradeResult>(
    database,
    caller,
    sqlCall(ledgerTrade, {
      ...movementArgs(at, idempotency),
      p_side: side,
      p_symbol: asset.symbol,
      p_quantity: quote.quantity,
      p_price: quote.price,
      p_cash: quote.total,
      p_new: JSON.stringify(newPosition(asset)),
      p_reference: reference,
      p_answer: JSON.stringify(answer),
    }),
  );
};
