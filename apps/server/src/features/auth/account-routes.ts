// /api/v1/auth, signed in: password, sessions and two-factor (contracts:
// shared/auth/contracts.ts). Every change here is refused to an impersonating staff member
// (DESIGN §4): the contracts say `refusesImpersonation`.
import type { FastifyInstance } from 'fastify';
import * as auth from '@secure-vault/shared/auth/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { clearSessionCookie } from '../../auth/sessions.ts';
import { route } from '../../http/route.ts';
import { changePassword } from './change-password.ts';
import { getSessions, revokeOtherSessions, revokeOwnSession } from './manage-sessions.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, auth.changePassword, async (request) => {
    await changePassword(ctx, requireAuth(request), request.body, requestMeta(request));
    return null;
  });

  route(app, auth.getSessions, async (request) => getSessions(ctx, requireAuth(request)));

  route(app, auth.revokeSession, async (request, reply) => {
    const { isCurrent } = await revokeOwnSession(
      ctx,
      requireAuth(request),
      request.params.id,
      requestMeta(request),
    );
    if (isCurrent) clearSessionCookie(reply);
    return null;
  });

  route(app, auth.revokeOtherSessions, async (request) => {
    await revokeOtherSessions(ctx, requireAuth(request), requestMeta(request));
    return null;
  });

  route(app, auth.setUpTwoFactor, async (request) => setUpTwoFactor(ctx, requireAuth(request)));

  route(app, auth.enableTwoFactor, async (request) =>
    enableTwoFactor(ctx, requireAuth(request), request.body.code, requestMeta(request)),
  );

  route(app, auth.disableTwoFactor, async (request) => {
    await disableTwoFactor(ctx, requireAuth(request), request.body.code, requestMeta(request));
    return null;
  });
}
