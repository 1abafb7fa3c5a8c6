// The database schema. Every change here needs a migration: `npm run db:generate`.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    enquiry: text('enquiry').notNull(),
    language: text('language').notNull(),
    /** A keyed hash of the sender's address, only for rate limiting. */
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_ip_hash_created_at_idx').on(table.ipHash, table.createdAt)],
);

/** Mail kept by the development outbox transport (DESIGN §5). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_to_created_at_idx').on(table.to, table.createdAt)],
);
