// /api/v1/auth, signed in: password, sessions and two-factor (contracts:
// shared/auth/contracts.ts). Every change here is refused to an impersonating staff member
// (DESIGN §4): the contracts say `refusesImpersonation`.
import type { FastifyInstance } from 'fastify';
import * as authApi from '@secure-vault/shared/auth/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { clearSessionCookie } from '../../auth/sessions.ts';
import { route } from '../../http/route.ts';
import { changePassword } from './change-password.ts';
import { confirmPassword } from '../../auth/confirm-password.ts';
import { getSessions, revokeOtherSessions, revokeOwnSession } from './manage-sessions.ts';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, authApi.confirmPassword, async (request, auth) => {
    await confirmPassword(ctx, auth, request.body.password, requestMeta(request));
    return null;
  });

  route(app, authApi.changePassword, async (request, auth) => {
    await changePassword(ctx, auth, request.body, requestMeta(request));
    return null;
  });

  route(app, authApi.getSessions, async (request, auth) => getSessions(ctx, auth));

  route(app, authApi.revokeSession, async (request, auth, reply) => {
    const { isCurrent } = await revokeOwnSession(
      ctx,
      auth,
      request.params.id,
      requestMeta(request),
    );
    if (isCurrent) clearSessionCookie(reply);
    return null;
  });

  route(app, authApi.revokeOtherSessions, async (request, auth) => {
    await revokeOtherSessions(ctx, auth, requestMeta(request));
    return null;
  });

  route(app, authApi.setUpTwoFactor, async (request, auth) => setUpTwoFactor(ctx, auth));

  route(app, authApi.enableTwoFactor, async (request, auth) =>
    enableTwoFactor(ctx, auth, request.body.code, requestMeta(request)),
  );

  route(app, authApi.disableTwoFactor, async (request, auth) => {
    await disableTwoFactor(ctx, auth, request.body.code, requestMeta(request));
    return null;
  });
}
