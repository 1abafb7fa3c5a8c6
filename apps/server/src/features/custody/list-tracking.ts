// Staff's Tracking list: every tracking record with its delivery's recipient and customer,
// newest first (contract: listTracking).
import { desc, eq } from 'drizzle-orm';
import type { AdminTrackingRecord } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import { deliveries, deliveryTracking } from '../../db/custody-schema.ts';
import { users } from '../../db/schema.ts';

export async function listTracking(ctx: AppContext): Promise<AdminTrackingRecord[]> {
  const rows = await ctx.db
    .select({
      id: deliveryTracking.id,
      deliveryId: deliveryTracking.deliveryId,
      status: deliveryTracking.status,
      location: deliveryTracking.location,
      message: deliveryTracking.message,
      createdAt: deliveryTracking.createdAt,
      recipientName: deliveries.recipientName,
      userId: deliveries.userId,
      userEmail: users.email,
    })
    .from(deliveryTracking)
    .innerJoin(deliveries, eq(deliveries.id, deliveryTracking.deliveryId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .orderBy(desc(deliveryTracking.createdAt), desc(deliveryTracking.id));
  return rows.map((row) => ({
    ...row,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
