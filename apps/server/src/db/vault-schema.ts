// The vault's tables (DESIGN §2): valuables (what the vault shows, including one position per
// traded asset and one cash position per user), the append-only journal of every movement,
// and the idempotency keys of money-moving requests. Every change needs a migration.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerAccounts, ledgerKinds } from '@secure-vault/shared/history';
import { itemTypes, valuableStatuses, valuableUnits } from '@secure-vault/shared/vault';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** Exact amounts and quantities: 8 decimal places (DESIGN §2). */
const amount = (name: string) => numeric(name, { precision: 30, scale: 8 });

/** The symbol of every user's one cash position. */
export const cashSymbol = 'USD';

export const valuables = pgTable(
  'valuables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    itemType: text('item_type', { enum: itemTypes }).notNull(),
    estimatedValue: amount('estimated_value'),
    description: text('description'),
    storageLocation: text('storage_location'),
    /** 'USD' for the cash position, a catalogue symbol for a traded position, else null. */
    assetSymbol: text('asset_symbol'),
    quantity: amount('quantity'),
    unit: text('unit', { enum: valuableUnits }),
    status: text('status', { enum: valuableStatuses }).notNull().default('active'),
    dateStored: timestamptz('date_stored').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('valuables_user_date_stored_idx').on(table.userId, table.dateStored.desc()),
    // One active position per user and asset (and so one cash position per user).
    uniqueIndex('valuables_one_active_position_idx')
      .on(table.userId, table.assetSymbol)
      .where(sql`${table.assetSymbol} is not null and ${table.status} = 'active'`),
    check('valuables_item_type_check', oneOf(table.itemType, itemTypes)),
    check('valuables_status_check', oneOf(table.status, valuableStatuses)),
    check(
      'valuables_unit_check',
      sql`${table.unit} is null or ${oneOf(table.unit, valuableUnits)}`,
    ),
    check(
      'valuables_cash_not_negative',
      sql`${table.assetSymbol} is distinct from 'USD' or ${table.estimatedValue} >= 0`,
    ),
    check(
      'valuables_quantity_not_negative',
      sql`${table.quantity} is null or ${table.quantity} >= 0`,
    ),
  ],
);

/**
 * Every change to any holding or cash, written in the same transaction as the change, as balanced
 * postings (decision 021): a customer's rows and the platform accounts' rows of one movement sum
 * to zero per asset, checked at commit (ledger/sql/ledger_entries_balanced.sql). A trigger
 * (migration 0002) refuses UPDATE and DELETE: the journal is append-only.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null exactly on the platform's accounts. */
    userId: uuid('user_id'),
    account: text('account', { enum: ledgerAccounts }).notNull().default('customer'),
    /**
     * The movement the posting belongs to: one per transaction, drawn from ledger_movements by the
     * transaction's first posting and kept in a transaction-local setting. Movements converted
     * from the single-entry journal (migration 0018) have negative ids.
     */
    movement: bigint('movement', { mode: 'bigint' })
      .notNull()
      .default(
        sql`coalesce(nullif(current_setting('sv.movement', true), '')::bigint, set_config('sv.movement', nextval('ledger_movements')::text, true)::bigint)`,
      ),
    /** The valuable moved; kept after the valuable is deleted (no foreign key). */
    valuableId: uuid('valuable_id'),
    assetSymbol: text('asset_symbol'),
    itemName: text('item_name'),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    quantityDelta: amount('quantity_delta'),
    valueDelta: amount('value_delta').notNull(),
    /** What caused it: a trade id, transfer id, withdrawal reference… */
    reference: text('reference'),
    /** The staff member or impersonator who acted, when not the user. */
    actorId: uuid('actor_id'),
    /** Words for the customer with the movement: the description staff gave a cash credit. */
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    // A customer's rows only: the platform's (no user, no valuable) are read by movement, and
    // every posting a trade makes on them would otherwise cost two more index entries.
    index('ledger_entries_user_created_idx')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.userId} is not null`),
    index('ledger_entries_valuable_idx')
      .on(table.valuableId)
      .where(sql`${table.valuableId} is not null`),
    // The balance check at commit reads a movement's postings.
    index('ledger_entries_movement_idx').on(table.movement),
    check('ledger_entries_kind_check', oneOf(table.kind, ledgerKinds)),
    check('ledger_entries_account_check', oneOf(table.account, ledgerAccounts)),
    check(
      'ledger_entries_owner_check',
      sql`(${table.userId} is null) = (${table.account} <> 'customer')`,
    ),
    // The platform's accounts: their positions are sums of these rows (no balance row); staff
    // read the rounding account's.
    index('ledger_entries_platform_idx')
      .on(table.account, table.assetSymbol)
      .where(sql`${table.userId} is null`),
  ],
);

/** First answers of money-moving requests, replayed for a repeated Idempotency-Key (DESIGN §3). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
