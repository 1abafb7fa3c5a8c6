// Completing and ending an impersonation (DESIGN §4). The session records the staff member, lasts
// at most 30 minutes, and remembers the staff member's own session so ending gives it back (with
// a fresh token, as the browser's cookie was replaced).
import { and, eq } from 'drizzle-orm';
import type { Session } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { sessions, userRoles, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { writeAudit } from '../../auth/audit.ts';
import { consumeAuthToken } from '../../auth/auth-tokens.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { hashToken } from '../../auth/secrets.ts';
import { customerLanguage } from '../../mail/customer-language.ts';
import { notifyCustomer } from '../../mail/notify.ts';
import { staffReference } from '../../mail/staff-access-templates.ts';
import {
  createSession,
  type IssuedSession,
  reissueSession,
  type RequestAuth,
  revokeSession,
} from '../../auth/sessions.ts';

const invalidLink = () => new AppError('TOKEN_INVALID', 'This link is invalid or has expired.');

export async function completeImpersonation(
  ctx: AppContext,
  token: string,
  caller: RequestAuth | null,
  meta: RequestMeta,
): Promise<IssuedSession> {
  const now = ctx.clock.now();
  const { session, notice } = await ctx.database.transaction(async (tx) => {
    const link = await consumeAuthToken(tx, 'impersonation', token, now);
    // Only in the browser of the staff member who asked for it: a link that leaks (history,
    // screen share, a proxy log) opens nothing elsewhere. Throwing rolls the use back.
    if (!link?.actorId || !link.actorSessionId || caller?.session.id !== link.actorSessionId) {
      throw invalidLink();
    }
    // The staff member must still be staff when the link is used.
    const [staff] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, link.actorId), eq(userRoles.role, 'admin')));
    if (!staff) throw invalidLink();
    const session = await createSession(tx, {
      userId: link.userId,
      now,
      userAgent: meta.userAgent,
      impersonatorId: link.actorId,
      restoreSessionId: link.actorSessionId,
    });
    // The session's id, so the customer's staff-access log can tell when this one ended.
    const [opened] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(session.token)));
    await writeAudit(tx, {
      action: 'admin.impersonation_started',
      actorId: link.actorId,
      subjectUserId: link.userId,
      ip: meta.ip,
      details: { expiresAt: session.expiresAt.toISOString(), sessionId: opened?.id ?? null },
      at: now,
    });
    const [customer] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, link.userId));
    // The customer hears of it (DESIGN §4): kept with the session, sent once it is committed.
    if (customer) {
      const language = await customerLanguage(tx, link.userId);
      await notifyCustomer(
        tx,
        link.userId,
        'staff_signed_in',
        {
          language,
          at: now.toISOString(),
          staffRef: staffReference(link.actorId),
          appUrl: ctx.config.appUrl,
        },
        now,
      );
    }
    return { session, notice: customer !== undefined };
  });
  if (notice) {
    runAfterAnswer(ctx, 'impersonation_notice', async () => {
      await ctx.mailer.deliverQueued(now);
    });
  }
  return session;
}

/** Ends the impersonation; returns the staff member's own session when it is still live. */
export async function endImpersonation(
  ctx: AppContext,
  auth: RequestAuth,
  meta: RequestMeta,
): Promise<{ restored: IssuedSession | null; body: { session: Session | null } }> {
  const impersonator = auth.impersonatedBy;
  if (!impersonator) throw new AppError('CONFLICT', 'This session is not an impersonation.');
  const now = ctx.clock.now();
  const restored = await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, auth.session.id, now);
    await writeAudit(tx, {
      action: 'admin.impersonation_ended',
      actorId: impersonator.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { sessionId: auth.session.id },
      at: now,
    });
    if (!auth.session.restoreSessionId) return null;
    return reissueSession(tx, auth.session.restoreSessionId, now);
  });
  return { restored, body: { session: restored?.body ?? null } };
}
