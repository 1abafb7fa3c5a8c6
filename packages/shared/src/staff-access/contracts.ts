// What staff did on a customer's account, for that customer (DESIGN §4, issue 15 item 4): the
// times staff signed in as them (start, end and what changed meanwhile), the documents staff
// opened, and the changes staff made to their balance, valuables, password, verification,
// requests and deliveries, newest first. Staff are named by role and a short reference only:
// never their email, name or address.
import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ledgerKinds } from '../history.ts';

const tag = 'staff-access';

/** Entries per page unless the caller asks for another number. */
const staffAccessPageSize = 20;

/**
 * The staff member who acted: always "staff", with the first 8 hex digits of their account id
 * in capitals ("3F9A12C4"), the same every time, so the customer can tell support which one.
 */
const staffSchema = z.object({
  role: z.literal('staff'),
  ref: z.string().regex(/^[0-9A-F]{8}$/),
});

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One thing that changed while staff were signed in as the customer. */
const staffAccessChangeSchema = z.discriminatedUnion('type', [
  /** A movement of the journal: a trade, a swap, a fixed term, a request's money… */
  z.object({
    type: z.literal('movement'),
    at: z.string(),
    movement: z.enum(ledgerKinds),
    assetSymbol: z.string().nullable(),
    itemName: z.string().nullable(),
    quantityDelta: decimal.nullable(),
    valueDelta: decimal,
  }),
  /** A request (a withdrawal…) cancelled as the customer. */
  z.object({
    type: z.literal('request'),
    at: z.string(),
    requestType: z.string(),
    status: z.string(),
    amount: decimal.nullable(),
  }),
  /** A delivery cancelled as the customer. */
  z.object({ type: z.literal('delivery'), at: z.string(), status: z.string() }),
]);

const base = { id: z.uuid(), at: z.string(), staff: staffSchema };

const staffAccessEntrySchema = z.discriminatedUnion('kind', [
  /**
   * Staff signed in as the customer. `endedAt` is null while the session is still open; it ended
   * when staff left it or it was signed out ('ended'), or at its 30-minute limit ('expired').
   */
  z.object({
    ...base,
    kind: z.literal('impersonation'),
    endedAt: z.string().nullable(),
    endReason: z.enum(['ended', 'expired']).nullable(),
    changes: z.array(staffAccessChangeSchema),
    /** Changes beyond those listed (a long session lists its first ones). */
    moreChanges: z.number().int().min(0),
  }),
  /** Staff opened an identity document the customer uploaded. */
  z.object({
    ...base,
    kind: z.literal('document_viewed'),
    side: z.string().nullable(),
    documentType: z.string().nullable(),
  }),
  /** Staff recorded a book balance, or approved or rejected one recorded by another. */
  z.object({
    ...base,
    kind: z.literal('balance_changed'),
    change: z.enum(['set', 'approved', 'rejected']),
    amount: decimal.nullable(),
  }),
  /** Staff added, edited or removed a valuable (cash included). */
  z.object({
    ...base,
    kind: z.literal('valuable_changed'),
    change: z.enum(['added', 'edited', 'deleted']),
    itemName: z.string().nullable(),
    itemType: z.string().nullable(),
    value: decimal.nullable(),
  }),
  /** Staff set a new password for the account. */
  z.object({ ...base, kind: z.literal('password_reset') }),
  /** Staff approved or rejected the identity verification. */
  z.object({ ...base, kind: z.literal('kyc_decided'), decision: z.enum(['approved', 'rejected']) }),
  /** Staff completed, failed or cancelled a deposit, withdrawal or asset-to-cash request. */
  z.object({
    ...base,
    kind: z.literal('request_decided'),
    requestType: z.string().nullable(),
    status: z.string().nullable(),
    amount: decimal.nullable(),
  }),
  /** Staff moved a delivery on or added a tracking record to it. */
  z.object({
    ...base,
    kind: z.literal('delivery_updated'),
    change: z.enum(['status', 'tracking']),
    status: z.string().nullable(),
  }),
]);

export type StaffAccessEntry = z.infer<typeof staffAccessEntrySchema>;
export type StaffAccessChange = z.infer<typeof staffAccessChangeSchema>;
export type StaffAccessKind = StaffAccessEntry['kind'];

const staffAccessPageSchema = z.object({
  entries: z.array(staffAccessEntrySchema),
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type StaffAccessPage = z.infer<typeof staffAccessPageSchema>;

export const getMyStaffAccess = defineContract({
  method: 'GET',
  path: '/api/v1/me/staff-access',
  access: 'user',
  tag,
  summary: 'Staff access to your account, newest first',
  description:
    'Every time staff signed in as you (with what changed meanwhile), opened your documents or changed your account. Staff are named by role and a short reference. Pass `nextCursor` back as `cursor` for the next page.',
  query: z.strictObject({
    /** Opaque to the client: base64url that the server decodes and checks in full. */
    cursor: z
      .string()
      .regex(/^[\w-]{1,200}$/, 'settings:staffAccess.cursorInvalid')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(staffAccessPageSize),
  }),
  status: 200,
  response: staffAccessPageSchema,
  errors: [],
});
