// The dashboard's figures (SPEC §9): cash, book balance, net worth (every valuable still in the
// vault, cash included) and its split by item type. Two queries, whatever the number of items.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ItemType, Summary } from '@secure-vault/shared/vault';
import { dec, sum, toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { cashSymbol, valuables } from '../../db/vault-schema.ts';
import { bookBalanceString } from './wire.ts';

export async function getSummary(db: Db, userId: string): Promise<Summary> {
  const groups = await db
    .select({
      itemType: valuables.itemType,
      value: sql<string>`coalesce(sum(${valuables.estimatedValue}), 0)`,
      cash: sql<
        string | null
      >`sum(${valuables.estimatedValue}) filter (where ${valuables.assetSymbol} = ${cashSymbol} and ${valuables.status} = 'active')`,
    })
    .from(valuables)
    .where(and(eq(valuables.userId, userId), ne(valuables.status, 'delivered')))
    .groupBy(valuables.itemType);
  const [profile] = await db
    .select({ bookBalance: profiles.bookBalance })
    .from(profiles)
    .where(eq(profiles.userId, userId));

  const allocation = groups
    .map((group) => ({ itemType: group.itemType as ItemType, value: dec(group.value) }))
    .filter((entry) => !entry.value.isZero())
    .sort((a, b) => b.value.comparedTo(a.value) || a.itemType.localeCompare(b.itemType));
  return {
    cashBalance: toFixedString(sum(groups.map((group) => group.cash ?? '0'))),
    bookBalance: bookBalanceString(profile?.bookBalance ?? '0'),
    totalNetWorth: toFixedString(sum(groups.map((group) => group.value))),
    allocation: allocation.map((entry) => ({
      itemType: entry.itemType,
      value: toFixedString(entry.value),
    })),
  };
}
