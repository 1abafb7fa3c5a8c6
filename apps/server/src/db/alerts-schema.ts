// Price alerts (issue 29): a level a customer asked to be told of, above or below an asset's sell
// price. It waits until the book reaches it, then is marked fired — once, by the statement that
// marks it (prices/alerts.ts) — and kept with the price that fired it. Every change needs a
// migration.
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alertDirections } from '@secure-vault/shared/alerts';
import { languages } from '@secure-vault/shared/i18n';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const price = (name: string) => numeric(name, { precision: 30, scale: 8 });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    direction: text('direction', { enum: alertDirections }).notNull(),
    /** The level, compared with the book's sell price. */
    price: price('price').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    firedAt: timestamptz('fired_at'),
    /** The book's sell price that fired it. */
    firedPrice: price('fired_price'),
    /** The language it was set in: its notice and email are written in it. */
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (table) => [
    // What a new price may fire: the waiting alerts of its asset.
    index('price_alerts_waiting_idx')
      .on(table.symbol, table.direction, table.price)
      .where(sql`${table.firedAt} is null`),
    index('price_alerts_user_idx').on(table.userId, table.createdAt.desc()),
    check('price_alerts_direction_check', oneOf(table.direction, alertDirections)),
    check('price_alerts_price_check', sql`${table.price} > 0`),
    check('price_alerts_language_check', oneOf(table.language, languages)),
    check(
      'price_alerts_fired_check',
      sql`(${table.firedAt} is null) = (${table.firedPrice} is null)`,
    ),
  ],
);
