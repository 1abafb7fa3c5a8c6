// Sign-up (SPEC §4, DESIGN §4): the account exists only once the emailed code is verified. An
// address that already has an account gets a "you already have an account" mail instead of a
// code, and the caller cannot tell the difference: not by the answer, and not by its time, since
// what depends on the account existing (the lookup, the code, the mail) runs after the answer.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { pendingSignUps, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { accountAlreadyExists, signUpCode } from '../../mail/templates.ts';
import { createAccount } from '../../auth/accounts.ts';
import { writeAudit } from '../../auth/audit.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import {
  checkCode,
  claimCodeSend,
  codeError,
  codeLifetimeMs,
  issueCode,
} from '../../auth/one-time-codes.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { createSession, type IssuedSession, revokeSession } from '../../auth/sessions.ts';

export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  await claimCodeSend(ctx, { purpose: 'sign_up', email: input.email, ip: meta.ip });
  // Hashed whether or not the account exists, so both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  mailAfterAnswer(ctx, 'sign_up', input.email, meta, async (tx) => {
    // A sign-up still waiting for its code keeps the password it was started with: a second
    // sign-up for the address (anyone can ask for one) only sends a new code, like a resend, so
    // the owner who verifies never gets an account that opens with someone else's password.
    // Once its last code has expired, a new sign-up starts afresh with its own password.
    const stale = sql`${new Date(now.getTime() - codeLifetimeMs).toISOString()}::timestamptz`;
    await tx
      .insert(pendingSignUps)
      .values({ email: input.email, passwordHash, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pendingSignUps.email,
        set: {
          passwordHash: sql`case when ${pendingSignUps.updatedAt} <= ${stale}
            then excluded.password_hash else ${pendingSignUps.passwordHash} end`,
          createdAt: sql`case when ${pendingSignUps.updatedAt} <= ${stale}
            then excluded.created_at else ${pendingSignUps.createdAt} end`,
          updatedAt: now,
        },
      });
    return true;
  });
}

/** A new code for a sign-up in progress; 202 whatever the address (nothing is sent for strangers). */
export async function resendSignUpCode(
  ctx: AppContext,
  input: { email: string },
  meta: RequestMeta,
): Promise<void> {
  await claimCodeSend(ctx, { purpose: 'sign_up', email: input.email, ip: meta.ip });
  const now = ctx.clock.now();
  mailAfterAnswer(ctx, 'sign_up_resend', input.email, meta, async (tx) => {
    // A new code keeps the sign-up waiting (and its password) for the code's whole lifetime.
    const pending = await tx
      .update(pendingSignUps)
      .set({ updatedAt: now })
      .where(eq(pendingSignUps.email, input.email))
      .returning({ email: pendingSignUps.email });
    return pending.length > 0;
  });
}

/**
 * After the answer, in one transaction: an address with an account gets the "you already have an
 * account" mail; otherwise `prepare` runs and, when it says a sign-up is waiting, a new code is
 * issued and mailed.
 */
function mailAfterAnswer(
  ctx: AppContext,
  task: string,
  email: string,
  meta: RequestMeta,
  prepare: (tx: Db) => Promise<boolean>,
): void {
  const now = ctx.clock.now();
  runAfterAnswer(ctx, task, async () => {
    // The mail is kept in the transaction that issues the code: a code issued is a code mailed.
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email));
      if (existing) {
        await ctx.mailer.keep(
          tx,
          { to: email, ...accountAlreadyExists(meta.language, ctx.config.appUrl) },
          now,
        );
        return;
      }
      if (!(await prepare(tx))) return;
      const code = await issueCode(tx, ctx.config.dataKey, { purpose: 'sign_up', email, now });
      await ctx.mailer.keep(tx, { to: email, ...signUpCode(meta.language, code) }, now);
    });
    await ctx.mailer.deliverQueued(now);
  });
}

type VerifyOutcome =
  { kind: 'ok'; session: IssuedSession } | { kind: 'code'; error: AppError } | { kind: 'taken' };

/** Checks the code, then creates the user, their profile and a session in one transaction. */
export async function verifySignUp(
  ctx: AppContext,
  input: { email: string; code: string },
  meta: RequestMeta,
  previousSessionId: string | null,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  // Commits even when the code is wrong, so the wrong try is counted; the error is thrown after.
  const outcome = await ctx.database.transaction(async (tx): Promise<VerifyOutcome> => {
    const [pending] = await tx
      .select()
      .from(pendingSignUps)
      .where(eq(pendingSignUps.email, input.email))
      .for('update');
    const check = await checkCode(tx, ctx.config.dataKey, {
      purpose: 'sign_up',
      email: input.email,
      code: input.code,
      now,
    });
    if (check !== 'ok') return { kind: 'code', error: codeError(check) };
    if (!pending) return { kind: 'code', error: codeError('invalid') };
    await tx.delete(pendingSignUps).where(eq(pendingSignUps.email, input.email));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (taken) return { kind: 'taken' };

    const { userId, accountNumber } = await createAccount(tx, {
      email: input.email,
      passwordHash: pending.passwordHash,
      roles: ['user'],
      now,
    });
    if (previousSessionId) await revokeSession(tx, previousSessionId, now);
    const session = await createSession(tx, { userId, now, userAgent: meta.userAgent });
    if (meta.device) await rememberDevice(ctx, tx, userId, meta.device, meta, { now, tell: false });
    await writeAudit(tx, {
      action: 'auth.sign_up',
      actorId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { accountNumber },
      at: now,
    });
    return { kind: 'ok', session };
  });
  if (outcome.kind === 'code') throw outcome.error;
  if (outcome.kind === 'taken')
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
  return outcome.session;
}
