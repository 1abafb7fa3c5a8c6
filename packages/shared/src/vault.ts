// The vault: profiles, valuables (holdings), the summary, and staff management of them
// (SPEC §3, DESIGN §2). JSON is camelCase; amounts and quantities are decimal strings.
import { z } from 'zod';
import { usdAmount } from './contract-schemas.ts';
import { decimalPattern } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';

/** Item types of the admin form (SPEC §3) plus `cash`; trading adds `crypto`. */
export const custodyItemTypes = [
  'jewelry',
  'electronics',
  'artwork',
  'documents',
  'collectibles',
  'precious_metals',
  'fund_transfer',
  'inheritance',
  'donations',
  'other',
] as const;
export const itemTypes = [...custodyItemTypes, 'cash', 'crypto'] as const;
export type ItemType = (typeof itemTypes)[number];
/** What staff may choose in Valuables Management. */
export const adminItemTypes = [...custodyItemTypes, 'cash'] as const;

/** `reserved`: held for an open limit order (orders.ts); no other movement can spend it. */
export const valuableStatuses = [
  'active',
  'locked',
  'in_delivery',
  'reserved',
  'delivered',
] as const;
export type ValuableStatus = (typeof valuableStatuses)[number];

/** The unit of a traded position's quantity: metals in milligrams, crypto in units. */
export const valuableUnits = ['mg', 'units'] as const;
export type ValuableUnit = (typeof valuableUnits)[number];

const decimalString = z.string().regex(decimalPattern);
/** A USD amount a person types: at most 2 decimals, may be negative (SPEC §3 reductions). */
export const usdInputSchema = z
  .string('vault:errors.amountInvalid')
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'vault:errors.amountInvalid');

export const profileSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  bookBalance: decimalString,
  kycCompleted: z.boolean(),
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  streetAddress: z.string().nullable(),
  postalCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const valuableSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  itemName: z.string(),
  itemType: z.enum(itemTypes),
  estimatedValue: decimalString.nullable(),
  description: z.string().nullable(),
  storageLocation: z.string().nullable(),
  assetSymbol: z.string().nullable(),
  quantity: decimalString.nullable(),
  unit: z.enum(valuableUnits).nullable(),
  status: z.enum(valuableStatuses),
  dateStored: z.string(),
  createdAt: z.string(),
});
export type Valuable = z.infer<typeof valuableSchema>;

export const allocationEntrySchema = z.object({
  itemType: z.enum(itemTypes),
  value: decimalString,
});

export const summarySchema = z.object({
  cashBalance: usdAmount,
  bookBalance: usdAmount,
  /** Sum of the estimated values of the valuables still in the vault (SPEC §9). */
  totalNetWorth: decimalString,
  allocation: z.array(allocationEntrySchema),
});
export type Summary = z.infer<typeof summarySchema>;

// ── Staff ────────────────────────────────────────────────────────────────────────────────
export const adminUserSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bookBalance: decimalString,
  /**
   * The staff member who recorded the pending book balance and when (DESIGN §5): another one
   * approves or rejects it. Null when nothing is pending, or for a balance recorded before
   * approvals existed.
   */
  bookBalanceRecordedBy: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  bookBalanceRecordedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminValuableSchema = valuableSchema.extend({ userEmail: z.string() });
export type AdminValuable = z.infer<typeof adminValuableSchema>;

const optionalText = (text: z.ZodString, max: number) =>
  text
    .max(max, 'vault:errors.tooLong')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/**
 * A book balance staff propose with a valuable (SPEC §5 "Admin add/edit valuable"): dollars
 * above zero with at most 2 decimals, or none. It is a proposal of its own, the Book Balance
 * tab's, approved or rejected apart from the valuable's but made in the same transaction.
 */
const bookBalanceInvalid = 'admin:valuables.errors.bookBalanceInvalid';
const proposedBookBalanceSchema = z
  .string(bookBalanceInvalid)
  .trim()
  // No sign: a proposal of a negative book balance goes through the Book Balance tab.
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: bookBalanceInvalid, abort: true })
  .refine((value) => /[1-9]/.test(value), bookBalanceInvalid);

export const adminValuableInputSchema = z.strictObject({
  userId: z.uuid('vault:errors.selectUser'),
  itemName: singleLineText('vault:errors.itemNameRequired')
    .min(1, 'vault:errors.itemNameRequired')
    .max(200, 'vault:errors.tooLong'),
  itemType: z.enum(adminItemTypes, 'vault:errors.itemTypeRequired'),
  estimatedValue: usdInputSchema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** Shown as a paragraph, so it may run over several lines; the other texts are one line. */
  description: optionalText(multiLineText(), 2000),
  storageLocation: optionalText(singleLineText(), 200),
  /** None (null or left out) proposes no book balance. */
  bookBalance: proposedBookBalanceSchema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type AdminValuableInput = z.input<typeof adminValuableInputSchema>;

export const adminValuableUpdateSchema = adminValuableInputSchema.omit({ userId: true });
export type AdminValuableUpdate = z.input<typeof adminValuableUpdateSchema>;

export const bookBalanceInputSchema = z.strictObject({ bookBalance: usdInputSchema });

/**
 * Approving or rejecting a pending book balance names the amount the staff member saw: if
 * another was recorded meanwhile, the decision is refused (CONFLICT) rather than applied to it.
 */
export const bookBalanceDecisionInputSchema = z.strictObject({ amount: usdInputSchema });

export const bookBalanceDecisionSchema = z.object({
  userId: z.uuid(),
  decision: z.enum(['approved', 'rejected']),
  amount: decimalString,
  /** The customer's cash after an approval credited it; null after a rejection. */
  cash: decimalString.nullable(),
});
export type BookBalanceDecision = z.infer<typeof bookBalanceDecisionSchema>;

export const platformNetWorthSchema = z.object({
  total: decimalString,
  bookBalances: decimalString,
  valuables: decimalString,
  /** The platform's rounding account: every sub-cent cash and value moved apart (DESIGN §2). */
  rounding: decimalString,
});

export const userNetWorthSchema = z.object({
  rank: z.number().int(),
  userId: z.uuid(),
  email: z.string(),
  bookBalance: decimalString,
  valuableValue: decimalString,
  totalNetWorth: decimalString,
});
export type UserNetWorth = z.infer<typeof userNetWorthSchema>;

// ── Additions for the vault API ──────────────────────────────────────────────────────────
/** GET /api/v1/me/valuables: the dashboard's default is date stored, newest first. */
export const valuableOrders = ['dateStored', 'createdAt', 'itemName'] as const;
export const valuablesQuerySchema = z.strictObject({
  /** Leave out the cash position (screens that pick an asset to move). */
  excludeCash: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** dateStored and createdAt: newest first; itemName: A to Z. */
  orderBy: z.enum(valuableOrders).default('dateStored'),
});
export type ValuablesQuery = z.input<typeof valuablesQuerySchema>;

/**
 * Message keys the server sends in `issues` beyond the schemas' own: cash added by staff must be
 * a positive amount, an edit of the cash position needs an amount, and the cash position keeps
 * type `cash` while nothing else may become `cash`.
 */
export const vaultIssueKeys = {
  cashAmountPositive: 'vault:errors.cashAmountPositive',
  cashAmountRequired: 'vault:errors.cashAmountRequired',
  cashTypeFixed: 'vault:errors.cashTypeFixed',
} as const;
