// Staff delete a valuable (SPEC §5): the journal takes out its whole value (and quantity, for a
// traded position); deleting the cash position debits it to zero first.
import { eq } from 'drizzle-orm';
import { dec } from '@secure-vault/shared/money';
import type { AppContext } from '../../context.ts';
import { valuables } from '../../db/vault-schema.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { changeCash, notifyUser, recordMovements } from '../vault/ledger.ts';
import { auditSnapshot, lockValuable } from './lock-valuable.ts';

export async function deleteValuable(
  ctx: AppContext,
  admin: RequestAuth,
  valuableId: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const actorId = admin.user.id;
  await ctx.db.transaction(async (tx) => {
    const { row, cash } = await lockValuable(tx, valuableId, now);
    if (cash) {
      await changeCash(
        tx,
        cash,
        row.userId,
        dec(0).minus(cash.balance),
        { kind: 'admin_delete', actorId },
        now,
      );
    } else {
      await recordMovements(
        tx,
        [
          {
            userId: row.userId,
            valuableId,
            assetSymbol: row.assetSymbol,
            itemName: row.itemName,
            kind: 'admin_delete',
            quantityDelta: row.quantity === null ? null : dec(0).minus(row.quantity),
            valueDelta: dec(0).minus(row.estimatedValue ?? '0'),
            actorId,
          },
        ],
        now,
      );
    }
    await tx.delete(valuables).where(eq(valuables.id, valuableId));
    await writeAudit(tx, {
      action: 'admin.valuable_deleted',
      actorId,
      subjectUserId: row.userId,
      ip: meta.ip,
      details: { valuableId, before: auditSnapshot(row) },
      at: now,
    });
    await notifyUser(tx, row.userId, 'valuables');
  });
}
