// Staff's Delivery Management list, newest first, by status (contract: listDeliveries).
import { desc, eq, sql } from 'drizzle-orm';
import type { AdminDelivery, DeliveryStatus } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import { deliveries } from '../../db/custody-schema.ts';

export async function listDeliveries(
  ctx: AppContext,
  status: DeliveryStatus | undefined,
): Promise<AdminDelivery[]> {
  const rows = await ctx.db
    .select({ json: sql<AdminDelivery>`admin_delivery_json(${deliveries})` })
    .from(deliveries)
    .where(status ? eq(deliveries.status, status) : undefined)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
  return rows.map((row) => row.json);
}
