// A swap of one traded holding for another at the book's prices, in one round trip (DESIGN §2, §5):
// the ledger_swap function moves both positions in symbol order, credits the whole cents left
// over to cash, journals the rounding, stores the answer and notifies.
import { randomUUID } from 'node:crypto';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { SwapResult } from '@secure-vault/shared/trading';
import type { SwapQuote } from '@secure-vault/shared/trading';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { sqlCall } from '../db/sql-function.ts';
import { ledgerSwap } from './functions.ts';
import { moveAs, movementArgs } from './movement.ts';
import { newPosition } from './trade.ts';

export interface SwapMovement {
  from: Asset;
  to: Asset;
  /** Priced at the book by the caller (quoteSwap); the statement checks the book still holds it. */
  swap: SwapQuote;
  at: Date;
  idempotency: Idempotency;
}

export const swap: LedgerOperation<SwapMovement, Outcome<SwapResult>> = async (
  database,
  caller,
  { from, to, swap: priced, at, idempotency },
) => {
  const reference = randomUUID();
  const answer: Omit<SwapResult, 'cashBalance'> = {
    from: { asset: from.symbol, quantity: priced.from.quantity, value: priced.from.value },
    to: { asset: to.symbol, quantity: priced.to.quantity, value: priced.to.value },
    cashRemainder: priced.cashBack,
    reference,
  };
  return moveAs<SwapResult>(
    database,
    caller,
    sqlCall(ledgerSwap, {
      ...movementArgs(at, idempotency),
      p_from: from.symbol,
      p_from_quantity: priced.from.quantity,
      p_from_price: priced.from.price,
      p_to: to.symbol,
      p_to_quantity: priced.to.quantity,
      p_to_price: priced.to.price,
      p_cash: priced.cashBack,
      p_new: JSON.stringify(newPosition(to)),
      p_reference: reference,
      p_answer: JSON.stringify(answer),
    }),
  );
};
