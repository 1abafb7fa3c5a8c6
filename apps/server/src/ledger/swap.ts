// A swap of one traded holding for another at listed prices, in one round trip (DESIGN §2, §5):
// the ledger_swap function moves both positions in symbol order, credits the whole cents left
// over to cash, journals the rounding, stores the answer and notifies.
import { randomUUID } from 'node:crypto';
import type { Asset } from '@secure-vault/shared/catalogue';
import type { SwapResult } from '@secure-vault/shared/trading';
import type { SwapQuote } from '@secure-vault/shared/trading';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { moveAs } from './movement.ts';
import { newPosition } from './trade.ts';

export interface SwapMovement {
  from: Asset;
  to: Asset;
  /** Priced from the catalogue by the caller (quoteSwap). */
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
    'ledger_swap',
    (relation, $) =>
      `select c.*, ledger_swap(c.user_id, c.actor_id, ${$(1)}::timestamptz, ${$(2)}::text, ${$(3)}::text,
          ${$(4)}::text, ${$(5)}::numeric, ${$(6)}::numeric, ${$(7)}::text, ${$(8)}::numeric,
          ${$(9)}::numeric, ${$(10)}::numeric, ${$(11)}::jsonb, ${$(12)}::text, ${$(13)}::jsonb)
          as outcome from ${relation}`,
    [
      at.toISOString(),
      idempotency.key,
      idempotency.requestHash,
      from.symbol,
      priced.from.quantity,
      from.price,
      to.symbol,
      priced.to.quantity,
      to.price,
      priced.cashBack,
      JSON.stringify(newPosition(to)),
      reference,
      JSON.stringify(answer),
    ],
  );
};
