// The vault side of the staff panel (SPEC §2 tabs Users, Valuables Management, Book Balance, and
// the net-worth figures; contracts: shared/admin/contracts.ts): staff only; every change is
// journaled and audited with the change.
import type { FastifyInstance } from 'fastify';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import { addValuable, deleteValuable, editValuable } from './change-valuables.ts';
import { getAllValuables } from './get-all-valuables.ts';
import { getPlatformNetWorth, getUserNetWorths } from './get-net-worth.ts';
import { getUsers } from './get-users.ts';
import { setBookBalance } from './set-book-balance.ts';

export function adminVaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, admin.getUsers, () => getUsers(ctx.db));

  route(app, admin.getAllValuables, () => getAllValuables(ctx.db));

  route(app, admin.addValuable, (request) =>
    addValuable(ctx, requireAuth(request), request.body, requestMeta(request)),
  );

  route(app, admin.editValuable, (request) =>
    editValuable(ctx, requireAuth(request), request.params.id, request.body, requestMeta(request)),
  );

  route(app, admin.deleteValuable, async (request) => {
    await deleteValuable(ctx, requireAuth(request), request.params.id, requestMeta(request));
    return null;
  });

  route(app, admin.setBookBalance, (request) =>
    setBookBalance(
      ctx,
      requireAuth(request),
      request.params.id,
      request.body.bookBalance,
      requestMeta(request),
    ),
  );

  route(app, admin.getPlatformNetWorth, () => getPlatformNetWorth(ctx.db));

  route(app, admin.getUserNetWorths, () => getUserNetWorths(ctx.db));
}
