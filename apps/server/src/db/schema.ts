// The database schema. Every change here needs a migration: `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '@secure-vault/shared/i18n';
import { oneOf } from './one-of.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    enquiry: text('enquiry').notNull(),
    language: text('language', { enum: languages }).notNull(),
    /** A keyed hash of the sender's address, only for rate limiting. */
    ipHash: text('ip_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_ip_hash_created_at_idx').on(table.ipHash, table.createdAt),
    check('contact_messages_language_check', oneOf(table.language, languages)),
  ],
);

/** Mail kept by the development outbox transport (DESIGN §5). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order mail was kept in. Two mails can share `created_at` (PGlite's clock counts whole
     * milliseconds), and "newest first" must still name the later one.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_to_seq_idx').on(table.to, table.seq)],
);

/**
 * Every mail, kept before it is sent and until it is (DESIGN §5, mail/mailer.ts): a send that
 * fails — the mail server down, a timeout — is tried again with backoff by every process's job
 * runner, and a message that keeps failing is kept with its error. `next_attempt_at` is also the
 * lease of the process sending it: a process that died mid-send leaves it to the others once it
 * has passed. The id is the message's Message-ID, so a copy sent twice is one message to readers.
 * Once sent, its text is cleared: it may hold a one-time code or a sign-in link.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    /** Why the last attempt failed, without the mail server's words (they quote the address). */
    lastError: text('last_error'),
    /** The request that queued it (request-context.ts): its attempts log under that id. */
    requestId: text('request_id'),
    /**
     * Queued by a SQL function in the change's own transaction (mail/sql/mail_enqueue.sql): the
     * template it is rendered from when sent (mail/templated.ts), with its data; subject and text
     * are filled then. Null for a message queued already rendered.
     */
    template: text('template'),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('mail_queue_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.givenUpAt} is null`),
    // The sent messages by age, for the purge (mail/purge-sent-mail.ts).
    index('mail_queue_sent_at_idx')
      .on(table.sentAt)
      .where(sql`${table.sentAt} is not null`),
    check('mail_queue_attempts_check', sql`${table.attempts} >= 0`),
  ],
);

// ── Accounts and security (DESIGN §4) ────────────────────────────────────────────────────────
// Every time column is written from ctx.clock, never from the database's now(), so tests can
// move time; the defaults only cover rows written by hand.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased and trimmed (emailSchema). */
  email: text('email').notNull().unique(),
  /** argon2id, PHC string. */
  passwordHash: text('password_hash').notNull(),
  /** The authenticator secret, sealed with DATA_KEY; set once two-factor is on. */
  totpSecret: text('totp_secret'),
  /** A secret shown by totp/setup and not yet confirmed by a code. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last 30-second step a code was accepted for, so a code works only once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check('user_roles_role_check', oneOf(table.role, roles)),
  ],
);

/** SPEC §3 profiles; one per user, created when the sign-up code is verified. */
export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name'),
    bookBalance: numeric('book_balance').notNull().default('0'),
    /**
     * Who recorded the pending book balance, and when (DESIGN §5 "Book balance"): another staff
     * member approves it into cash or rejects it. Null when nothing is pending, or for a balance
     * recorded before approvals existed (any staff member may decide that one).
     */
    bookBalanceRecordedBy: uuid('book_balance_recorded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    bookBalanceRecordedAt: timestamptz('book_balance_recorded_at'),
    kycCompleted: boolean('kyc_completed').notNull().default(false),
    dateOfBirth: date('date_of_birth'),
    country: text('country'),
    city: text('city'),
    streetAddress: text('street_address'),
    postalCode: text('postal_code'),
    phoneNumber: text('phone_number'),
    /** 10 digits, random, the last a Luhn check digit. */
    accountNumber: text('account_number').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('profiles_account_number_check', sql`${table.accountNumber} ~ '^[0-9]{10}$'`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** The absolute end: 30 days after sign-in, 30 minutes for an impersonation. */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
    /** The staff member, when this session is an impersonation. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member's own session, given back when the impersonation ends. */
    restoreSessionId: uuid('restore_session_id'),
    /**
     * When this session passed a second factor (an authenticator or recovery code at sign-in or
     * password reset, or the first code when two-factor was turned on in it); staff routes need it.
     */
    secondFactorAt: timestamptz('second_factor_at'),
    /**
     * When the customer last gave their password in this session (its sign-in, or confirming it
     * again); security settings change only within `confirmationLifetimeMs` of it. Never for an
     * impersonation: staff do not know the customer's password.
     */
    passwordConfirmedAt: timestamptz('password_confirmed_at'),
    /**
     * When this session was proven with one of the account's passkeys (signing in with it, or
     * as its second factor): staff tools need it when STAFF_PASSKEY=required.
     */
    passkeyAt: timestamptz('passkey_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId, table.createdAt)],
);

/** Sign-ups waiting for their emailed code; the account exists only once it is verified. */
export const pendingSignUps = pgTable('pending_sign_ups', {
  email: text('email').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** What an emailed code is for (auth/one-time-codes.ts): sign-up now, KYC and bank later. */
export const codePurposes = ['sign_up', 'kyc', 'bank_registration'] as const;

/** Emailed 6-digit codes, bound to a purpose and an address (sign-up, later KYC and bank). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    email: text('email').notNull(),
    /** HMAC-SHA256 of the code under DATA_KEY. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('one_time_codes_purpose_email_idx').on(table.purpose, table.email, table.createdAt),
    check('one_time_codes_purpose_check', oneOf(table.purpose, codePurposes)),
  ],
);

/** The last time a code was sent for a purpose and address: the 60-second resend rule. */
export const codeSends = pgTable(
  'code_sends',
  {
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    email: text('email').notNull(),
    lastSentAt: timestamptz('last_sent_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.purpose, table.email] }),
    check('code_sends_purpose_check', oneOf(table.purpose, codePurposes)),
  ],
);

/** What a single-use link is for (auth/auth-tokens.ts). */
export const authTokenPurposes = ['password_reset', 'impersonation'] as const;

/** Single-use links: password reset (30 minutes) and impersonation (60 seconds). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: authTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member who asked for an impersonation link, and the session they asked from. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    actorSessionId: uuid('actor_session_id'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('auth_tokens_user_id_idx').on(table.userId, table.purpose),
    check('auth_tokens_purpose_check', oneOf(table.purpose, authTokenPurposes)),
  ],
);

/** Two-factor recovery codes, each usable once in place of an authenticator code. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * Counted events for rate limits (sign-in failures, code sends, reset requests). Kept in the
 * database so every server instance counts the same (DESIGN §8); keys are keyed hashes.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('rate_limit_events_bucket_key_created_at_idx').on(
      table.bucket,
      table.key,
      table.createdAt,
    ),
  ],
);

/** Security events and staff actions, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    subjectUserId: uuid('subject_user_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_subject_user_id_created_at_idx').on(table.subjectUserId, table.createdAt),
    index('audit_log_actor_id_created_at_idx').on(table.actorId, table.createdAt),
  ],
);
