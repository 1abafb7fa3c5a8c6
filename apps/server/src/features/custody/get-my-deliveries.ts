// The customer's deliveries, newest first (contract: getMyDeliveries).
import { desc, eq, sql } from 'drizzle-orm';
import type { Delivery } from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import { deliveries } from '../../db/custody-schema.ts';

export async function getMyDeliveries(ctx: AppContext, userId: string): Promise<Delivery[]> {
  const rows = await ctx.db
    .select({ json: sql<Delivery>`delivery_json(${deliveries})` })
    .from(deliveries)
    .where(eq(deliveries.userId, userId))
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
  return rows.map((row) => row.json);
}
