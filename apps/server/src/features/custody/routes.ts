// Custody (contracts: shared/custody/contracts.ts): fixed terms and deliveries for customers,
// Delivery Management and Tracking for staff. Moving POSTs take an Idempotency-Key; the
// contracts refuse impersonating staff a delivery and its cancel.
import type { FastifyInstance } from 'fastify';
import * as custody from '@secure-vault/shared/custody/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { knownCaller } from '../../db/caller.ts';
import { idempotencyOf, sendIdempotent } from '../../http/idempotency.ts';
import { route } from '../../http/route.ts';
import { addTracking } from './add-tracking.ts';
import { cancelDelivery } from './cancel-delivery.ts';
import { createDelivery } from './create-delivery.ts';
import { getMyDeliveries } from './get-my-deliveries.ts';
import { listDeliveries } from './list-deliveries.ts';
import { listTracking } from './list-tracking.ts';
import { setDeliveryStatus } from './set-delivery-status.ts';
import { createFixedTerm, getMyFixedTerms, listFixedTermOffers } from './fixed-terms.ts';

/** The ledger's caller for a signed-in request (the impersonating staff member as actor). */
function callerOf(auth: RequestAuth) {
  return knownCaller(auth.user.id, auth.impersonatedBy?.id ?? null);
}

export function custodyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, custody.listFixedTermOffers, () => Promise.resolve(listFixedTermOffers()));

  route(app, custody.createFixedTerm, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await createFixedTerm(ctx, callerOf(auth), {
        body: request.body,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.getMyFixedTerms, (request, auth) => getMyFixedTerms(ctx, auth.user.id));

  route(app, custody.createDelivery, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await createDelivery(ctx, callerOf(auth), {
        body: request.body,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.getMyDeliveries, (request, auth) => getMyDeliveries(ctx, auth.user.id));

  route(app, custody.cancelDelivery, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await cancelDelivery(ctx, callerOf(auth), {
        id: request.params.id,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.listDeliveries, (request) => listDeliveries(ctx, request.query.status));

  route(app, custody.setDeliveryStatus, async (request, auth, reply) =>
    sendIdempotent(
      reply,
      await setDeliveryStatus(ctx, callerOf(auth), {
        staffId: auth.user.id,
        id: request.params.id,
        status: request.body.status,
        idempotency: idempotencyOf(request),
        meta: requestMeta(request),
      }),
    ),
  );

  route(app, custody.listTracking, () => listTracking(ctx));

  route(app, custody.addTracking, (request, auth) =>
    addTracking(ctx, auth.user.id, request.params.id, request.body, requestMeta(request)),
  );
}
