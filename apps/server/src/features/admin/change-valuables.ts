// Staff add, edit and delete a customer's valuables (SPEC §5) through the ledger core, which
// journals, audits and notifies with each change. Cash credits, sets or empties the customer's
// one cash position (DESIGN §2) and is always whole cents; a traded position may only be
// deleted; a valuable fixed for a term or in delivery cannot be changed. Each change is made
// once per Idempotency-Key (ledger/staff-idempotency.ts): a retried add does not add twice.
import { eq } from 'drizzle-orm';
import { dec, toFixedString } from '@secure-vault/shared/money';
import {
  type adminValuableInputSchema,
  type adminValuableUpdateSchema,
  type Valuable,
  vaultIssueKeys,
} from '@secure-vault/shared/vault';
import type { z } from 'zod';
import type { ErrorIssue } from '@secure-vault/shared/errors';
import type { AppContext } from '../../context.ts';
import { knownCaller, type KnownCaller } from '../../db/caller.ts';
import type { Database } from '../../db/client.ts';
import { cashSymbol, valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../errors.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import {
  addCustodyItem,
  editCustodyItem,
  moveCashAsStaff,
  removeHolding,
  type ValuableRow,
} from '../../ledger/staff.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { toValuable } from '../../db/wire.ts';

export type AdminValuableInput = z.output<typeof adminValuableInputSchema>;
export type AdminValuableUpdate = z.output<typeof adminValuableUpdateSchema>;

function invalidField(field: string, message: string): AppError {
  const issues: ErrorIssue[] = [{ path: `body.${field}`, message }];
  return new AppError('VALIDATION', 'The request is not valid.', { issues });
}

/**
 * A cash amount staff may give: present, and above zero unless `allowZero`. The schema already
 * holds it to whole cents (usdInputSchema), as cash always is.
 */
function cashAmount(value: string | null, allowZero: boolean): string {
  if (value === null) throw invalidField('estimatedValue', vaultIssueKeys.cashAmountRequired);
  if (!allowZero && !dec(value).gt(0)) {
    throw invalidField('estimatedValue', vaultIssueKeys.cashAmountPositive);
  }
  return toFixedString(value);
}

/** What the audit log keeps of a valuable before and after a change. */
function auditSnapshot(
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

function custodyItem(input: AdminValuableInput | AdminValuableUpdate) {
  return {
    itemName: input.itemName,
    itemType: input.itemType,
    estimatedValue: input.estimatedValue,
    description: input.description,
    storageLocation: input.storageLocation,
  };
}

function cashPositionGone(): never {
  throw new Error('the cash position is gone after a credit');
}

/** What staff called a cash change, for the customer's history (blank words are none). */
function cashLabel(input: AdminValuableUpdate): { name: string | null; note: string | null } {
  const words = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
  return { name: words(input.itemName), note: words(input.description) };
}

export async function addValuable(
  ctx: AppContext,
  admin: RequestAuth,
  input: AdminValuableInput,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Valuable>> {
  const caller = knownCaller(input.userId, admin.user.id);
  const at = ctx.clock.now();
  return onceForKey(ctx.database, admin.user.id, idempotency, at, 201, (database) =>
    addValuableOnce(database, caller, input, at, meta),
  );
}

async function addValuableOnce(
  database: Database,
  caller: KnownCaller,
  input: AdminValuableInput,
  at: Date,
  meta: RequestMeta,
): Promise<Valuable> {
  const details = {
    itemType: input.itemType,
    itemName: input.itemType === 'cash' ? null : input.itemName,
    estimatedValue: input.estimatedValue,
  };
  const audit = { action: 'admin.valuable_added', details, ip: meta.ip } as const;
  if (input.itemType === 'cash') {
    // No amount is no credit: the same "above zero" as 0.
    const amount = cashAmount(input.estimatedValue ?? '0', false);
    const row = await moveCashAsStaff(database, caller, {
      kind: 'admin_add',
      amount,
      at,
      audit,
      label: cashLabel(input),
    });
    return toValuable(row ?? cashPositionGone());
  }
  const row = await addCustodyItem(database, caller, { item: custodyItem(input), at, audit });
  return toValuable(row);
}

/**
 * The valuable staff want to change, with its owner as the ledger's caller and the time of the
 * change: what it is routes the change, and the ledger locks and checks it again. Only an active
 * valuable may be changed.
 */
async function valuableToChange(database: Database, admin: RequestAuth, valuableId: string) {
  const [found] = await database.db.select().from(valuables).where(eq(valuables.id, valuableId));
  if (!found) throw new AppError('NOT_FOUND', 'No such valuable.');
  if (found.status !== 'active') {
    throw new AppError(
      'ASSET_UNAVAILABLE',
      'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.',
    );
  }
  return { found, caller: knownCaller(found.userId, admin.user.id) };
}

export async function editValuable(
  ctx: AppContext,
  admin: RequestAuth,
  valuableId: string,
  input: AdminValuableUpdate,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Valuable>> {
  const at = ctx.clock.now();
  return onceForKey(ctx.database, admin.user.id, idempotency, at, 200, (database) =>
    editValuableOnce(database, admin, valuableId, input, at, meta),
  );
}

async function editValuableOnce(
  database: Database,
  admin: RequestAuth,
  valuableId: string,
  input: AdminValuableUpdate,
  at: Date,
  meta: RequestMeta,
): Promise<Valuable> {
  const { found, caller } = await valuableToChange(database, admin, valuableId);
  const audit = (before: ValuableRow, after: ValuableRow) =>
    ({
      action: 'admin.valuable_edited',
      details: { valuableId, before: auditSnapshot(before), after: auditSnapshot(after) },
      ip: meta.ip,
    }) as const;
  if (found.assetSymbol === cashSymbol) {
    if (input.itemType !== 'cash') throw invalidField('itemType', vaultIssueKeys.cashTypeFixed);
    const amount = cashAmount(input.estimatedValue, true);
    const row = await moveCashAsStaff(database, caller, {
      kind: 'admin_edit',
      amount,
      at,
      audit: audit(found, { ...found, estimatedValue: amount }),
      label: cashLabel(input),
    });
    return toValuable(row ?? cashPositionGone());
  }
  if (input.itemType === 'cash') throw invalidField('itemType', vaultIssueKeys.cashTypeFixed);
  const row = await editCustodyItem(database, caller, {
    valuableId,
    item: custodyItem(input),
    at,
    audit,
  });
  return toValuable(row);
}

export async function deleteValuable(
  ctx: AppContext,
  admin: RequestAuth,
  valuableId: string,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<null>> {
  const at = ctx.clock.now();
  return onceForKey(ctx.database, admin.user.id, idempotency, at, 204, async (database) => {
    await deleteValuableOnce(database, admin, valuableId, at, meta);
    return null;
  });
}

async function deleteValuableOnce(
  database: Database,
  admin: RequestAuth,
  valuableId: string,
  at: Date,
  meta: RequestMeta,
): Promise<void> {
  const { found, caller } = await valuableToChange(database, admin, valuableId);
  const audit = (before: ValuableRow) =>
    ({
      action: 'admin.valuable_deleted',
      details: { valuableId, before: auditSnapshot(before) },
      ip: meta.ip,
    }) as const;
  if (found.assetSymbol === cashSymbol) {
    await moveCashAsStaff(database, caller, {
      kind: 'admin_delete',
      amount: '0',
      at,
      audit: audit(found),
    });
    return;
  }
  await removeHolding(database, caller, { valuableId, at, audit });
}
