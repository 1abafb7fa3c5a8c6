// The notification centre's tables (DESIGN §5): every notice kept for a customer with its mail
// (notify_customer, mail/sql), the categories a customer chose not to be mailed, and the
// browsers each account has signed in from, so a sign-in from a new one is told. Every change
// needs a migration.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  notificationCategories,
  optionalNotificationCategories,
} from '@secure-vault/shared/notifications';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mail template's name (`transfer_received`…), which words the notice as it words the mail. */
    kind: text('kind').notNull(),
    category: text('category', { enum: notificationCategories }).notNull(),
    /** What the template is rendered from: the mail's own data. */
    data: jsonb('data').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    // The centre pages newest first, and the bell counts the unread, per customer.
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    check('notifications_category_check', oneOf(table.category, notificationCategories)),
  ],
);

/** A category a customer chose not to be mailed; no row means mailed. Security has no row. */
export const notificationMailOptOuts = pgTable(
  'notification_mail_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: optionalNotificationCategories }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    check(
      'notification_mail_opt_outs_category_check',
      oneOf(table.category, optionalNotificationCategories),
    ),
  ],
);

/**
 * The browsers an account has signed in from, each known by a long-lived random cookie of its
 * own (`sv_device`), kept as its SHA-256: a sign-in from one not listed is told to the customer.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
