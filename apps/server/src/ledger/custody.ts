// Fixed terms and delivery (DESIGN §5), each movement one call of a function from migration
// 0012: fixing a holding for a term, maturing a term (the job runner's work), asking for a
// delivery and moving one on. Answers are shaped in SQL (fixed_term_json, delivery_json), so a
// replayed Idempotency-Key returns the first answer.
import type {
  AdminDelivery,
  Delivery,
  DeliveryStatus,
  FixedTerm,
  FixedTermMonths,
} from '@secure-vault/shared/custody';
import type { Language } from '@secure-vault/shared/i18n';
import type { Caller } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import type { Notice } from '../db/notices.ts';
import { listedAssets } from './assets.ts';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { currentRequestId } from '../request-context.ts';
import { sqlCall, sqlCallText } from '../db/sql-function.ts';
import {
  ledgerDeliveryStatus,
  ledgerFixTerm,
  ledgerMatureTerm,
  ledgerRequestDelivery,
} from './functions.ts';
import { decisionArgs, moveAs, movementArgs } from './movement.ts';

export interface TermFixing {
  id: string;
  valuableId: string;
  /** Null: the whole holding. */
  quantity: string | null;
  months: FixedTermMonths;
  interestRate: string;
  language: Language;
  at: Date;
  idempotency: Idempotency;
}

export const fixTerm: LedgerOperation<TermFixing, Outcome<FixedTerm>> = async (
  database,
  caller,
  input,
) => {
  return moveAs<FixedTerm>(
    database,
    caller,
    sqlCall(ledgerFixTerm, {
      ...movementArgs(input.at, input.idempotency),
      p_id: input.id,
      p_valuable: input.valuableId,
      p_quantity: input.quantity,
      p_months: input.months,
      p_rate: input.interestRate,
      p_language: input.language,
      p_assets: listedAssets,
      p_request: currentRequestId() ?? null,
    }),
  );
};

/**
 * Matures a term if it is due and still active, queueing the customer's email with it (under the
 * request that fixed it, when run for it: jobs/runner.ts); null when there was nothing to do.
 */
export async function matureTerm(
  database: Database,
  input: { id: string; at: Date },
): Promise<FixedTerm | null> {
  const call = sqlCall(ledgerMatureTerm, {
    p_id: input.id,
    p_at: input.at.toISOString(),
    p_assets: listedAssets,
    p_request: currentRequestId() ?? null,
  });
  const [row] = await database.query<{ outcome: { term: FixedTerm | null; notices: Notice[] } }>(
    {
      name: call.key,
      text: `select ledger_noticed(p_outcome => jsonb_build_object('term', ${sqlCallText(call)})) as outcome`,
    },
    call.params,
  );
  if (!row) return null;
  database.publish(row.outcome.notices);
  return row.outcome.term;
}

export interface DeliveryAsk {
  id: string;
  valuableId: string;
  quantity: string | null;
  recipient: { name: string; email: string; phone: string; address: string };
  language: Language;
  at: Date;
  idempotency: Idempotency;
}

export const requestDelivery: LedgerOperation<DeliveryAsk, Outcome<Delivery>> = async (
  database,
  caller,
  input,
) => {
  return moveAs<Delivery>(
    database,
    caller,
    sqlCall(ledgerRequestDelivery, {
      ...movementArgs(input.at, input.idempotency),
      p_id: input.id,
      p_valuable: input.valuableId,
      p_quantity: input.quantity,
      p_recipient: JSON.stringify(input.recipient),
      p_language: input.language,
      p_assets: listedAssets,
      p_request: currentRequestId() ?? null,
    }),
  );
};

export interface DeliveryStep {
  id: string;
  status: DeliveryStatus;
  at: Date;
  ip: string | null;
  idempotency: Idempotency | null;
}

/** Staff move a delivery on; the caller is the staff member, who owns the key. */
export const moveDeliveryAsStaff: LedgerOperation<DeliveryStep, Outcome<AdminDelivery>> = (
  database,
  caller,
  input,
) => changeDelivery<AdminDelivery>(database, caller, input, 'staff');

/** The customer cancels their own delivery (the caller is the customer). */
export const cancelDeliveryAsCustomer: LedgerOperation<
  Omit<DeliveryStep, 'status'>,
  Outcome<Delivery>
> = (database, caller, input) =>
  changeDelivery<Delivery>(database, caller, { ...input, status: 'cancelled' }, 'customer');

async function changeDelivery<T>(
  database: Database,
  caller: Caller,
  input: DeliveryStep,
  by: 'staff' | 'customer',
): Promise<Outcome<T>> {
  return moveAs<T>(
    database,
    caller,
    sqlCall(ledgerDeliveryStatus, {
      p_id: input.id,
      p_status: input.status,
      ...decisionArgs(by, input.at, input.idempotency),
      p_assets: listedAssets,
      p_ip: input.ip,
      p_request: currentRequestId() ?? null,
    }),
  );
}
