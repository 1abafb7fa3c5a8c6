// Banking's tables (SPEC §3 bank_accounts, §5 bank registration): the bank accounts a customer
// registered, with an emailed code and under the approved KYC name, to withdraw cash to. The same
// IBAN is registered once per customer. Every change needs a migration.
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

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
