// Sign-out and the user's own sessions (Settings): list, end one, end all the others.
import { and, eq, isNull } from 'drizzle-orm';
import type { SessionListItem } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireRecentPassword } from '../../auth/confirm-password.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import {
  listLiveSessions,
  type RequestAuth,
  revokeSession,
  revokeSessions,
} from '../../auth/sessions.ts';

/** Ends the caller's session, if there is one. An impersonation's end is audited as such. */
export async function signOut(
  ctx: AppContext,
  auth: RequestAuth | null,
  meta: RequestMeta,
): Promise<void> {
  if (!auth) return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeSession(tx, auth.session.id, now))) return;
    await writeAudit(tx, {
      action: auth.impersonatedBy ? 'admin.impersonation_ended' : 'auth.sign_out',
      actorId: auth.impersonatedBy?.id ?? auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { sessionId: auth.session.id },
      at: now,
    });
  });
}

export async function getSessions(ctx: AppContext, auth: RequestAuth): Promise<SessionListItem[]> {
  const rows = await listLiveSessions(ctx.db, auth.user.id, ctx.clock.now());
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    isCurrent: row.id === auth.session.id,
    isImpersonation: row.impersonatorId !== null,
  }));
}

/** Ends one of the caller's own sessions; any other id is "not found". Returns whether it was the current one. */
export async function revokeOwnSession(
  ctx: AppContext,
  auth: RequestAuth,
  sessionId: string,
  meta: RequestMeta,
): Promise<{ isCurrent: boolean }> {
  const now = ctx.clock.now();
  // Ending this session is signing out; ending another is a security change.
  if (sessionId !== auth.session.id) await requireRecentPassword(ctx.db, auth, now);
  const revoked = await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, auth.user.id),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    if (ended.length === 0) return false;
    await writeAudit(tx, {
      action: 'auth.session_revoked',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { sessionId },
      at: now,
    });
    return true;
  });
  if (!revoked) throw new AppError('NOT_FOUND', 'No such session.');
  return { isCurrent: sessionId === auth.session.id };
}

export async function revokeOtherSessions(
  ctx: AppContext,
  auth: RequestAuth,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  await requireRecentPassword(ctx.db, auth, now);
  await ctx.db.transaction(async (tx) => {
    const count = await revokeSessions(tx, {
      userId: auth.user.id,
      now,
      exceptId: auth.session.id,
    });
    await writeAudit(tx, {
      action: 'auth.sessions_revoked',
      actorId: auth.user.id,
      subjectUserId: auth.user.id,
      ip: meta.ip,
      details: { count },
      at: now,
    });
  });
}
