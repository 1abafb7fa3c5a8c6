// The customer asks for a valuable, or part of a holding, to be delivered (contract:
// createDelivery; SPEC §2 Settings, §4; DESIGN §5): set aside by the ledger
// (ledger_request_delivery) and emailed in the language they asked in.
import { randomUUID } from 'node:crypto';
import type { Delivery, DeliveryRequest } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { requestDelivery } from '../../ledger/custody.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { tell } from './delivery-mail.ts';

export async function createDelivery(
  ctx: AppContext,
  caller: Caller,
  input: {
    body: Omit<DeliveryRequest, 'quantity'> & { quantity?: string | undefined };
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<Delivery>> {
  const { body } = input;
  const outcome = await requestDelivery(ctx.database, caller, {
    id: randomUUID(),
    valuableId: body.valuableId,
    quantity: body.quantity ?? null,
    recipient: {
      name: body.recipientName,
      email: body.recipientEmail,
      phone: body.recipientPhone,
      address: body.recipientAddress,
    },
    language: input.meta.language,
    at: ctx.clock.now(),
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}
