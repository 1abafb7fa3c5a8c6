// Password reset by email link (SPEC §4): the request answers the same, in the same time, whether
// or not the account exists (the lookup and the mail run after the answer); the link works once,
// for 30 minutes, and only until a newer one is sent; completing it ends every session of the user and signs them in afresh. With
// two-factor on, the authenticator (or a recovery) code is needed too, and with a passkey as the
// only second factor, the passkey: a mailbox alone does not open the account.
import { eq } from 'drizzle-orm';
import { paths } from '@secure-vault/shared';
import type { PasskeyAssertion } from '@secure-vault/shared/passkeys';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { passwordResetLink } from '../../mail/templates.ts';
import { writeAudit } from '../../auth/audit.ts';
import {
  consumeAuthToken,
  invalidateResetLinks,
  issueAuthToken,
  passwordResetLifetimeMs,
  peekAuthToken,
} from '../../auth/auth-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import { sendQueuedAfterAnswer, tellPasswordChanged } from '../../mail/notify.ts';
import { claimGuess, secondFactorGuesses } from '../../auth/guess-limits.ts';
import { forgetHits, limits, recordHits } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { dataKeysOf } from '../../auth/data-keys.ts';
import { hasPasskey, passkeyInvalid, usePasskey } from '../../auth/passkeys.ts';
import { useSecondFactor } from '../../auth/second-factor.ts';
import {
  createSession,
  type IssuedSession,
  revokeSession,
  revokeSessions,
} from '../../auth/sessions.ts';

export async function requestPasswordReset(
  ctx: AppContext,
  input: { email: string },
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const hits = await recordHits(ctx.db, ctx.config.dataKey, now, [
    { limit: limits.passwordResetEmail, value: input.email },
    { limit: limits.passwordResetIp, value: meta.ip },
  ]);
  if (hits.over.length > 0) {
    await forgetHits(ctx.db, hits.ids);
    throw new AppError('RATE_LIMITED', 'Too many reset requests. Please try again later.');
  }
  // Everything that depends on the account existing happens after the answer, so the answer
  // takes the same time either way (a mail server alone adds milliseconds to seconds).
  runAfterAnswer(ctx, 'password_reset_request', async () => {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (!user) return;
    // Only the newest link works: one mailed earlier and not yet used stops working now. The
    // link's mail is kept with it, so a link issued is a link mailed.
    await ctx.db.transaction(async (tx) => {
      // Requests for one account take turns, so two at once cannot both leave a live link.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      await invalidateResetLinks(tx, user.id, now);
      const token = await issueAuthToken(tx, {
        purpose: 'password_reset',
        userId: user.id,
        now,
        lifetimeMs: passwordResetLifetimeMs,
      });
      const link = `${ctx.config.appUrl}${paths.updatePassword}#token=${token}`;
      await ctx.mailer.keep(
        tx,
        { to: input.email, ...passwordResetLink(meta.language, link) },
        now,
      );
    });
    await ctx.mailer.deliverQueued(now);
  });
}

const invalidLink = () =>
  new AppError('TOKEN_INVALID', 'This link is invalid or has expired. Please request a new one.');

/** The live reset link's account and its authenticator secret, or TOKEN_INVALID. Uses nothing up. */
async function resetLinkOwner(ctx: AppContext, token: string, now: Date) {
  const link = await peekAuthToken(ctx.db, 'password_reset', token, now);
  if (!link) throw invalidLink();
  const [owner] = await ctx.db
    .select({ totpSecret: users.totpSecret })
    .from(users)
    .where(eq(users.id, link.userId));
  if (!owner) throw invalidLink();
  // A passkey is the second factor only where there is no authenticator app to ask for.
  const needsPasskey = !owner.totpSecret && (await hasPasskey(ctx.db, link.userId));
  return { link, totpSecret: owner.totpSecret, needsPasskey };
}

/**
 * Whether a reset link still works, so its page can say so when it opens rather than after the
 * form is filled in, and whether the account will ask for its authenticator code too. Nothing is
 * used up. Limited per address like the rest of the reset flow.
 */
export async function checkPasswordResetLink(
  ctx: AppContext,
  input: { token: string },
  meta: RequestMeta,
): Promise<{ requiresTotp: boolean; requiresPasskey: boolean }> {
  const now = ctx.clock.now();
  const hits = await recordHits(ctx.db, ctx.config.dataKey, now, [
    { limit: limits.passwordResetCheckIp, value: meta.ip },
  ]);
  if (hits.over.length > 0) {
    await forgetHits(ctx.db, hits.ids);
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  }
  const { totpSecret, needsPasskey } = await resetLinkOwner(ctx, input.token, now);
  return { requiresTotp: totpSecret !== null, requiresPasskey: needsPasskey };
}

export interface CompleteResetInput {
  token: string;
  password: string;
  totp?: string | undefined;
  passkey?: PasskeyAssertion | undefined;
}

export async function completePasswordReset(
  ctx: AppContext,
  input: CompleteResetInput,
  meta: RequestMeta,
  previousSessionId: string | null,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  const { link, totpSecret, needsPasskey } = await resetLinkOwner(ctx, input.token, now);
  let totpHits: string[] = [];
  if (needsPasskey && !input.passkey) {
    throw new AppError('PASSKEY_REQUIRED', 'Confirm it is you with your passkey.');
  }
  if (totpSecret || needsPasskey) {
    if (totpSecret && !input.totp)
      throw new AppError('TOTP_REQUIRED', 'Enter the code from your authenticator app.');
    // The same second-factor limits as sign-in (decision 010): a link gives no fresh budget.
    const attempt = await claimGuess(
      ctx,
      secondFactorGuesses,
      { subject: link.userId, ip: meta.ip },
      now,
    );
    if (!attempt) throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
    totpHits = attempt.ids;
  }
  const passwordHash = await hashPassword(input.password);

  // Any refusal inside throws, which rolls back the token's use: a wrong code leaves the link usable.
  const session = await ctx.database.transaction(async (tx) => {
    const token = await consumeAuthToken(tx, 'password_reset', input.token, now);
    if (!token) throw invalidLink();
    const [user] = await tx
      .select({ id: users.id, totpSecret: users.totpSecret, totpLastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, token.userId))
      .for('update');
    if (!user) throw invalidLink();
    let method = 'email';
    if (needsPasskey && input.passkey) {
      const used = await usePasskey(ctx, tx, input.passkey, { userId: user.id, meta, now });
      if (!used) throw passkeyInvalid();
      method = 'passkey';
      await forgetHits(tx, totpHits);
    } else if (user.totpSecret) {
      const used = input.totp
        ? await useSecondFactor(tx, dataKeysOf(ctx.config), user, input.totp, now)
        : null;
      if (!used) throw new AppError('TOTP_INVALID', 'That code is not valid. Please try again.');
      method = used;
      await forgetHits(tx, totpHits);
    }
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await invalidateResetLinks(tx, user.id, now);
    const revoked = await revokeSessions(tx, { userId: user.id, now });
    if (previousSessionId) await revokeSession(tx, previousSessionId, now);
    const session = await createSession(tx, {
      userId: user.id,
      now,
      userAgent: meta.userAgent,
      hasPassedSecondFactor: method !== 'email',
      hasUsedPasskey: method === 'passkey',
    });
    await writeAudit(tx, {
      action: 'auth.password_reset',
      actorId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      details: { revokedSessions: revoked, method },
      at: now,
    });
    if (meta.device)
      await rememberDevice(ctx, tx, user.id, meta.device, meta, { now, tell: false });
    await tellPasswordChanged(ctx, tx, user.id, meta, now);
    return session;
  });
  sendQueuedAfterAnswer(ctx, 'password_changed_notice', now);
  return session;
}
