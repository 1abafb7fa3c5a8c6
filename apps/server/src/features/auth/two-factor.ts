// Two-factor sign-in with an authenticator app (DESIGN §4): set up (a pending secret), enable with
// a first code (ten recovery codes, shown once), disable with a code or a recovery code.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recoveryCodes, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { requireRecentPassword } from '../../auth/confirm-password.ts';
import { claimGuess, secondFactorGuesses } from '../../auth/guess-limits.ts';
import { forgetHits } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { replaceRecoveryCodes, useSecondFactor } from '../../auth/second-factor.ts';
import { dataKeysOf } from '../../auth/data-keys.ts';
import { seal, unseal } from '../../auth/secrets.ts';
import {
  forgetSecondFactors,
  markSecondFactorPassed,
  type RequestAuth,
} from '../../auth/sessions.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from '../../auth/totp.ts';
import type { Tx } from '../../db/in-transaction.ts';
import { notifyCustomer, sendQueuedAfterAnswer } from '../../mail/notify.ts';

const alreadyOn = () => new AppError('CONFLICT', 'Two-factor sign-in is already on.');
const wrongCode = () => new AppError('TOTP_INVALID', 'That code is not valid. Please try again.');

export async function setUpTwoFactor(
  ctx: AppContext,
  auth: RequestAuth,
): Promise<{ secret: string; otpauthUri: string }> {
  await requireRecentPassword(ctx.db, auth, ctx.clock.now());
  const secret = generateTotpSecret();
  const updated = await ctx.db
    .update(users)
    .set({
      totpPendingSecret: seal(dataKeysOf(ctx.config).current, secret),
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(users.id, auth.user.id), isNull(users.totpSecret)))
    .returning({ id: users.id });
  if (updated.length === 0) throw alreadyOn();
  return { secret, otpauthUri: otpauthUri(secret, auth.user.email) };
}

/**
 * Wrong codes count against the second-factor limits that sign-in and password reset share
 * (decision 010), so a borrowed session cannot guess its way through.
 */
async function countTry(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
  now: Date,
): Promise<string[]> {
  const attempt = await claimGuess(ctx, secondFactorGuesses, { subject: userId, ip: meta.ip }, now);
  if (!attempt) throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  return attempt.ids;
}

export async function enableTwoFactor(
  ctx: AppContext,
  auth: RequestAuth,
  code: string,
  meta: RequestMeta,
): Promise<{ recoveryCodes: string[] }> {
  const now = ctx.clock.now();
  const tries = await countTry(ctx, auth.user.id, meta, now);
  const enabled = await ctx.database.transaction(async (tx) => {
    const [user] = await tx
      .select({ totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, auth.user.id))
      .for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    if (user.totpSecret) throw alreadyOn();
    if (!user.totpPendingSecret)
      throw new AppError('CONFLICT', 'Start the two-factor set-up first.');
    const step = matchTotp(unseal(dataKeysOf(ctx.config), user.totpPendingSecret), code, now);
    if (step === null) throw wrongCode();
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(eq(users.id, auth.user.id));
    const codes = await replaceRecoveryCodes(tx, dataKeysOf(ctx.config).current, auth.user.id, now);
    // This session has just shown the authenticator; the account's other sessions have not.
    await markSecondFactorPassed(tx, auth.session.id, now);
    await forgetHits(tx, tries);
    await writeAudit(tx, {
      action: 'auth.totp_enabled',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      at: now,
    });
    await tellTwoFactor(ctx, tx, auth.user.id, meta, now, true);
    return { recoveryCodes: codes };
  });
  sendQueuedAfterAnswer(ctx, 'two_factor_notice', now);
  return enabled;
}

export async function disableTwoFactor(
  ctx: AppContext,
  auth: RequestAuth,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const tries = await countTry(ctx, auth.user.id, meta, now);
  await ctx.database.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, totpSecret: users.totpSecret, totpLastStep: users.totpLastStep })
      .from(users)
      .where(and(eq(users.id, auth.user.id), isNotNull(users.totpSecret)))
      .for('update');
    if (!user) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
    const used = await useSecondFactor(tx, dataKeysOf(ctx.config), user, code, now);
    if (!used) throw wrongCode();
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(users.id, auth.user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, auth.user.id));
    // Turned on again later, it must be shown again in each session.
    await forgetSecondFactors(tx, auth.user.id);
    await forgetHits(tx, tries);
    await writeAudit(tx, {
      action: 'auth.totp_disabled',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { method: used },
      at: now,
    });
    await tellTwoFactor(ctx, tx, auth.user.id, meta, now, false);
  });
  sendQueuedAfterAnswer(ctx, 'two_factor_notice', now);
}

/** The security notice of two-factor sign-in turned on or off. */
function tellTwoFactor(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  meta: RequestMeta,
  at: Date,
  enabled: boolean,
): Promise<void> {
  const data = {
    language: meta.language,
    appUrl: ctx.config.appUrl,
    at: at.toISOString(),
    enabled,
  };
  return notifyCustomer(tx, userId, 'two_factor_changed', data, at);
}
