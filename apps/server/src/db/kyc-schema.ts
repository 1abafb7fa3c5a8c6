// Identity verification's tables (DESIGN §5): one verification per customer (a missing row is
// "not started") holding the wizard's draft answers with SPEC §3's field names, and the uploaded
// identity documents, whose bytes live encrypted in storage under `storage_key`. Every change
// needs a migration.
import {
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  documentMediaTypes,
  documentSides,
  type KycDraftData,
  type KycStatus,
} from '@secure-vault/shared/kyc';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** The statuses a stored verification takes: 'not_started' is the absence of a row. */
export const storedKycStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;

/** Every status but 'not_started' is stored: a status added to kycStatuses fails here. */
type Unstored = Exclude<KycStatus, 'not_started' | (typeof storedKycStatuses)[number]>;
const _everyKycStatusStored: [Unstored] extends [never] ? true : never = true;

export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: storedKycStatuses }).notNull().default('draft'),
    /** The wizard's screen (kycScreens' index, 0 to 17), where it opens again. */
    step: integer('step').notNull().default(0),
    /**
     * The answers so far (kycDraftDataSchema, built from kycFieldList), each valid on its own when
     * saved: a new field needs no column and no migration.
     */
    data: jsonb('data').$type<KycDraftData>().notNull().default({}),
    /** Country code and number ('+971501234567') the emailed code confirmed, if any. */
    verifiedPhone: text('verified_phone'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    /** The staff member who approved or rejected. */
    decidedBy: uuid('decided_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('kyc_verifications_status_check', oneOf(table.status, storedKycStatuses))],
);

/** One file per side of the identity document; a new upload for a side replaces the old one. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side', { enum: documentSides }).notNull(),
    /** The file name as uploaded, sanitised. */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mediaType: text('media_type', { enum: documentMediaTypes }).notNull(),
    /** Where the encrypted bytes are in document storage. */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kyc_documents_user_side_idx').on(table.userId, table.side),
    check('kyc_documents_side_check', oneOf(table.side, documentSides)),
    check('kyc_documents_media_type_check', oneOf(table.mediaType, documentMediaTypes)),
  ],
);
