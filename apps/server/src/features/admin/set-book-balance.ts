// Staff set a customer's book balance (SPEC §5): stored exactly as typed (2 decimals at most),
// audited with the old and new figures in the same transaction. Not a holding, so no journal.
import { eq } from 'drizzle-orm';
import { toFixedString, usdScale } from '@secure-vault/shared/money';
import type { Profile } from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { notifyUser } from '../../ledger/journal.ts';
import { bookBalanceString, toProfile } from '../../db/wire.ts';

export async function setBookBalance(
  ctx: AppContext,
  admin: RequestAuth,
  userId: string,
  bookBalance: string,
  meta: RequestMeta,
): Promise<Profile> {
  const now = ctx.clock.now();
  const amount = toFixedString(bookBalance, usdScale);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ bookBalance: profiles.bookBalance })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No profile found');
    const [row] = await tx
      .update(profiles)
      .set({ bookBalance: amount, updatedAt: now })
      .where(eq(profiles.userId, userId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No profile found');
    await writeAudit(tx, {
      action: 'admin.book_balance_set',
      actorId: admin.user.id,
      subjectUserId: userId,
      ip: meta.ip,
      details: { from: bookBalanceString(before.bookBalance), to: amount },
      at: now,
    });
    await notifyUser(tx, userId, 'profile');
    return toProfile(row);
  });
}
