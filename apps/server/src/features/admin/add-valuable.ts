// Staff add a valuable to a customer's vault (SPEC §5). Cash credits the customer's one cash
// position instead of adding a row (DESIGN §2). Journal, audit and the realtime notice share
// the transaction of the change.
import { eq } from 'drizzle-orm';
import { dec, toFixedString } from '@secure-vault/shared/money';
import {
  type adminValuableInputSchema,
  type Valuable,
  vaultIssueKeys,
} from '@secure-vault/shared/vault';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import {
  changeCash,
  lockCashPosition,
  notifyUser,
  recordMovements,
  type Tx,
} from '../vault/ledger.ts';
import { invalidField, readValuable } from './lock-valuable.ts';

export type AdminValuableInput = z.output<typeof adminValuableInputSchema>;

export async function addValuable(
  ctx: AppContext,
  admin: RequestAuth,
  input: AdminValuableInput,
  meta: RequestMeta,
): Promise<Valuable> {
  const isCash = input.itemType === 'cash';
  if (isCash && !(input.estimatedValue !== null && dec(input.estimatedValue).gt(0))) {
    throw invalidField('estimatedValue', vaultIssueKeys.cashAmountPositive);
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError('NOT_FOUND', 'No such user.');
    const valuableId = isCash
      ? await creditCash(tx, admin, input, now)
      : await insertCustodyItem(tx, admin, input, now);
    await writeAudit(tx, {
      action: 'admin.valuable_added',
      actorId: admin.user.id,
      subjectUserId: input.userId,
      ip: meta.ip,
      details: {
        valuableId,
        itemType: input.itemType,
        itemName: isCash ? null : input.itemName,
        estimatedValue: input.estimatedValue,
      },
      at: now,
    });
    await notifyUser(tx, input.userId, 'valuables');
    return readValuable(tx, valuableId);
  });
}

async function creditCash(
  tx: Tx,
  admin: RequestAuth,
  input: AdminValuableInput,
  at: Date,
): Promise<string> {
  // The cash position keeps its own name and location; only its balance moves.
  const cash = await lockCashPosition(tx, input.userId, at);
  await changeCash(
    tx,
    cash,
    input.userId,
    dec(input.estimatedValue ?? '0'),
    { kind: 'admin_add', actorId: admin.user.id },
    at,
  );
  return cash.id;
}

async function insertCustodyItem(
  tx: Tx,
  admin: RequestAuth,
  input: AdminValuableInput,
  at: Date,
): Promise<string> {
  const estimatedValue = input.estimatedValue === null ? null : toFixedString(input.estimatedValue);
  const [row] = await tx
    .insert(valuables)
    .values({
      userId: input.userId,
      itemName: input.itemName,
      itemType: input.itemType,
      estimatedValue,
      description: input.description,
      storageLocation: input.storageLocation,
      status: 'active',
      dateStored: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: valuables.id });
  if (!row) throw new Error('insert returned no row');
  await recordMovements(
    tx,
    [
      {
        userId: input.userId,
        valuableId: row.id,
        assetSymbol: null,
        itemName: input.itemName,
        kind: 'admin_add',
        quantityDelta: null,
        valueDelta: estimatedValue ?? '0',
        actorId: admin.user.id,
      },
    ],
    at,
  );
  return row.id;
}
