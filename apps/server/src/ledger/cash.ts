// Cash arriving from outside the platform (a confirmed deposit): the cash position credited in
// whole cents, journaled, and the customer's pages told once it has committed.
import type { LedgerKind } from '@secure-vault/shared/history';
import { toFixedString } from '@secure-vault/shared/money';
import { queryAs } from '../db/caller.ts';
import { databaseIn } from '../db/in-transaction.ts';
import { callerActor, callerUser, sqlCall } from '../db/sql-function.ts';
import { ledgerMoveCash } from './functions.ts';
import { notifyUser } from './journal.ts';
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
  const call = sqlCall(ledgerMoveCash, {
    p_user: callerUser,
    p_delta: amount,
    p_kind: kind,
    p_reference: reference ?? null,
    p_actor: callerActor,
    p_at: at.toISOString(),
    // It came from outside the platform (decision 021).
    p_counter: 'world',
    p_item: 'Cash',
    p_note: null,
  });
  return database.transaction(async (tx) => {
    const [row] = await refusing(() =>
      queryAs<{ user_id: string; balance: string }>(
        databaseIn(database, tx),
        caller,
        `credit_cash:${call.key}`,
        (relation, $) => `select c.*, ${call.text($)} as balance from ${relation}`,
        call.params,
      ),
    );
    await notifyUser(tx, row.user_id, 'valuables');
    return toFixedString(row.balance);
  });
};
