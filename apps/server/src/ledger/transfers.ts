// Money in, out and across (DESIGN §5, decision 015), each in one round trip through the
// functions of migration 0011: an asset transfer between customers, a request (deposit,
// withdrawal, asset to cash) opened pending, and a pending request made final exactly once.
// The answers are built in SQL (transfer_json), so a replayed Idempotency-Key returns the
// very answer the first request got.
import type {
  AdminTransfer,
  FinalTransferStatus,
  Transfer,
  TransferType,
} from '@secure-vault/shared/transfers';
import type { Language } from '@secure-vault/shared/i18n';
import type { Caller } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import type { Idempotency, LedgerOperation, Outcome } from './movement.ts';
import { moveAs } from './movement.ts';
import { listedAssets } from './assets.ts';

export interface AssetTransfer {
  id: string;
  receiverAccountNumber: string;
  valuableId: string;
  /** Null: the whole valuable. */
  quantity: string | null;
  /** Confirmation of payee, masked: what each side sees of the other. */
  names: { sender: string; receiver: string };
  language: Language;
  at: Date;
  idempotency: Idempotency;
}

export const transferAsset: LedgerOperation<AssetTransfer, Outcome<Transfer>> = async (
  database,
  caller,
  input,
) => {
  return moveAs<Transfer>(
    database,
    caller,
    'ledger_transfer',
    (relation, $) =>
      `select c.*, ledger_transfer(c.user_id, c.actor_id, ${$(1)}::timestamptz, ${$(2)}::text,
          ${$(3)}::text, ${$(4)}::uuid, ${$(5)}::text, ${$(6)}::uuid, ${$(7)}::numeric,
          ${$(8)}::jsonb, ${$(9)}::jsonb, ${$(10)}::text) as outcome from ${relation}`,
    [
      input.at.toISOString(),
      input.idempotency.key,
      input.idempotency.requestHash,
      input.id,
      input.receiverAccountNumber,
      input.valuableId,
      input.quantity,
      listedAssets,
      JSON.stringify(input.names),
      input.language,
    ],
  );
};

export interface MoneyRequest {
  id: string;
  type: Exclude<TransferType, 'asset_transfer'>;
  /** Whole cents, above zero. */
  amount: string;
  /** TXN… or WTH… (SPEC §9), else null. */
  reference: string | null;
  details: { bankAccountId?: string; cardLastFour?: string; cardType?: string };
  /** Added to the answer (a bank deposit's instructions). */
  extra: Record<string, unknown> | null;
  language: Language;
  at: Date;
  idempotency: Idempotency;
}

/** The answer's type follows the request: a bank deposit's adds its instructions. */
export async function openRequest<T extends Transfer = Transfer>(
  database: Database,
  caller: Caller,
  input: MoneyRequest,
): Promise<Outcome<T>> {
  return moveAs<T>(
    database,
    caller,
    'ledger_request',
    (relation, $) =>
      `select c.*, ledger_request(c.user_id, c.actor_id, ${$(1)}::timestamptz, ${$(2)}::text,
          ${$(3)}::text, ${$(4)}::uuid, ${$(5)}::text, ${$(6)}::numeric, ${$(7)}::text,
          ${$(8)}::jsonb, ${$(9)}::text, ${$(10)}::jsonb) as outcome from ${relation}`,
    [
      input.at.toISOString(),
      input.idempotency.key,
      input.idempotency.requestHash,
      input.id,
      input.type,
      input.amount,
      input.reference,
      JSON.stringify(input.details),
      input.language,
      input.extra === null ? null : JSON.stringify(input.extra),
    ],
  );
}

export interface Settlement {
  id: string;
  type: TransferType;
  status: FinalTransferStatus;
  reason: string | null;
  at: Date;
  ip: string | null;
  idempotency: Idempotency | null;
}

/**
 * Staff make a pending request final. The caller is the staff member (their session): they
 * own the Idempotency-Key and are the actor on the journal and the audit row.
 */
export const settleAsStaff: LedgerOperation<Settlement, Outcome<AdminTransfer>> = (
  database,
  caller,
  input,
) => settle<AdminTransfer>(database, caller, input, 'staff');

/** The customer cancels their own pending withdrawal (the caller is the customer). */
export const cancelAsCustomer: LedgerOperation<
  Omit<Settlement, 'status' | 'reason' | 'type'>,
  Outcome<Transfer>
> = (database, caller, input) =>
  settle<Transfer>(
    database,
    caller,
    { ...input, type: 'withdrawal', status: 'cancelled', reason: null },
    'customer',
  );

async function settle<T>(
  database: Database,
  caller: Caller,
  input: Settlement,
  by: 'staff' | 'customer',
): Promise<Outcome<T>> {
  return moveAs<T>(
    database,
    caller,
    `ledger_settle_${by}`,
    (relation, $) =>
      `select c.*, ledger_settle(${$(1)}::uuid, ${$(2)}::text, ${$(3)}::text, ${$(4)}::text,
          c.user_id, ${by === 'customer' ? 'c.user_id' : 'null'}, ${$(5)}::timestamptz, c.user_id,
          ${$(6)}::text, ${$(7)}::text, ${$(8)}::jsonb, ${$(9)}::text) as outcome from ${relation}`,
    [
      input.id,
      input.type,
      input.status,
      input.reason,
      input.at.toISOString(),
      input.idempotency?.key ?? null,
      input.idempotency?.requestHash ?? null,
      listedAssets,
      input.ip,
    ],
  );
}
