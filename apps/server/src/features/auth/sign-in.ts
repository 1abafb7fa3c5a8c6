// Sign-in (DESIGN §4): the same answer and the same argon2 time whether or not the account
// exists; failures (wrong passwords and wrong second-factor codes) limited per (email, address),
// per address and per email without letting anyone lock the owner out (decision 010); a second
// factor when two-factor is on: an authenticator or recovery code, or a passkey.
import { eq } from 'drizzle-orm';
import type { PasskeyAssertion } from '@secure-vault/shared/passkeys';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { verifyNoPassword, verifyPassword } from '../../auth/passwords.ts';
import { claimGuess, secondFactorGuesses, signInGuesses } from '../../auth/guess-limits.ts';
import { forgetHits } from '../../auth/rate-limit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { dataKeysOf } from '../../auth/data-keys.ts';
import { hasPasskey, passkeyInvalid, usePasskey } from '../../auth/passkeys.ts';
import { type TwoFactorUser, useSecondFactor } from '../../auth/second-factor.ts';
import type { Tx } from '../../db/in-transaction.ts';
import { createSession, type IssuedSession, revokeSession } from '../../auth/sessions.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import { sendQueuedAfterAnswer } from '../../mail/notify.ts';

export interface SignInInput {
  email: string;
  password: string;
  totp?: string | undefined;
  passkey?: PasskeyAssertion | undefined;
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
  const secondFactor = await secondFactorGiven(ctx, user, input);
  if (secondFactor === 'missing') {
    // Not a failure: the password was right and the second step follows.
    await forgetHits(ctx.db, attempt.ids);
    throw await askForSecondStep(ctx, user);
  }
  if (secondFactor !== 'none') {
    // A code or a passkey is a guess of its own: counted against the second-factor limits too,
    // which the password-reset and two-factor settings share, so no path gives a fresh budget.
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
    // Taken back with the sign-in attempt when the second factor is right.
    attempt.ids.push(...codeAttempt.ids);
  }

  const session = await ctx.database.transaction(async (tx) => {
    const method = await useGivenSecondFactor(ctx, tx, user, input, secondFactor, { meta, now });
    if (!method) return null;
    await forgetHits(tx, attempt.ids);
    if (previousSessionId) await revokeSession(tx, previousSessionId, now);
    const issued = await createSession(tx, {
      userId: user.id,
      now,
      userAgent: meta.userAgent,
      hasPassedSecondFactor: method !== 'password',
      hasUsedPasskey: method === 'passkey',
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
    if (secondFactor === 'passkey') throw passkeyInvalid();
    throw new AppError('TOTP_INVALID', 'That code is not valid. Please try again.');
  }
  // A new browser's notice, when there is one, goes once the sign-in has answered.
  sendQueuedAfterAnswer(ctx, 'new_sign_in_notice', now);
  return session;
}

type SignInUser = TwoFactorUser;

/**
 * The second factor the sign-in brings: none needed, the one it gives (a code counts only for an
 * account with an authenticator app, a passkey only for one with a passkey), or missing. A
 * password alone does not sign in an account with either.
 */
async function secondFactorGiven(
  ctx: AppContext,
  user: SignInUser,
  input: SignInInput,
): Promise<'none' | 'passkey' | 'code' | 'missing'> {
  const hasKey = await hasPasskey(ctx.db, user.id);
  if (input.passkey && hasKey) return 'passkey';
  if (input.totp && user.totpSecret) return 'code';
  return user.totpSecret || hasKey ? 'missing' : 'none';
}

/** What the second step asks for: the code (a passkey would do too, when it has one), or the passkey. */
async function askForSecondStep(ctx: AppContext, user: SignInUser): Promise<AppError> {
  const hasKey = await hasPasskey(ctx.db, user.id);
  if (user.totpSecret) {
    return new AppError('TOTP_REQUIRED', 'Enter the code from your authenticator app.', {
      details: hasKey ? { passkey: 'offered' } : undefined,
    });
  }
  return new AppError('PASSKEY_REQUIRED', 'Confirm it is you with your passkey.');
}

/** Uses up the second factor given, in the sign-in's transaction; the method, or null if wrong. */
async function useGivenSecondFactor(
  ctx: AppContext,
  tx: Tx,
  user: SignInUser,
  input: SignInInput,
  factor: 'none' | 'passkey' | 'code',
  { meta, now }: { meta: RequestMeta; now: Date },
): Promise<string | null> {
  if (factor === 'passkey' && input.passkey) {
    const used = await usePasskey(ctx, tx, input.passkey, { userId: user.id, meta, now });
    return used ? 'passkey' : null;
  }
  if (factor === 'code' && input.totp) {
    return useSecondFactor(tx, dataKeysOf(ctx.config), user, input.totp, now);
  }
  return 'password';
}
