// Recurring buys (issue 29): a customer's plan to buy a fixed amount of an asset every week or
// month on a chosen day, and each period it ran, kept once per period: the period's row and its
// trade commit together (jobs/recurring-buy.ts), so no period buys twice. Every change needs a
// migration.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  recurringFrequencies,
  recurringOutcomes,
  recurringStatuses,
} from '@secure-vault/shared/recurring';
import { languages } from '@secure-vault/shared/i18n';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 30, scale: 8 });

export const recurringBuys = pgTable(
  'recurring_buys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** Dollars a period buys with. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    frequency: text('frequency', { enum: recurringFrequencies }).notNull(),
    /** Weekly: ISO weekday 1–7; monthly: day of the month 1–31. */
    day: integer('day').notNull(),
    status: text('status', { enum: recurringStatuses }).notNull().default('active'),
    /** The period it buys next; null once paused or cancelled. */
    nextRunAt: timestamptz('next_run_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    /** The language it was set up in: its periods' notices and emails are written in it. */
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (table) => [
    index('recurring_buys_user_idx').on(table.userId, table.createdAt.desc()),
    check('recurring_buys_frequency_check', oneOf(table.frequency, recurringFrequencies)),
    check('recurring_buys_status_check', oneOf(table.status, recurringStatuses)),
    check('recurring_buys_amount_check', sql`${table.amount} > 0`),
    check('recurring_buys_language_check', oneOf(table.language, languages)),
    check(
      'recurring_buys_day_check',
      sql`${table.day} >= 1 and ${table.day} <= case when ${table.frequency} = 'weekly' then 7 else 31 end`,
    ),
    check(
      'recurring_buys_next_check',
      sql`(${table.status} = 'active') = (${table.nextRunAt} is not null)`,
    ),
  ],
);

export const recurringBuyRuns = pgTable(
  'recurring_buy_runs',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => recurringBuys.id, { onDelete: 'cascade' }),
    /** The period's run time: one row per plan and period. */
    runAt: timestamptz('run_at').notNull(),
    outcome: text('outcome', { enum: recurringOutcomes }).notNull(),
    quantity: amount('quantity'),
    total: amount('total'),
    /** The trade's reference, when it bought. */
    reference: text('reference'),
    /** Why it was skipped: the refusal's code. */
    reason: text('reason'),
    ranAt: timestamptz('ran_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.runAt] }),
    check('recurring_buy_runs_outcome_check', oneOf(table.outcome, recurringOutcomes)),
  ],
);
