// Staff changes to a customer's vault (SPEC §5, DESIGN §2), each one statement of a ledger
// function with its journal row, audit row and notice: cash through ledger_staff_cash (credit,
// set, or empty and remove), which only an approved proposal calls (ledger_decide_proposal), and
// custody items (jewelry, artwork, …) through ledger_staff_item (add,
// edit, remove; a traded position's value follows its quantity at listed prices, so staff may
// only remove it). Every operation takes the caller `knownCaller(customer, staff member)`.
import { eq } from 'drizzle-orm';
import { toFixedString } from '@secure-vault/shared/money';
import type { AuditAction } from '../auth/audit.ts';
import { type Caller, type KnownCaller, queryAs } from '../db/caller.ts';
import type { Database } from '../db/client.ts';
import type { Notice } from '../db/notices.ts';
import { callerActor, callerUser, type SqlCall, sqlCall } from '../db/sql-function.ts';
import { valuables } from '../db/vault-schema.ts';
import { ledgerStaffItem } from './functions.ts';
import type { LedgerOperation } from './movement.ts';
import { refusing } from './refusals.ts';

export interface StaffAudit {
  action: AuditAction;
  details: Record<string, unknown>;
  ip: string | null;
}

/** A valuable as stored, in the shape the vault's wire functions take. */
export type ValuableRow = typeof valuables.$inferSelect;

/**
 * A staff change's one statement (a function returning the holding as it is after), its notices
 * sent once it has committed; the holding read back, or null once removed.
 */
async function staffChange(
  database: Database,
  caller: Caller,
  call: SqlCall,
): Promise<ValuableRow | null> {
  const [moved] = await refusing(() =>
    queryAs<{ outcome: { id: string | null; notices: Notice[] } }>(
      database,
      caller,
      call.key,
      (relation, $) =>
        `select ledger_noticed(p_outcome => jsonb_build_object('id', (select r.id from ${call.text($)} r))) as outcome from ${relation}`,
      call.params,
    ),
  );
  database.publish(moved.outcome.notices);
  if (moved.outcome.id === null) return null;
  // Read back through the builder: the statement may have run inside a staff change's
  // transaction (staff-idempotency.ts), whose raw rows keep timestamps as text on PGlite.
  const [row] = await database.db
    .select()
    .from(valuables)
    .where(eq(valuables.id, moved.outcome.id));
  return row ?? null;
}

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
  const row = await staffChange(database, caller, staffItemCall(null, item, at, audit));
  if (!row) throw new Error('an added item returned no row');
  return row;
};

/**
 * Edits a custody item; the audit row gets the item's fields before and after (`before`,
 * `after`) beside `audit.details`.
 */
export const editCustodyItem: LedgerOperation<
  { valuableId: string; item: CustodyItem; at: Date; audit: StaffAudit },
  ValuableRow,
  KnownCaller
> = async (database, caller, { valuableId, item, at, audit }) => {
  const row = await staffChange(database, caller, staffItemCall(valuableId, item, at, audit));
  if (!row) throw new Error('an edited item returned no row');
  return row;
};

/** Removes a custody item or a traded position, journaling its whole value (and quantity). */
export const removeHolding: LedgerOperation<
  { valuableId: string; at: Date; audit: StaffAudit },
  void,
  KnownCaller
> = async (database, caller, { valuableId, at, audit }) => {
  await staffChange(database, caller, staffItemCall(valuableId, null, at, audit));
};

/** `ledger_staff_item`: add (no valuable), edit (both) or remove (no item). */
function staffItemCall(
  valuableId: string | null,
  item: CustodyItem | null,
  at: Date,
  audit: StaffAudit,
): SqlCall {
  return sqlCall(ledgerStaffItem, {
    p_user: callerUser,
    p_actor: callerActor,
    p_at: at.toISOString(),
    p_valuable: valuableId,
    p_item:
      item === null
        ? null
        : JSON.stringify({
            ...item,
            estimatedValue:
              item.estimatedValue === null ? null : toFixedString(item.estimatedValue),
          }),
    p_audit_action: audit.action,
    p_audit_details: JSON.stringify(audit.details),
    p_ip: audit.ip,
  });
}
