// Staff act on a customer's account (contracts: shared/admin/contracts.ts): set their password,
// or get a one-time link to sign in as them. Access 'admin': staff role, and two-factor on unless
// STAFF_2FA=optional.
import type { FastifyInstance } from 'fastify';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import { createImpersonationLink } from './impersonate-user.ts';
import { resetUserPassword } from './reset-user-password.ts';

export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, admin.resetUserPassword, async (request, auth) => {
    await resetUserPassword(
      ctx,
      auth,
      request.params.id,
      request.body.newPassword,
      requestMeta(request),
    );
    return null;
  });

  route(app, admin.impersonateUser, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return createImpersonationLink(ctx, auth, request.params.id, requestMeta(request));
  });
}
