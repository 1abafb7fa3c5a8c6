// The signed-in user's valuables still in the vault (SPEC §7): newest stored first by default;
// other screens leave out cash or order by creation or by name.
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Valuable, ValuablesQuery } from '@secure-vault/shared/vault';
import type { Db } from '../../db/client.ts';
import { valuables } from '../../db/vault-schema.ts';
import { toValuable, valuableColumns } from './wire.ts';

type Query = { excludeCash: boolean; orderBy: NonNullable<ValuablesQuery['orderBy']> };

const orders: Record<Query['orderBy'], SQL[]> = {
  dateStored: [desc(valuables.dateStored), desc(valuables.id)],
  createdAt: [desc(valuables.createdAt), desc(valuables.id)],
  itemName: [asc(valuables.itemName), asc(valuables.id)],
};

export async function getValuables(db: Db, userId: string, query: Query): Promise<Valuable[]> {
  const rows = await db
    .select(valuableColumns)
    .from(valuables)
    .where(
      and(
        eq(valuables.userId, userId),
        ne(valuables.status, 'delivered'),
        query.excludeCash ? ne(valuables.itemType, 'cash') : undefined,
      ),
    )
    .orderBy(...orders[query.orderBy]);
  return rows.map(toValuable);
}
