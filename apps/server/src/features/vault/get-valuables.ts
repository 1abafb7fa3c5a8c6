// The signed-in user's valuables still in the vault (SPEC §7), each listed asset valued at the
// book's price now (prices_value): newest stored first by default;
// other screens leave out cash or order by creation or by name. One statement with the session
// check: a row per valuable, or one row of nulls when there is none.
import type { Valuable, ValuablesQuery } from '@secure-vault/shared/vault';
import type { AppContext } from '../../context.ts';
import { type Caller, queryAs } from '../../db/caller.ts';
import { toValuable, type ValuableRow } from '../../db/wire.ts';

type Query = { excludeCash: boolean; orderBy: NonNullable<ValuablesQuery['orderBy']> };

const orders: Record<Query['orderBy'], string> = {
  dateStored: 'v.date_stored desc, v.id desc',
  createdAt: 'v.created_at desc, v.id desc',
  itemName: 'v.item_name asc, v.id asc',
};

export async function getValuables(
  ctx: AppContext,
  caller: Caller,
  query: Query,
): Promise<Valuable[]> {
  const cash = query.excludeCash ? 'without_cash' : 'with_cash';
  const rows = await queryAs<ValuableRow | { id: null }>(
    ctx.database,
    caller,
    `vault_valuables_${query.orderBy}_${cash}`,
    (relation) => `select v.* from ${relation} left join lateral (
        select v.id, v.user_id as "userId", v.item_name as "itemName", v.item_type as "itemType",
          prices_value(v.asset_symbol, v.quantity, v.estimated_value) as "estimatedValue",
          v.description,
          v.storage_location as "storageLocation", v.asset_symbol as "assetSymbol", v.quantity,
          v.unit, v.status, v.date_stored as "dateStored", v.created_at as "createdAt"
        from valuables v
        where v.user_id = c.user_id and v.status <> 'delivered'
          ${query.excludeCash ? "and v.item_type <> 'cash'" : ''}
        order by ${orders[query.orderBy]}
      ) v on true`,
    [],
  );
  return rows.flatMap((row) => (row.id === null ? [] : [toValuable(row)]));
}
