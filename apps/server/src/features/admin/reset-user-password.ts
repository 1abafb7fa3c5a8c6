// Admin: set a customer's password (SPEC §5). Every session of that user ends; audited in the
// same transaction.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { invalidateResetLinks } from '../../auth/auth-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { type RequestAuth, revokeSessions } from '../../auth/sessions.ts';

export async function resetUserPassword(
  ctx: AppContext,
  admin: RequestAuth,
  userId: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', 'No such user.');
    await invalidateResetLinks(tx, userId, now);
    const revoked = await revokeSessions(tx, { userId, now });
    await writeAudit(tx, {
      action: 'admin.password_reset',
      actorId: admin.user.id,
      subjectUserId: userId,
      ip: meta.ip,
      details: { revokedSessions: revoked },
      at: now,
    });
  });
}
