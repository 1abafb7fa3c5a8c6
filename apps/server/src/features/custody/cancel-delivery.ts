// The customer cancels their delivery before it ships (contract: cancelDelivery): the ledger
// puts the item back in the vault and queues the email.
import type { Delivery } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { cancelDeliveryAsCustomer } from '../../ledger/custody.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { tell } from './delivery-mail.ts';

export async function cancelDelivery(
  ctx: AppContext,
  caller: Caller,
  input: { id: string; idempotency: Idempotency; meta: RequestMeta },
): Promise<Outcome<Delivery>> {
  const outcome = await cancelDeliveryAsCustomer(ctx.database, caller, {
    id: input.id,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}
