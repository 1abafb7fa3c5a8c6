// One movement of the customer's history as its receipt (contract: getHistoryReceipt): the journal
// rows of that movement, grouped and rounded as the list and the CSV group and round them
// (shared/history-movements.ts, shared/history-receipt.ts), and the transfer or request it belongs
// to, shaped as every transfer answer is (transfer_json) and masked. Every query names the user in
// its WHERE clause: another customer's id, an unknown one and a malformed one are the same 404.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { LedgerKind } from '@secure-vault/shared/history';
import { groupMovements } from '@secure-vault/shared/history-movements';
import {
  type HistoryReceipt,
  type ReceiptTransfer,
  receiptLines,
} from '@secure-vault/shared/history-receipt';
import type { Transfer } from '@secure-vault/shared/transfers';
import type { Db } from '../../db/client.ts';
import { transfers } from '../../db/banking-schema.ts';
import { ledgerEntries } from '../../db/vault-schema.ts';
import { AppError } from '../../errors.ts';
import { entryColumns, toEntry, uuidPattern } from './get-history.ts';

/** Kinds whose reference names a row of `transfers`: its id, or its TXN…/WTH… reference. */
const transferKinds: ReadonlySet<LedgerKind> = new Set([
  'transfer_out',
  'transfer_in',
  'deposit',
  'withdrawal',
  'refund',
  'asset_to_cash',
]);

/** The same answer as an address the API does not have, so nothing tells the cases apart. */
function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Not found.');
}

/** "1012345678901" → "•••• 8901", as the banking screens show an account; four or fewer as is. */
function maskedAccount(value: string | null): string | null {
  if (value === null) return null;
  const compact = value.replace(/\s+/g, '');
  return compact.length <= 4 ? compact : `•••• ${compact.slice(-4)}`;
}

/**
 * The rows of the movement that journal row `id` of the user's belongs to: rows of one
 * transaction share its reference and time (as the list groups them); a row without a
 * reference stands alone. Newest first, as the list reads them.
 */
async function movementRows(db: Db, userId: string, id: string) {
  const target = sql`(select t.reference, t.created_at from ${ledgerEntries} t where t.id = ${id}::uuid and t.user_id = ${userId}::uuid)`;
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        or(
          eq(ledgerEntries.id, id),
          sql`(${ledgerEntries.reference}, ${ledgerEntries.createdAt}) = ${target}`,
        ),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  return rows.map(toEntry);
}

/** The transfer or request under `reference` that the user sent, asked for or received. */
async function transferOf(db: Db, userId: string, reference: string): Promise<Transfer | null> {
  const [row] = await db
    .select({ json: sql<Transfer>`transfer_json(${transfers}, ${userId}::uuid)` })
    .from(transfers)
    .where(
      and(
        uuidPattern.test(reference)
          ? eq(transfers.id, reference)
          : eq(transfers.reference, reference),
        or(eq(transfers.userId, userId), eq(transfers.counterpartyId, userId)),
      ),
    );
  return row?.json ?? null;
}

function receiptTransfer(transfer: Transfer): ReceiptTransfer {
  return {
    type: transfer.type,
    status: transfer.status,
    direction: transfer.direction,
    counterpartyName: transfer.counterpartyName,
    counterpartyAccount: maskedAccount(transfer.counterpartyAccountNumber),
    bankName: transfer.bankName,
    bankAccount: maskedAccount(transfer.bankAccountNumber),
    cardLastFour: transfer.cardLastFour,
    cardType: transfer.cardType,
    reason: transfer.reason,
    updatedAt: transfer.updatedAt,
  };
}

export async function getHistoryReceipt(
  db: Db,
  userId: string,
  id: string,
): Promise<HistoryReceipt> {
  if (!uuidPattern.test(id)) throw notFound();
  const [movement] = groupMovements(await movementRows(db, userId, id));
  if (!movement) throw notFound();
  const reference = movement.legs[0]?.reference ?? null;
  const isTransfer = movement.legs.some((leg) => transferKinds.has(leg.kind));
  const transfer = reference && isTransfer ? await transferOf(db, userId, reference) : null;
  return {
    id: movement.id,
    kind: movement.kind,
    createdAt: movement.createdAt,
    reference,
    status: transfer?.status ?? 'completed',
    lines: receiptLines(movement),
    transfer: transfer ? receiptTransfer(transfer) : null,
  };
}
