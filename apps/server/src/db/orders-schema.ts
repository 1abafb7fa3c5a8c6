// Limit orders (issue 29, decision 031): a customer's order to buy at or below a price or sell at
// or above it, with what it reserves while open — a row of the customer's own vault with status
// `reserved` (reservation_id), which the fill or the release deletes or brings back in the same
// movement that closes the order. Every change needs a migration.
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orderSides, orderStatuses } from '@secure-vault/shared/orders';
import { languages } from '@secure-vault/shared/i18n';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 30, scale: 8 });

export const limitOrders = pgTable(
  'limit_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: orderSides }).notNull(),
    quantity: amount('quantity').notNull(),
    limitPrice: amount('limit_price').notNull(),
    /** A buy's cash (whole cents) or a sell's quantity, held while open. */
    reserved: amount('reserved').notNull(),
    /** The vault row holding the reservation while the order is open. */
    reservationId: uuid('reservation_id'),
    status: text('status', { enum: orderStatuses }).notNull().default('open'),
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull(),
    closedAt: timestamptz('closed_at'),
    fillPrice: amount('fill_price'),
    fillTotal: amount('fill_total'),
    /** The movement's reference on the journal rows that placed it; its fill's is its id. */
    reference: text('reference').notNull(),
    /** The language it was placed in: its fill's notice and email are written in it. */
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (table) => [
    index('limit_orders_user_idx').on(table.userId, table.createdAt.desc()),
    // What a price crosses: the open orders of a symbol and side, by limit.
    index('limit_orders_open_idx')
      .on(table.symbol, table.side, table.limitPrice)
      .where(sql`${table.status} = 'open'`),
    index('limit_orders_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'open' and ${table.expiresAt} is not null`),
    check('limit_orders_side_check', oneOf(table.side, orderSides)),
    check('limit_orders_status_check', oneOf(table.status, orderStatuses)),
    check('limit_orders_language_check', oneOf(table.language, languages)),
    check(
      'limit_orders_positive_check',
      sql`${table.quantity} > 0 and ${table.limitPrice} > 0 and ${table.reserved} > 0`,
    ),
    check(
      'limit_orders_open_check',
      sql`(${table.status} = 'open') = (${table.closedAt} is null) and (${table.status} = 'open') = (${table.reservationId} is not null)`,
    ),
    check(
      'limit_orders_filled_check',
      sql`(${table.status} = 'filled') = (${table.fillPrice} is not null and ${table.fillTotal} is not null)`,
    ),
  ],
);
