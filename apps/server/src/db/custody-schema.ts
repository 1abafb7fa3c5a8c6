// Custody's tables (SPEC §3 delivery_requests, delivery_tracking, fixed-asset term; DESIGN §5):
// fixed terms, delivery requests with their tracking, and the jobs table the job runner claims
// work from (jobs/runner.ts). Every change needs a migration.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  deliveryStatuses,
  fixedTermMonths,
  fixedTermStatuses,
  trackingStatuses,
} from '@secure-vault/shared/custody';
import { languages } from '@secure-vault/shared/i18n';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 30, scale: 8 });

/**
 * A holding fixed for a term: locked until `matures_at`, when the maturity job credits `profit`
 * as cash and unlocks it, once (`status` active → matured under the row's lock).
 */
export const fixedTerms = pgTable(
  'fixed_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The locked holding; kept after it returned to its position (no foreign key). */
    valuableId: uuid('valuable_id').notNull(),
    itemName: text('item_name').notNull(),
    assetSymbol: text('asset_symbol'),
    quantity: amount('quantity'),
    unit: text('unit'),
    months: integer('months').notNull(),
    interestRate: numeric('interest_rate', { precision: 6, scale: 4 }).notNull(),
    principal: amount('principal').notNull(),
    /** principal × rate rounded down to the cent: what is credited. */
    profit: amount('profit').notNull(),
    status: text('status', { enum: fixedTermStatuses }).notNull().default('active'),
    language: text('language', { enum: languages }).notNull().default('en'),
    startedAt: timestamptz('started_at').notNull(),
    maturesAt: timestamptz('matures_at').notNull(),
    maturedAt: timestamptz('matured_at'),
  },
  (table) => [
    index('fixed_terms_user_idx').on(table.userId, table.startedAt.desc()),
    check('fixed_terms_status_check', oneOf(table.status, fixedTermStatuses)),
    check('fixed_terms_language_check', oneOf(table.language, languages)),
    // Numbers, so not oneOf's quoted literals; from the same union the contracts take.
    check(
      'fixed_terms_months_check',
      sql`${table.months} in (${sql.raw(fixedTermMonths.map((months) => String(months)).join(', '))})`,
    ),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The holding in delivery; gone once delivered (no foreign key). */
    valuableId: uuid('valuable_id'),
    itemName: text('item_name').notNull(),
    itemType: text('item_type').notNull(),
    assetSymbol: text('asset_symbol'),
    quantity: amount('quantity'),
    unit: text('unit'),
    estimatedValue: amount('estimated_value'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('pending'),
    language: text('language', { enum: languages }).notNull().default('en'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('deliveries_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('deliveries_user_idx').on(table.userId, table.createdAt.desc()),
    check('deliveries_status_check', oneOf(table.status, deliveryStatuses)),
    check('deliveries_language_check', oneOf(table.language, languages)),
  ],
);

export const deliveryTracking = pgTable(
  'delivery_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    status: text('status', { enum: trackingStatuses }).notNull(),
    location: text('location'),
    message: text('message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('delivery_tracking_delivery_idx').on(table.deliveryId, table.createdAt.desc()),
    index('delivery_tracking_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check('delivery_tracking_status_check', oneOf(table.status, trackingStatuses)),
  ],
);

/**
 * Work for the job runner (jobs/runner.ts): due at `run_at`, claimed with FOR UPDATE SKIP LOCKED
 * under a lease (`locked_until`), retried with backoff, done once `done_at` is set — in the same
 * transaction as the work, so a job's effect and its completion commit together.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamptz('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    doneAt: timestamptz('done_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The request that scheduled it (request-context.ts): its run logs under that id. */
    requestId: text('request_id'),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
