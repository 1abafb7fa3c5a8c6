// Cash arriving from outside the platform (a confirmed deposit), in one round trip: the cash
// position credited in whole cents, journaled, and the customer's pages told.
import type { LedgerKind } from '@secure-vault/shared/history';
import { toFixedString } from '@secure-vault/shared/money';
import { queryAs } from '../db/caller.ts';
import type { LedgerOperation } from './movement.ts';
import { refusing } from './refusals.ts';

export interface CashCredit {
  kind: Extract<LedgerKind, 'deposit'>;
  /** Whole cents, above zero. */
  amount: string;
  reference?: string | null;
  at: Date;
}

/** Credits the caller's cash; returns the new balance. */
export const creditCash: LedgerOperation<CashCredit, string> = async (
  database,
  caller,
  { kind, amount, reference, at },
) => {
  const [row] = await refusing(() =>
    queryAs<{ balance: string }>(
      database,
      caller,
      'ledger_credit_cash',
      (relation, $) =>
        `select c.*, ledger_move_cash(c.user_id, ${$(1)}::numeric, ${$(2)}::text, ${$(3)}::text,
            c.actor_id, ${$(4)}::timestamptz) as balance,
          pg_notify('sv_user_events', json_build_object('userId', c.user_id, 'topic', 'valuables')::text)
        from ${relation}`,
      [amount, kind, reference ?? null, at.toISOString()],
    ),
  );
  return toFixedString(row.balance);
};
