// Removing a bank account (contract: deleteBankAccount): refused while a withdrawal to it is
// pending; audited in its transaction.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bankAccounts, transfers } from '../../db/banking-schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { notifyUser } from '../../ledger/journal.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';

export async function deleteBankAccount(
  ctx: AppContext,
  userId: string,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .for('update');
    // Another customer's account is answered exactly as a missing one.
    if (!row) throw new AppError('NOT_FOUND', 'This bank account was not found.');
    // A withdrawal takes this row FOR SHARE (ledger_request), so one being made now has
    // committed before this check, or waits and then finds the account gone.
    const [pending] = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(and(eq(transfers.bankAccountId, row.id), eq(transfers.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', 'A withdrawal to this account is still pending.');
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, row.id));
    await writeAudit(tx, {
      action: 'bank.account_deleted',
      actorId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { bankAccountId: row.id, ibanLast4: row.iban.slice(-4) },
      at: now,
    });
    await notifyUser(tx, userId, 'requests');
  });
}
