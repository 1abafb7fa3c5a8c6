// Staff edit a valuable (SPEC §5). A custody item takes the form as it is and the journal gets
// the change of value; the cash position only takes a new balance (never below zero); a traded
// position's value follows its quantity at listed prices, so staff may only delete it.
import { eq } from 'drizzle-orm';
import { dec, toFixedString } from '@secure-vault/shared/money';
import {
  type adminValuableUpdateSchema,
  type Valuable,
  vaultIssueKeys,
} from '@secure-vault/shared/vault';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { valuables } from '../../db/vault-schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { changeCash, notifyUser, recordMovements } from '../vault/ledger.ts';
import {
  auditSnapshot,
  invalidField,
  isTradedPosition,
  lockValuable,
  readValuable,
} from './lock-valuable.ts';

export type AdminValuableUpdate = z.output<typeof adminValuableUpdateSchema>;

export async function editValuable(
  ctx: AppContext,
  admin: RequestAuth,
  valuableId: string,
  input: AdminValuableUpdate,
  meta: RequestMeta,
): Promise<Valuable> {
  const now = ctx.clock.now();
  const actorId = admin.user.id;
  return ctx.db.transaction(async (tx) => {
    const { row, cash } = await lockValuable(tx, valuableId, now);
    if (cash) {
      if (input.itemType !== 'cash') throw invalidField('itemType', vaultIssueKeys.cashTypeFixed);
      if (input.estimatedValue === null) {
        throw invalidField('estimatedValue', vaultIssueKeys.cashAmountRequired);
      }
      const delta = dec(input.estimatedValue).minus(cash.balance);
      await changeCash(tx, cash, row.userId, delta, { kind: 'admin_edit', actorId }, now);
    } else {
      if (input.itemType === 'cash') throw invalidField('itemType', vaultIssueKeys.cashTypeFixed);
      if (isTradedPosition(row)) {
        throw new AppError(
          'UNPROCESSABLE',
          "A traded position's value follows its quantity at listed prices; staff can only delete it.",
        );
      }
      const estimatedValue =
        input.estimatedValue === null ? null : toFixedString(input.estimatedValue);
      await tx
        .update(valuables)
        .set({
          itemName: input.itemName,
          itemType: input.itemType,
          estimatedValue,
          description: input.description,
          storageLocation: input.storageLocation,
          updatedAt: now,
        })
        .where(eq(valuables.id, valuableId));
      await recordMovements(
        tx,
        [
          {
            userId: row.userId,
            valuableId,
            assetSymbol: row.assetSymbol,
            itemName: input.itemName,
            kind: 'admin_edit',
            quantityDelta: null,
            valueDelta: dec(estimatedValue ?? '0').minus(row.estimatedValue ?? '0'),
            actorId,
          },
        ],
        now,
      );
    }
    const after = await readValuable(tx, valuableId);
    await writeAudit(tx, {
      action: 'admin.valuable_edited',
      actorId,
      subjectUserId: row.userId,
      ip: meta.ip,
      details: { valuableId, before: auditSnapshot(row), after: auditSnapshot(after) },
      at: now,
    });
    await notifyUser(tx, row.userId, 'valuables');
    return after;
  });
}
