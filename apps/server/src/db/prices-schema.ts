// The price book (decision 028): every price an asset has had, newest last. A row is never
// changed or deleted: the book at a time is each symbol's latest row at or before it. Every
// change needs a migration.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { priceSources } from '@secure-vault/shared/prices';
import { oneOf } from './one-of.ts';

const price = (name: string) => numeric(name, { precision: 30, scale: 8 });

export const assetPrices = pgTable(
  'asset_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbol: text('symbol').notNull(),
    /** What a customer pays per mg or unit. */
    buy: price('buy').notNull(),
    /** What a customer receives per mg or unit, and what holdings are valued at. */
    sell: price('sell').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  (table) => [
    // The book now: each symbol's latest row. A chart: a symbol's rows over a range of time.
    index('asset_prices_symbol_id_idx').on(table.symbol, table.id),
    index('asset_prices_symbol_effective_idx').on(table.symbol, table.effectiveAt),
    // The opening book is written once per symbol, by whichever process starts first.
    uniqueIndex('asset_prices_opening_idx')
      .on(table.symbol)
      .where(sql`${table.source} = 'opening'`),
    check('asset_prices_source_check', oneOf(table.source, priceSources)),
    check('asset_prices_positive_check', sql`${table.buy} > 0 and ${table.sell} > 0`),
    // A customer never receives more than a customer pays: the spread is never negative.
    check('asset_prices_spread_check', sql`${table.sell} <= ${table.buy}`),
  ],
);
