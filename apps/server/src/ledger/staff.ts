// Staff changes to a customer's vault (SPEC §5, DESIGN §2): cash moves in one round trip through
// ledger_staff_cash (credit, set, or empty and remove), with its journal row, audit row and
// notice; custody items (jewelry, artwork, …) are added, edited and removed in one transaction
// with theirs. A traded position's value follows its quantity at listed prices, so staff may
// only remove it. Every operation takes the caller `knownCaller(customer, staff member)`.
import { and, eq } from 'drizzle-orm';
import type { LedgerKind } from '@secure-vault/shared/history';
import { dec, toFixedString } from '@secure-vault/shared/money';
import { writeAudit, type AuditAction } from '../auth/audit.ts';
import { type KnownCaller, queryAs } from '../db/caller.ts';
import { users } from '../db/schema.ts';
import { callerActor, callerUser, sqlCall } from '../db/sql-function.ts';
import { cashSymbol, valuables } from '../db/vault-schema.ts';
import { AppError } from '../errors.ts';
import { ledgerStaffCash } from './functions.ts';
import { notifyUser, recordMovements, type Tx } from './journal.ts';
import type { LedgerOperation } from './movement.ts';
import { refusing } from './refusals.ts';

export interface StaffAudit {
  action: AuditAction;
  details: Record<string, unknown>;
  ip: string | null;
}

/** A valuable as stored, in the shape the vault's wire functions take. */
export type ValuableRow = typeof valuables.$inferSelect;

export interface StaffCashMovement {
  kind: Extract<LedgerKind, 'admin_add' | 'admin_edit' | 'admin_delete'>;
  /** Whole cents: the credit, or the new balance; ignored when removing. */
  amount: string;
  at: Date;
  audit: StaffAudit;
  /**
   * The name and description staff gave the change ("Cash deposit", "Wire of 12 November"):
   * kept on its journal row for the customer's history; the position stays "Cash".
   */
  label?: { name: string | null; note: string | null } | undefined;
}

/** The customer's cash position after the change, or null once removed. */
export const moveCashAsStaff: LedgerOperation<StaffCashMovement, ValuableRow | null> = async (
  database,
  caller,
  { kind, amount, at, audit, label },
) => {
  const call = sqlCall(ledgerStaffCash, {
    p_user: callerUser,
    p_actor: callerActor,
    p_at: at.toISOString(),
    p_kind: kind,
    p_amount: amount,
    p_audit_action: audit.action,
    p_audit_details: JSON.stringify(audit.details),
    p_ip: audit.ip,
    p_item: label?.name ?? null,
    p_note: label?.note ?? null,
  });
  const [moved] = await refusing(() =>
    queryAs<{ id: string | null }>(
      database,
      caller,
      call.key,
      (relation, $) =>
        `select r.id::text as id from ${relation} left join lateral ${call.text($)} r on true`,
      call.params,
    ),
  );
  if (moved.id === null) return null;
  // Read back through the builder: the statement may have run inside a staff change's
  // transaction (staff-idempotency.ts), whose raw rows keep timestamps as text on PGlite.
  const [row] = await database.db.select().from(valuables).where(eq(valuables.id, moved.id));
  return row ?? null;
};

export interface CustodyItem {
  itemName: string;
  itemType: string;
  estimatedValue: string | null;
  description: string | null;
  storageLocation: string | null;
}

export const addCustodyItem: LedgerOperation<
  { item: CustodyItem; at: Date; audit: StaffAudit },
  ValuableRow,
  KnownCaller
> = async (database, caller, { item, at, audit }) => {
  const { userId, actorId } = caller;
  return database.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', 'No such user.');
    const estimatedValue = item.estimatedValue === null ? null : toFixedString(item.estimatedValue);
    const [row] = await tx
      .insert(valuables)
      .values({
        userId,
        ...item,
        estimatedValue,
        status: 'active',
        dateStored: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordMovements(
      tx,
      [
        {
          userId,
          valuableId: row.id,
          assetSymbol: null,
          itemName: item.itemName,
          kind: 'admin_add',
          quantityDelta: null,
          valueDelta: estimatedValue ?? '0',
          actorId,
        },
      ],
      at,
    );
    await finish(tx, userId, actorId, at, {
      ...audit,
      details: { ...audit.details, valuableId: row.id },
    });
    return row;
  });
};

/** Locks a valuable the staff member may change: active, and not the cash position. */
async function lockHolding(tx: Tx, userId: string, valuableId: string): Promise<ValuableRow> {
  const [row] = await tx
    .select()
    .from(valuables)
    .where(and(eq(valuables.id, valuableId), eq(valuables.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such valuable.');
  if (row.status !== 'active' || row.assetSymbol === cashSymbol) {
    throw new AppError(
      'ASSET_UNAVAILABLE',
      'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.',
    );
  }
  return row;
}

export const editCustodyItem: LedgerOperation<
  {
    valuableId: string;
    item: CustodyItem;
    at: Date;
    audit: (before: ValuableRow, after: ValuableRow) => StaffAudit;
  },
  ValuableRow,
  KnownCaller
> = async (database, caller, { valuableId, item, at, audit }) => {
  const { userId, actorId } = caller;
  return database.transaction(async (tx) => {
    const before = await lockHolding(tx, userId, valuableId);
    if (before.assetSymbol !== null || before.quantity !== null) {
      throw new AppError(
        'UNPROCESSABLE',
        "A traded position's value follows its quantity at listed prices; staff can only delete it.",
      );
    }
    const estimatedValue = item.estimatedValue === null ? null : toFixedString(item.estimatedValue);
    const [after] = await tx
      .update(valuables)
      .set({ ...item, estimatedValue, updatedAt: at })
      .where(eq(valuables.id, valuableId))
      .returning();
    if (!after) throw new Error('update returned no row');
    await recordMovements(
      tx,
      [
        {
          userId,
          valuableId,
          assetSymbol: null,
          itemName: item.itemName,
          kind: 'admin_edit',
          quantityDelta: null,
          valueDelta: dec(estimatedValue ?? '0').minus(before.estimatedValue ?? '0'),
          actorId,
        },
      ],
      at,
    );
    await finish(tx, userId, actorId, at, audit(before, after));
    return after;
  });
};

/** Removes a custody item or a traded position, journaling its whole value (and quantity). */
export const removeHolding: LedgerOperation<
  { valuableId: string; at: Date; audit: (before: ValuableRow) => StaffAudit },
  void,
  KnownCaller
> = async (database, caller, { valuableId, at, audit }) => {
  const { userId, actorId } = caller;
  await database.transaction(async (tx) => {
    const before = await lockHolding(tx, userId, valuableId);
    await recordMovements(
      tx,
      [
        {
          userId,
          valuableId,
          assetSymbol: before.assetSymbol,
          itemName: before.itemName,
          kind: 'admin_delete',
          quantityDelta: before.quantity === null ? null : dec(0).minus(before.quantity),
          valueDelta: dec(0).minus(before.estimatedValue ?? '0'),
          actorId,
        },
      ],
      at,
    );
    await tx.delete(valuables).where(eq(valuables.id, valuableId));
    await finish(tx, userId, actorId, at, audit(before));
  });
};

async function finish(tx: Tx, userId: string, actorId: string | null, at: Date, audit: StaffAudit) {
  await writeAudit(tx, { ...audit, actorId, subjectUserId: userId, at });
  await notifyUser(tx, userId, 'valuables');
}
