// Giving the password again before security settings change (ASVS re-authentication, issue 28):
// a session may turn two-factor on or end other sessions only within `confirmationLifetimeMs` of
// the password last given in it, at its sign-in or through confirm-password. A borrowed session
// (a browser left open) cannot, and guessing the password from it is limited as changing it is:
// per account and per address, never per email, which anyone can fill in (decision 010).
import { eq } from 'drizzle-orm';
import { confirmationLifetimeMs } from '@secure-vault/shared/auth';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyPassword } from './passwords.ts';
import { forgetHits, limits, recordHits } from './rate-limit.ts';
import type { RequestMeta } from './request-meta.ts';
import type { RequestAuth } from './sessions.ts';

/** Checks the account's password, limited per account and address; refuses a wrong one. */
export async function checkOwnPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const attempt = await recordHits(ctx.db, ctx.config.dataKey, now, [
    { limit: limits.passwordChangeUser, value: userId },
    { limit: limits.signInIp, value: meta.ip },
  ]);
  if (attempt.over.length > 0) {
    await forgetHits(ctx.db, attempt.ids);
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  }
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('PASSWORD_INCORRECT', 'Your current password is not correct.');
  }
  await forgetHits(ctx.db, attempt.ids);
}

export async function confirmPassword(
  ctx: AppContext,
  auth: RequestAuth,
  password: string,
  meta: RequestMeta,
): Promise<void> {
  await checkOwnPassword(ctx, auth.user.id, password, meta);
  await ctx.db
    .update(sessions)
    .set({ passwordConfirmedAt: ctx.clock.now() })
    .where(eq(sessions.id, auth.session.id));
}

/** Refuses with REAUTH_REQUIRED unless this session's password was given recently. */
export async function requireRecentPassword(db: Db, auth: RequestAuth, now: Date): Promise<void> {
  const [row] = await db
    .select({ at: sessions.passwordConfirmedAt })
    .from(sessions)
    .where(eq(sessions.id, auth.session.id));
  if (!row?.at || now.getTime() - row.at.getTime() > confirmationLifetimeMs) {
    throw new AppError('REAUTH_REQUIRED', 'Enter your password again to change this setting.');
  }
}
