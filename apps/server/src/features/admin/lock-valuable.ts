// What every staff change to a valuable starts with: find it, lock it (the cash position through
// the ledger's lock, so cash is always locked first), and refuse what staff may not touch.
import { eq } from 'drizzle-orm';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { Valuable } from '@secure-vault/shared/vault';
import { cashSymbol, valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../http/errors.ts';
import { type CashPosition, lockCashPosition, type Tx } from '../vault/ledger.ts';
import { toValuable, type ValuableRow, valuableColumns } from '../vault/wire.ts';

export interface LockedValuable {
  row: ValuableRow;
  /** Set when the valuable is the user's cash position. */
  cash: CashPosition | null;
}

export const noSuchValuable = () => new AppError('NOT_FOUND', 'No such valuable.');

export function invalidField(field: string, message: string): AppError {
  const issues: ErrorIssue[] = [{ path: `body.${field}`, message }];
  return new AppError('VALIDATION', 'The request is not valid.', { issues });
}

export function isCashPosition(row: Pick<ValuableRow, 'assetSymbol'>): boolean {
  return row.assetSymbol === cashSymbol;
}

/** A position the trading screens keep (metal or crypto): its value follows its quantity. */
export function isTradedPosition(row: Pick<ValuableRow, 'assetSymbol' | 'quantity'>): boolean {
  return !isCashPosition(row) && (row.assetSymbol !== null || row.quantity !== null);
}

export async function lockValuable(tx: Tx, id: string, at: Date): Promise<LockedValuable> {
  const [found] = await tx
    .select({ userId: valuables.userId, assetSymbol: valuables.assetSymbol })
    .from(valuables)
    .where(eq(valuables.id, id));
  if (!found) throw noSuchValuable();
  const cash = isCashPosition(found) ? await lockCashPosition(tx, found.userId, at) : null;
  const [row] = await tx
    .select(valuableColumns)
    .from(valuables)
    .where(eq(valuables.id, id))
    .for('update');
  if (!row) throw noSuchValuable();
  if (row.status !== 'active' || (cash && cash.id !== row.id)) {
    throw new AppError(
      'ASSET_UNAVAILABLE',
      'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.',
    );
  }
  return { row, cash };
}

export async function readValuable(tx: Tx, id: string): Promise<Valuable> {
  const [row] = await tx.select(valuableColumns).from(valuables).where(eq(valuables.id, id));
  if (!row) throw noSuchValuable();
  return toValuable(row);
}

/** What the audit log keeps of a valuable before and after a change. */
export function auditSnapshot(
  row: Pick<
    ValuableRow,
    'itemName' | 'itemType' | 'estimatedValue' | 'description' | 'storageLocation' | 'quantity'
  >,
) {
  return {
    itemName: row.itemName,
    itemType: row.itemType,
    estimatedValue: row.estimatedValue,
    quantity: row.quantity,
    description: row.description,
    storageLocation: row.storageLocation,
  };
}
