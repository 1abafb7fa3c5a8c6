// Signing in with a passkey alone, and confirming with one (issue 28). A verified passkey is both
// factors at once — the device, and the PIN or fingerprint that unlocked it — so its session has
// passed the second factor, and counts as the password given (security settings may change for
// 10 minutes, as after a password sign-in).
import { eq } from 'drizzle-orm';
import type { PasskeyAssertion } from '@secure-vault/shared/passkeys';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema.ts';
import { writeAudit } from '../../auth/audit.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import { passkeyInvalid, usePasskey } from '../../auth/passkeys.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import {
  createSession,
  type IssuedSession,
  type RequestAuth,
  revokeSession,
} from '../../auth/sessions.ts';
import { sendQueuedAfterAnswer } from '../../mail/notify.ts';

export async function signInWithPasskey(
  ctx: AppContext,
  input: { credential: PasskeyAssertion },
  meta: RequestMeta,
  previousSessionId: string | null,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  const session = await ctx.database.transaction(async (tx) => {
    const used = await usePasskey(ctx, tx, input.credential, { userId: null, meta, now });
    if (!used) return null;
    if (previousSessionId) await revokeSession(tx, previousSessionId, now);
    const issued = await createSession(tx, {
      userId: used.userId,
      now,
      userAgent: meta.userAgent,
      hasPassedSecondFactor: true,
      hasUsedPasskey: true,
    });
    await writeAudit(tx, {
      action: 'auth.sign_in',
      actorId: used.userId,
      subjectUserId: used.userId,
      ip: meta.ip,
      details: { method: 'passkey' },
      at: now,
    });
    if (meta.device)
      await rememberDevice(ctx, tx, used.userId, meta.device, meta, { now, tell: true });
    return issued;
  });
  if (!session) {
    await writeAudit(ctx.db, {
      action: 'auth.sign_in_failed',
      actorId: null,
      subjectUserId: null,
      ip: meta.ip,
      details: { reason: 'passkey' },
      at: now,
    });
    throw passkeyInvalid();
  }
  sendQueuedAfterAnswer(ctx, 'new_sign_in_notice', now);
  return session;
}

/**
 * Confirms the session's owner with one of their passkeys: as giving the password again, and as
 * a passkey shown in this session (staff tools may ask for one).
 */
export async function confirmWithPasskey(
  ctx: AppContext,
  auth: RequestAuth,
  input: { credential: PasskeyAssertion },
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const confirmed = await ctx.database.transaction(async (tx) => {
    const used = await usePasskey(ctx, tx, input.credential, {
      userId: auth.user.id,
      meta,
      now,
    });
    if (!used) return false;
    await tx
      .update(sessions)
      .set({ passwordConfirmedAt: now, secondFactorAt: now, passkeyAt: now })
      .where(eq(sessions.id, auth.session.id));
    return true;
  });
  if (!confirmed) throw passkeyInvalid();
}
