// Passkeys (WebAuthn, issue 28): each credential an account registered, and the challenges the
// server has issued and not yet seen answered. A challenge is taken (deleted) by the answer that
// uses it, so no answer counts twice. Every change needs a migration.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { passkeyChallengePurposes, passkeyNameMaxLength } from '@secure-vault/shared/passkeys';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The credential's COSE public key, as the authenticator gave it at registration. */
    publicKey: bytea('public_key').notNull(),
    /**
     * The signature counter last seen. An answer must show a higher one (unless the
     * authenticator keeps none, always 0): a lower one is a cloned key.
     */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The customer's own name for it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    /** Synced by its provider (a passkey in a password manager) rather than one device's. */
    isBackedUp: boolean('is_backed_up').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId, table.createdAt),
    check('passkeys_counter_check', sql`${table.counter} >= 0`),
    check(
      'passkeys_name_check',
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(passkeyNameMaxLength))}`,
    ),
  ],
);

export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** The random challenge, base64url: the answer names it in its client data. */
    challenge: text('challenge').primaryKey(),
    /** Whose registration it is; an authentication's challenge belongs to nobody yet. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: passkeyChallengePurposes }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('passkey_challenges_expires_idx').on(table.expiresAt),
    check('passkey_challenges_purpose_check', oneOf(table.purpose, passkeyChallengePurposes)),
    check(
      'passkey_challenges_owner_check',
      sql`(${table.purpose} = 'register') = (${table.userId} is not null)`,
    ),
  ],
);
