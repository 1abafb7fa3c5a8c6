// The price feed's state (decision 029), shared by every process: one row saying which feed the
// processes run with, how its polls went and which poll is the latest (the claim that lets one
// process poll per interval), and per symbol when the feed last vouched for its price, from which
// an asset's halt is read. Every change needs a migration.
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true });

export const priceFeed = pgTable(
  'price_feed',
  {
    /** Always 1: the one row, written by migration 0034. */
    id: smallint('id').primaryKey(),
    /** The feed the processes run with: the URL's origin, or `simulate`; null: none. */
    source: text('source'),
    /** PRICE_FEED_STALE_AFTER_SECONDS of the processes that poll; null: nothing halts. */
    staleAfterSeconds: integer('stale_after_seconds'),
    /** How many polls were claimed: a poll writes only while it is still the latest. */
    polls: bigint('polls', { mode: 'number' }).notNull().default(0),
    polledAt: time('polled_at'),
    succeededAt: time('succeeded_at'),
    /** Why the latest poll failed, in English for staff; null after a success. */
    error: text('error'),
  },
  (table) => [check('price_feed_one_row', sql`${table.id} = 1`)],
);

export const priceFeedSymbols = pgTable('price_feed_symbols', {
  symbol: text('symbol').primaryKey(),
  /** The time of the feed's latest answer that named this symbol. */
  vouchedAt: time('vouched_at').notNull(),
});
