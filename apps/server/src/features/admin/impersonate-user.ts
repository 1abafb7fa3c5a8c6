// Admin: a one-time link (60 s) that opens a session as a customer (DESIGN §4). Staff accounts
// cannot be impersonated, so an impersonation never carries staff powers.
import { paths } from '@secure-vault/shared';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../auth/audit.ts';
import { impersonationLinkLifetimeMs, issueAuthToken } from '../../auth/auth-tokens.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';

export async function createImpersonationLink(
  ctx: AppContext,
  admin: RequestAuth,
  userId: string,
  meta: RequestMeta,
): Promise<{ actionLink: string }> {
  const now = ctx.clock.now();
  const token = await ctx.db.transaction(async (tx) => {
    await assertStaffMayActOn(tx, admin.user.id, userId);
    const issued = await issueAuthToken(tx, {
      purpose: 'impersonation',
      userId,
      actorId: admin.user.id,
      actorSessionId: admin.session.id,
      now,
      lifetimeMs: impersonationLinkLifetimeMs,
    });
    await writeAudit(tx, {
      action: 'admin.impersonation_link',
      actorId: admin.user.id,
      subjectUserId: userId,
      ip: meta.ip,
      at: now,
    });
    return issued;
  });
  return { actionLink: `${ctx.config.appUrl}${paths.adminImpersonate}#token=${token}` };
}
