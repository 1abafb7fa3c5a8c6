// Staff move a delivery on, in order (contract: setDeliveryStatus; SPEC §4): the ledger's
// function moves it and queues the customer's email; nobody moves their own or a staff account's.
import { eq } from 'drizzle-orm';
import type { AdminDelivery, DeliveryStatus } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { deliveries } from '../../db/custody-schema.ts';
import { moveDeliveryAsStaff } from '../../ledger/custody.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import { assertStaffMayActOn } from '../../auth/staff-subject.ts';
import { tell } from './delivery-mail.ts';

export async function setDeliveryStatus(
  ctx: AppContext,
  caller: Caller,
  input: {
    staffId: string;
    id: string;
    status: DeliveryStatus;
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<AdminDelivery>> {
  await assertStaffMayActOnDelivery(ctx, input.staffId, input.id);
  const outcome = await moveDeliveryAsStaff(ctx.database, caller, {
    id: input.id,
    status: input.status,
    at: ctx.clock.now(),
    ip: input.meta.ip,
    idempotency: input.idempotency,
  });
  if (!outcome.isReplay) tell(ctx);
  return outcome;
}

/**
 * Nobody moves a delivery of their own, nor a staff account's (DESIGN §4): delivered takes the
 * item out of the vault. A delivery's customer never changes, so asking first is enough.
 */
async function assertStaffMayActOnDelivery(ctx: AppContext, staffId: string, deliveryId: string) {
  const [delivery] = await ctx.db
    .select({ userId: deliveries.userId })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  if (delivery) await assertStaffMayActOn(ctx.db, staffId, delivery.userId);
}
