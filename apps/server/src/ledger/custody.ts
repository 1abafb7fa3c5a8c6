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
import { listedAssets } from './assets.ts';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { moveAs } from './movement.ts';

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
    'ledger_fix_term',
    (relation, $) =>
      `select c.*, ledger_fix_term(c.user_id, c.actor_id, ${$(1)}::timestamptz, ${$(2)}::text,
          ${$(3)}::text, ${$(4)}::uuid, ${$(5)}::uuid, ${$(6)}::numeric, ${$(7)}::integer,
          ${$(8)}::numeric, ${$(9)}::text, ${$(10)}::jsonb) as outcome from ${relation}`,
    [
      input.at.toISOString(),
      input.idempotency.key,
      input.idempotency.requestHash,
      input.id,
      input.valuableId,
      input.quantity,
      input.months,
      input.interestRate,
      input.language,
      listedAssets,
    ],
  );
};

/** Matures a term if it is due and still active; null when there was nothing to do. */
export async function matureTerm(
  database: Database,
  input: { id: string; at: Date },
): Promise<FixedTerm | null> {
  const [row] = await database.query<{ term: FixedTerm | null }>(
    {
      name: 'ledger_mature_term',
      text: 'select ledger_mature_term($1::uuid, $2::timestamptz, $3::jsonb) as term',
    },
    [input.id, input.at.toISOString(), listedAssets],
  );
  return row?.term ?? null;
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
    'ledger_request_delivery',
    (relation, $) =>
      `select c.*, ledger_request_delivery(c.user_id, c.actor_id, ${$(1)}::timestamptz,
          ${$(2)}::text, ${$(3)}::text, ${$(4)}::uuid, ${$(5)}::uuid, ${$(6)}::numeric,
          ${$(7)}::jsonb, ${$(8)}::text, ${$(9)}::jsonb) as outcome from ${relation}`,
    [
      input.at.toISOString(),
      input.idempotency.key,
      input.idempotency.requestHash,
      input.id,
      input.valuableId,
      input.quantity,
      JSON.stringify(input.recipient),
      input.language,
      listedAssets,
    ],
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
    `ledger_delivery_status_${by}`,
    (relation, $) =>
      `select c.*, ledger_delivery_status(${$(1)}::uuid, ${$(2)}::text, c.user_id,
          ${by === 'customer' ? 'c.user_id' : 'null'}, ${$(3)}::timestamptz, c.user_id,
          ${$(4)}::text, ${$(5)}::text, ${$(6)}::jsonb, ${$(7)}::text) as outcome from ${relation}`,
    [
      input.id,
      input.status,
      input.at.toISOString(),
      input.idempotency?.key ?? null,
      input.idempotency?.requestHash ?? null,
      listedAssets,
      input.ip,
    ],
  );
}
