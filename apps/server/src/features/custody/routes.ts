// Custody (contracts: shared/custody/contracts.ts): fixed terms and deliveries for customers,
// Delivery Management and Tracking for staff. Moving POSTs take an Idempotency-Key; the
// contracts refuse impersonating staff a delivery and its cancel.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as custody from '@secure-vault/shared/custody/contracts';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../auth/access.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { knownCaller } from '../../db/caller.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import {
  addTracking,
  cancelDelivery,
  createDelivery,
  getMyDeliveries,
  listDeliveries,
  listTracking,
  setDeliveryStatus,
} from './deliveries.ts';
import { createFixedTerm, getMyFixedTerms, listFixedTermOffers } from './fixed-terms.ts';

/** The ledger's caller for a signed-in request (the impersonating staff member as actor). */
function callerOf(request: FastifyRequest) {
  const auth = requireAuth(request);
  return knownCaller(auth.user.id, auth.impersonatedBy?.id ?? null);
}

export function custodyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, custody.listFixedTermOffers, () => Promise.resolve(listFixedTermOffers()));

  route(app, custody.createFixedTerm, async (request, reply) =>
    sendIdempotent(
      reply,
      await createFixedTerm(ctx, callerOf(request), {
        body: request.body,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.getMyFixedTerms, (request) =>
    getMyFixedTerms(ctx, requireAuth(request).user.id),
  );

  route(app, custody.createDelivery, async (request, reply) =>
    sendIdempotent(
      reply,
      await createDelivery(ctx, callerOf(request), {
        body: request.body,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.getMyDeliveries, (request) =>
    getMyDeliveries(ctx, requireAuth(request).user.id),
  );

  route(app, custody.cancelDelivery, async (request, reply) =>
    sendIdempotent(
      reply,
      await cancelDelivery(ctx, callerOf(request), {
        id: request.params.id,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.listDeliveries, (request) => listDeliveries(ctx, request.query.status));

  route(app, custody.setDeliveryStatus, async (request, reply) =>
    sendIdempotent(
      reply,
      await setDeliveryStatus(ctx, callerOf(request), {
        staffId: requireAuth(request).user.id,
        id: request.params.id,
        status: request.body.status,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.listTracking, () => listTracking(ctx));

  route(app, custody.addTracking, (request) =>
    addTracking(
      ctx,
      requireAuth(request).user.id,
      request.params.id,
      request.body,
      requestMeta(request),
    ),
  );
}
