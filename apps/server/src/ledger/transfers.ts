// Money in, out and across (DESIGN §5, decision 015), each in one round trip through the
// ledger's functions (sql/): an asset transfer between customers, a request (deposit,
// withdrawal, asset to cash) opened pending, and a pending request made final exactly once.
// The answers are built in SQL (transfer_json), so a replayed Idempotency-Key returns the
// very answer the first request got.
import type { FinalTransferStatus, Transfer, TransferType } from '@secure-vault/shared/transfers';
import type { Language } from '@secure-vault/shared/i18n';
import type { Caller } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import type { Idempotency, LedgerOperation, Outcome, StoredOutcome } from './movement.ts';
import { sqlCall } from '../db/sql-function.ts';
import { ledgerRequest, ledgerSettle, ledgerTransfer } from './functions.ts';
import { decisionArgs, moveAs, movedAs, movementArgs, toOutcome } from './movement.ts';
import { listedAssets } from './assets.ts';
import { currentRequestId } from '../request-context.ts';

export interface AssetTransfer {
  id: string;
  receiverAccountNumber: string;
  valuableId: string;
  /** Null: the whole valuable. */
  quantity: string | null;
  language: Language;
  /** The caller's account-lookup limit (auth/rate-limit.ts `limitWindow`). */
  lookups: { bucket: string; key: string; since: Date; max: number };
  at: Date;
  idempotency: Idempotency;
}

/**
 * A transfer made (its two emails queued with it) or replayed, or a number that is no one's or
 * the caller's own, answered before anything is written.
 */
export type TransferResult = { miss: 'unknown' | 'own' } | { outcome: Outcome<Transfer> };

type Returned = { miss: 'unknown' | 'own' } | StoredOutcome<Transfer>;

export const transferAsset: LedgerOperation<AssetTransfer, TransferResult> = async (
  database,
  caller,
  input,
) => {
  const returned = await movedAs<Returned>(
    database,
    caller,
    sqlCall(ledgerTransfer, {
      ...movementArgs(input.at, input.idempotency),
      p_id: input.id,
      p_receiver_account: input.receiverAccountNumber,
      p_valuable: input.valuableId,
      p_quantity: input.quantity,
      p_assets: listedAssets,
      p_language: input.language,
      p_lookup_bucket: input.lookups.bucket,
      p_lookup_key: input.lookups.key,
      p_lookup_since: input.lookups.since.toISOString(),
      p_lookup_max: input.lookups.max,
      p_request: currentRequestId() ?? null,
    }),
  );
  if ('miss' in returned) return { miss: returned.miss };
  return { outcome: toOutcome(returned) };
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
    sqlCall(ledgerRequest, {
      ...movementArgs(input.at, input.idempotency),
      p_id: input.id,
      p_type: input.type,
      p_amount: input.amount,
      p_reference: input.reference,
      p_details: JSON.stringify(input.details),
      p_language: input.language,
      p_extra: input.extra === null ? null : JSON.stringify(input.extra),
      p_request: currentRequestId() ?? null,
    }),
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
    sqlCall(ledgerSettle, {
      p_id: input.id,
      p_type: input.type,
      p_status: input.status,
      p_reason: input.reason,
      ...decisionArgs(by, input.at, input.idempotency),
      p_assets: listedAssets,
      p_ip: input.ip,
      p_request: currentRequestId() ?? null,
    }),
  );
}
