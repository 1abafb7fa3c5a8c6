// Banking's tables (SPEC §3 bank_accounts, §5 bank registration): the bank accounts a customer
// registered, with an emailed code and under the approved KYC name, to withdraw cash to. The same
// IBAN is registered once per customer; and the other customers' account numbers a customer saved
// as recipients of transfers, each once, under a nickname. Every change needs a migration.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '@secure-vault/shared/i18n';
import { cardTypes, transferStatuses, transferTypes } from '@secure-vault/shared/transfers';
import { nicknameMaxLength } from '@secure-vault/shared/banking/recipients';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const amount = (name: string) => numeric(name, { precision: 30, scale: 8 });

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** In electronic format (no spaces, upper case), as bankAccountInputSchema leaves it. */
    iban: text('iban').notNull(),
    swiftCode: text('swift_code').notNull(),
    branch: text('branch').notNull(),
    /** Registration checks the emailed code and the name, so a saved account is verified. */
    isVerified: boolean('is_verified').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('bank_accounts_user_id_idx').on(table.userId),
    unique('bank_accounts_user_iban_unique').on(table.userId, table.iban),
  ],
);

/**
 * Every asset transfer, deposit, withdrawal and asset-to-cash request (SPEC §3's five record
 * kinds in one table, decision 015), so Transfer Management reads one list and every request has
 * one lifecycle: pending → completed | failed | cancelled, a final state final (DESIGN §5). The
 * money it moves is in the journal under `reference` (or the id); `user_id` is the customer who
 * asked (the sender of an asset transfer).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: transferTypes }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: transferStatuses }).notNull(),
    /** Dollars: the cash asked for, or the value an asset transfer moved. */
    amount: amount('amount').notNull(),
    /** TXN… (deposits) or WTH… (withdrawals), SPEC §9; null for the others. */
    reference: text('reference').unique(),
    /** The receiver of an asset transfer. */
    counterpartyId: uuid('counterparty_id').references(() => users.id, { onDelete: 'set null' }),
    counterpartyAccountNumber: text('counterparty_account_number'),
    /**
     * Confirmation of payee, kept as shown: the receiver's masked name (what the sender saw) and
     * the sender's (what the receiver sees). Masked, so the list never shows a whole name.
     */
    userMaskedName: text('user_masked_name'),
    counterpartyMaskedName: text('counterparty_masked_name'),
    valuableId: uuid('valuable_id'),
    itemName: text('item_name'),
    assetSymbol: text('asset_symbol'),
    quantity: amount('quantity'),
    /** The withdrawal's bank account, and its name and number as they were when asked. */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, {
      onDelete: 'set null',
    }),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    cardLastFour: text('card_last_four'),
    cardType: text('card_type', { enum: cardTypes }),
    reason: text('reason'),
    /** The language the customer asked in: their emails about it are in it. */
    language: text('language', { enum: languages }).notNull().default('en'),
    /**
     * The staff member who made the request while signed in as the customer (DESIGN §4: an
     * impersonation is the staff member's own act): they may not decide it.
     */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('transfers_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('transfers_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('transfers_counterparty_idx').on(table.counterpartyId),
    index('transfers_pending_bank_account_idx')
      .on(table.bankAccountId)
      .where(sql`${table.status} = 'pending'`),
    check('transfers_type_check', oneOf(table.type, transferTypes)),
    check('transfers_status_check', oneOf(table.status, transferStatuses)),
    check(
      'transfers_card_type_check',
      sql`${table.cardType} is null or ${oneOf(table.cardType, cardTypes)}`,
    ),
    check('transfers_language_check', oneOf(table.language, languages)),
    check('transfers_amount_positive', sql`${table.amount} >= 0`),
  ],
);

/**
 * A customer's saved recipients (migration 0027): another customer's account number under a
 * nickname the customer chose. Only the number is kept, never who holds it: picking one asks
 * confirmation of payee again. The count per customer is held by the service under the
 * customer's profile row lock; the nickname's length is held here too.
 */
export const savedRecipients = pgTable(
  'saved_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountNumber: text('account_number').notNull(),
    nickname: text('nickname').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('saved_recipients_user_account_unique').on(table.userId, table.accountNumber),
    check(
      'saved_recipients_nickname_length',
      sql`char_length(${table.nickname}) between 1 and ${sql.raw(String(nicknameMaxLength))}`,
    ),
  ],
);
