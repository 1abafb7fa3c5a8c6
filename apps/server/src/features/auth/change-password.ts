// Changing one's password (SPEC §5): the current password first; every other session ends, the
// current one stays; the audit row is written in the same transaction.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { writeAudit } from '../../auth/audit.ts';
import { invalidateResetLinks } from '../../auth/auth-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { checkOwnPassword } from '../../auth/confirm-password.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { type RequestAuth, revokeSessions } from '../../auth/sessions.ts';
import { sendQueuedAfterAnswer, tellPasswordChanged } from '../../mail/notify.ts';

export async function changePassword(
  ctx: AppContext,
  auth: RequestAuth,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  // Guessing the current password from a borrowed session is limited per user and per address;
  // not per email, which anyone can fill from the sign-in form (decision 010).
  await checkOwnPassword(ctx, auth.user.id, input.currentPassword, meta);
  const passwordHash = await hashPassword(input.newPassword);

  await ctx.database.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.user.id));
    await invalidateResetLinks(tx, auth.user.id, now);
    const revoked = await revokeSessions(tx, {
      userId: auth.user.id,
      now,
      exceptId: auth.session.id,
    });
    await writeAudit(tx, {
      action: 'auth.password_changed',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { revokedSessions: revoked },
      at: now,
    });
    await tellPasswordChanged(ctx, tx, auth.user.id, meta, now);
  });
  sendQueuedAfterAnswer(ctx, 'password_changed_notice', now);
}
