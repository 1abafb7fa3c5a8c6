// Staff: platform and per-customer net worth (SPEC §9): book balances plus the values of the
// valuables still in the vault (listed assets at the book's price now: db/wire.ts valueNow), summed exactly by the database; and the platform's
// rounding account (DESIGN §2), which customers' whole-cent cash leaves with the platform.
import { asc, eq, ne, sql } from 'drizzle-orm';
import type { UserNetWorth } from '@secure-vault/shared/vault';
import { dec, toFixedString } from '@secure-vault/shared/money';
import type { Db } from '../../db/client.ts';
import { isCustomer } from '../../db/customers.ts';
import { profiles } from '../../db/schema.ts';
import { ledgerEntries, valuables } from '../../db/vault-schema.ts';
import { bookBalanceString, valueNow } from '../../db/wire.ts';

export interface PlatformNetWorth {
  total: string;
  bookBalances: string;
  valuables: string;
  rounding: string;
}

export async function getPlatformNetWorth(db: Db): Promise<PlatformNetWorth> {
  const [row] = await db
    .select({
      bookBalances: sql<string>`(select coalesce(sum(${profiles.bookBalance}), 0) from ${profiles})`,
      valuables: sql<string>`(select coalesce(sum(${valueNow}), 0) from ${valuables} where ${valuables.status} <> 'delivered')`,
      rounding: sql<string>`(select coalesce(sum(${ledgerEntries.valueDelta}), 0) from ${ledgerEntries} where ${ledgerEntries.account} = 'rounding')`,
    })
    .from(sql`(select 1) as one`);
  const bookBalances = dec(row?.bookBalances ?? '0');
  const valuableValue = dec(row?.valuables ?? '0');
  return {
    total: toFixedString(bookBalances.plus(valuableValue)),
    bookBalances: bookBalanceString(bookBalances.toFixed()),
    valuables: toFixedString(valuableValue),
    rounding: toFixedString(row?.rounding ?? '0'),
  };
}

export async function getUserNetWorths(db: Db): Promise<UserNetWorth[]> {
  const sums = db
    .select({
      userId: valuables.userId,
      value: sql<string>`sum(${valueNow})`.as('value'),
    })
    .from(valuables)
    .where(ne(valuables.status, 'delivered'))
    .groupBy(valuables.userId)
    .as('sums');
  const total = sql<string>`${profiles.bookBalance} + coalesce(${sums.value}, 0)`;
  const rows = await db
    .select({
      userId: profiles.userId,
      email: profiles.email,
      bookBalance: profiles.bookBalance,
      valuableValue: sql<string>`coalesce(${sums.value}, 0)`,
      total,
    })
    .from(profiles)
    .leftJoin(sums, eq(sums.userId, profiles.userId))
    .where(isCustomer(profiles.userId))
    .orderBy(sql`${total} desc`, asc(profiles.email), asc(profiles.userId));
  return rows.map((row, index) => ({
    rank: index + 1,
    userId: row.userId,
    email: row.email,
    bookBalance: bookBalanceString(row.bookBalance),
    valuableValue: toFixedString(row.valuableValue),
    totalNetWorth: toFixedString(row.total),
  }));
}
