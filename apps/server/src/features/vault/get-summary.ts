// The dashboard's figures (SPEC §9): cash, book balance, net worth (every valuable still in the
// vault, cash included, listed assets at the book's price now: prices_value) and its split by
// item type. One statement with the session check: a row
// per item type held (or one row of nulls when nothing is), each carrying the book balance.
import type { ItemType, Summary } from '@secure-vault/shared/vault';
import { dec, sum, toFixedString } from '@secure-vault/shared/money';
import type { AppContext } from '../../context.ts';
import { type Caller, queryAs } from '../../db/caller.ts';
import { bookBalanceString } from '../../db/wire.ts';

interface SummaryRow {
  book_balance: string | null;
  /** valuables.item_type, which its CHECK holds to ItemType. */
  item_type: ItemType | null;
  value: string | null;
  cash: string | null;
}

export async function getSummary(ctx: AppContext, caller: Caller): Promise<Summary> {
  const rows = await queryAs<SummaryRow>(
    ctx.database,
    caller,
    'vault_summary',
    (relation) => `select c.*, p.book_balance, g.item_type, g.value, g.cash
      from ${relation}
      left join profiles p on p.user_id = c.user_id
      left join lateral (
        select v.item_type, sum(prices_value(v.asset_symbol, v.quantity, v.estimated_value)) as value,
          sum(v.estimated_value) filter (where v.asset_symbol = 'USD' and v.status = 'active') as cash
        from valuables v
        where v.user_id = c.user_id and v.status <> 'delivered'
        group by v.item_type
      ) g on true`,
    [],
  );
  const groups = rows.filter(
    (row): row is SummaryRow & { item_type: ItemType } => row.item_type !== null,
  );
  const allocation = groups
    .map((group) => ({ itemType: group.item_type, value: dec(group.value ?? '0') }))
    .filter((entry) => !entry.value.isZero())
    .sort((a, b) => b.value.comparedTo(a.value) || a.itemType.localeCompare(b.itemType));
  return {
    cashBalance: toFixedString(sum(groups.map((group) => group.cash ?? '0'))),
    bookBalance: bookBalanceString(rows[0].book_balance ?? '0'),
    totalNetWorth: toFixedString(sum(groups.map((group) => group.value ?? '0'))),
    allocation: allocation.map((entry) => ({
      itemType: entry.itemType,
      value: toFixedString(entry.value),
    })),
  };
}
