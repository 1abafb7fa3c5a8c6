// The customer's staff-access log (contract: shared/staff-access/contracts.ts). A staff member
// signed in as the customer reads it too: they see what the customer sees, their own session
// included, and nothing more.
import type { FastifyInstance } from 'fastify';
import * as staffAccess from '@secure-vault/shared/staff-access/contracts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { listStaffAccess } from './list-staff-access.ts';

export function staffAccessRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, staffAccess.getMyStaffAccess, async (request, auth, reply) => {
    reply.header('cache-control', 'no-store');
    return listStaffAccess(ctx.db, auth.user.id, ctx.clock.now(), request.query);
  });
}
