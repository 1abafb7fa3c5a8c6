// Staff record a customer's book balance (SPEC §5, DESIGN §5 "Book balance"): stored exactly as
// typed (2 decimals at most) as an amount pending approval, with who recorded it; another staff
// member then approves it into cash or rejects it (decide-book-balance.ts). Audited with the old
// and new figures in the same transaction, once per Idempotency-Key. Not a holding: no journal.
import { eq } from 'drizzle-orm';
import { dec, toFixedString, usdScale } from '@secure-vault/shared/money';
import type { Profile } from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { profiles } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { notifyUser } from '../../ledger/journal.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { bookBalanceString, toProfile } from '../../db/wire.ts';

export async function setBookBalance(
  ctx: AppContext,
  admin: RequestAuth,
  userId: string,
  bookBalance: string,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Profile>> {
  const now = ctx.clock.now();
  const amount = toFixedString(bookBalance, usdScale);
  const isPending = !dec(amount).isZero();
  return onceForKey(ctx.database, admin.user.id, idempotency, now, 200, async (_, tx) => {
    const [before] = await tx
      .select({ bookBalance: profiles.bookBalance })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No profile found');
    const [row] = await tx
      .update(profiles)
      .set({
        bookBalance: amount,
        bookBalanceRecordedBy: isPending ? admin.user.id : null,
        bookBalanceRecordedAt: isPending ? now : null,
        updatedAt: now,
      })
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
