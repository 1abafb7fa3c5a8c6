// Admin: set a customer's password (SPEC §5); never their own or another staff account's
// (DESIGN §4: staff accounts are managed with `npm run admin`). Every session of that user ends; audited in the
// same transaction. Unlike SPEC (DESIGN), the customer is emailed, so a reset they did not ask
// for does not go unnoticed.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { invalidateResetLinks } from '../../auth/auth-tokens.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { type RequestAuth, revokeSessions } from '../../auth/sessions.ts';
import { customerLanguage } from '../../mail/customer-language.ts';
import { notifyCustomer } from '../../mail/notify.ts';

export async function resetUserPassword(
  ctx: AppContext,
  admin: RequestAuth,
  userId: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<void> {
  await assertStaffMayActOn(ctx.db, admin.user.id, userId);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.database.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email });
    if (!updated) throw new AppError('NOT_FOUND', 'No such user.');
    // Again inside the change: a role granted meanwhile is seen (the first check spared the hash).
    await assertStaffMayActOn(tx, admin.user.id, userId);
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
    // Kept with the reset: a rolled-back reset tells the customer nothing, a committed one does.
    const language = await customerLanguage(tx, userId);
    await notifyCustomer(
      tx,
      userId,
      'password_reset_by_staff',
      { language, appUrl: ctx.config.appUrl },
      now,
    );
  });
  runAfterAnswer(ctx, 'admin_password_reset_notice', async () => {
    await ctx.mailer.deliverQueued(now);
  });
}
