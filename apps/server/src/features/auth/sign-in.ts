// Sign-in (DESIGN §4): the same answer and the same argon2 time whether or not the account
// exists; failures (wrong passwords and wrong second-factor codes) limited per (email, address),
// per address and per email without letting anyone lock the owner out (decision 010); a second
// factor when two-factor is on.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { verifyNoPassword, verifyPassword } from '../../auth/passwords.ts';
import { claimGuess, secondFactorGuesses, signInGuesses } from '../../auth/guess-limits.ts';
import { forgetHits } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { dataKeysOf } from '../../auth/data-keys.ts';
import { useSecondFactor } from '../../auth/second-factor.ts';
import { createSession, type IssuedSession, revokeSession } from '../../auth/sessions.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import { sendQueuedAfterAnswer } from '../../mail/notify.ts';

export interface SignInInput {
  email: string;
  password: string;
  totp?: string | undefined;
}

const rateLimited = () =>
  new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.');

export async function signIn(
  ctx: AppContext,
  input: SignInInput,
  meta: RequestMeta,
  previousSessionId: string | null,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  const failed = (subjectUserId: string | null, reason: string) =>
    writeAudit(ctx.db, {
      action: 'auth.sign_in_failed',
      actorId: null,
      subjectUserId,
      ip: meta.ip,
      details: { email: input.email, reason },
      at: now,
    });

  // Counted as a failure up front and taken back on success, so parallel guesses cannot all
  // slip under a limit.
  const attempt = await claimGuess(ctx, signInGuesses, { subject: input.email, ip: meta.ip }, now);
  if (!attempt) {
    await failed(null, 'rate_limited');
    throw rateLimited();
  }

  const [user] = await ctx.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.email, input.email));
  const isPasswordRight = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyNoPassword(input.password);
  if (!user || !isPasswordRight) {
    await failed(user?.id ?? null, 'credentials');
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
  }
  if (user.totpSecret && !input.totp) {
    // Not a failure: the password was right and the second step follows.
    await forgetHits(ctx.db, attempt.ids);
    throw new AppError('TOTP_REQUIRED', 'Enter the code from your authenticator app.');
  }
  if (user.totpSecret && input.totp) {
    // A code is a guess of its own: counted against the second-factor limits too, which the
    // password-reset and two-factor settings share, so no path gives a fresh budget.
    const codeAttempt = await claimGuess(
      ctx,
      secondFactorGuesses,
      { subject: user.id, ip: meta.ip },
      now,
    );
    if (!codeAttempt) {
      await forgetHits(ctx.db, attempt.ids);
      await failed(user.id, 'rate_limited');
      throw rateLimited();
    }
    // Taken back with the sign-in attempt when the code is right.
    attempt.ids.push(...codeAttempt.ids);
  }

  const session = await ctx.database.transaction(async (tx) => {
    let method = 'password';
    if (user.totpSecret && input.totp) {
      const used = await useSecondFactor(tx, dataKeysOf(ctx.config), user, input.totp, now);
      if (!used) return null;
      method = used;
    }
    await forgetHits(tx, attempt.ids);
    if (previousSessionId) await revokeSession(tx, previousSessionId, now);
    const issued = await createSession(tx, {
      userId: user.id,
      now,
      userAgent: meta.userAgent,
      hasPassedSecondFactor: method !== 'password',
    });
    await writeAudit(tx, {
      action: 'auth.sign_in',
      actorId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      details: { method },
      at: now,
    });
    if (meta.device) await rememberDevice(ctx, tx, user.id, meta.device, meta, { now, tell: true });
    return issued;
  });
  if (!session) {
    await failed(user.id, 'second_factor');
    throw new AppError('TOTP_INVALID', 'That code is not valid. Please try again.');
  }
  // A new browser's notice, when there is one, goes once the sign-in has answered.
  sendQueuedAfterAnswer(ctx, 'new_sign_in_notice', now);
  return session;
}
