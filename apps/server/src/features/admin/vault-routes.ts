// The vault side of the staff panel (SPEC §2 tabs Users, Valuables Management, Book Balance, and
// the net-worth figures; contracts: shared/admin/contracts.ts): staff only; every change is
// a proposal another staff member approves (features/approvals), made once per Idempotency-Key.
import type { FastifyInstance } from 'fastify';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { addValuable, deleteValuable, editValuable } from './change-valuables.ts';
import { getAllValuables } from './get-all-valuables.ts';
import { getPlatformNetWorth, getUserNetWorths } from './get-net-worth.ts';
import { getUsers } from './get-users.ts';
import { setBookBalance } from './set-book-balance.ts';

export function adminVaultRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, admin.getUsers, () => getUsers(ctx.db));

  route(app, admin.getAllValuables, () => getAllValuables(ctx.db));

  route(app, admin.addValuable, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await addValuable(ctx, auth, request.body, idempotencyOf(request), requestMeta(request)),
    ),
  );

  route(app, admin.editValuable, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await editValuable(
        ctx,
        auth,
        request.params.id,
        request.body,
        idempotencyOf(request),
        requestMeta(request),
      ),
    ),
  );

  route(app, admin.deleteValuable, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await deleteValuable(
        ctx,
        auth,
        request.params.id,
        idempotencyOf(request),
        requestMeta(request),
      ),
    ),
  );

  route(app, admin.setBookBalance, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await setBookBalance(
        ctx,
        auth,
        request.params.id,
        request.body.bookBalance,
        idempotencyOf(request),
        requestMeta(request),
      ),
    ),
  );

  route(app, admin.getPlatformNetWorth, () => getPlatformNetWorth(ctx.db));

  route(app, admin.getUserNetWorths, () => getUserNetWorths(ctx.db));
}
