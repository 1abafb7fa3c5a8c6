// Money in, out and across (SPEC §2 /transfer-assets, /inter-accounts, /withdrawal and admin
// Transfer Management, §3, §4, §5, §9; DESIGN §5): asset transfers between customers, card and
// bank-transfer deposits, withdrawals to a registered bank account and asset-to-cash requests.
// Every one is a row of one kind of record, a "transfer", with one lifecycle: requests are
// pending until staff make them completed, failed or cancelled, and a final state is final
// (we differ from SPEC on purpose: each effect happens exactly once). Messages are locale keys
// of the `transfers` namespace.
import { z } from 'zod';
import { accountNumberLength, isValidAccountNumber } from './auth.ts';
import { decimalPattern } from './money.ts';
import { singleLineText } from './text.ts';

const decimalString = z.string().regex(decimalPattern);

export const transferTypes = [
  'asset_transfer',
  'card_deposit',
  'bank_deposit',
  'withdrawal',
  'asset_to_cash',
] as const;
export type TransferType = (typeof transferTypes)[number];

/** SPEC §4 transfer status. */
export const transferStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** What staff may set a pending request to: every final state (DESIGN §5). */
export const finalTransferStatuses = ['completed', 'failed', 'cancelled'] as const;
export type FinalTransferStatus = (typeof finalTransferStatuses)[number];

/** SPEC §5: Visa if the number starts with 4, Mastercard if 5, otherwise Unknown. */
export const cardTypes = ['Visa', 'Mastercard', 'Unknown'] as const;
export type CardType = (typeof cardTypes)[number];

export function cardTypeOf(cardNumber: string): CardType {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.startsWith('4')) return 'Visa';
  if (digits.startsWith('5')) return 'Mastercard';
  return 'Unknown';
}

/** The Luhn checksum over a card number's digits (the browser checks it; it is never sent). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The largest single request, in dollars: far above any real one, far below numeric(30,8). */
export const maximumRequestUsd = '1000000000';

/**
 * A cash amount in whole cents, above zero and at most `maximumRequestUsd` (SPEC §5 "Amount must
 * be greater than 0." / "Please enter a valid amount").
 */
export const requestAmountSchema = z
  .string('transfers:errors.amountInvalid')
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'transfers:errors.amountInvalid')
  .refine((value) => Number(value) > 0, 'transfers:errors.amountPositive')
  .refine((value) => Number(value) <= Number(maximumRequestUsd), 'transfers:errors.amountTooLarge');

export const accountNumberSchema = z
  .string('transfers:errors.accountNumberLength')
  .trim()
  .regex(new RegExp(`^\\d{${accountNumberLength}}$`), 'transfers:errors.accountNumberLength')
  .refine(isValidAccountNumber, 'transfers:errors.accountNumberCheck');

/** GET /api/v1/transfers/recipient: who a transfer would go to, before it is confirmed. */
export const recipientQuerySchema = z.strictObject({ accountNumber: accountNumberSchema });
export const recipientSchema = z.object({
  accountNumber: z.string(),
  /** Confirmation of payee: the receiver's name masked ("J*** D***"), or their email masked. */
  maskedName: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** A quantity of a traded position (mg or units) or of cash (dollars); decimals checked later. */
const quantitySchema = z
  .string('transfers:errors.quantityInvalid')
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'transfers:errors.quantityInvalid')
  .refine((value) => Number(value) > 0, 'transfers:errors.quantityInvalid');

/**
 * POST /api/v1/transfers. Without `quantity` the whole valuable moves; with it, that part of a
 * traded position (in its unit) or of cash (in dollars, whole cents).
 */
export const transferRequestSchema = z.strictObject({
  receiverAccountNumber: accountNumberSchema,
  valuableId: z.uuid('transfers:errors.assetRequired'),
  quantity: quantitySchema.optional(),
});
export type TransferRequest = z.input<typeof transferRequestSchema>;

/** The server gets the amount, the card's last four and its type: never the number or CVV. */
export const cardDepositRequestSchema = z.strictObject({
  amount: requestAmountSchema,
  cardLastFour: z.string().regex(/^\d{4}$/, 'transfers:errors.cardIncomplete'),
  cardType: z.enum(cardTypes),
});
export type CardDepositRequest = z.input<typeof cardDepositRequestSchema>;

export const bankDepositRequestSchema = z.strictObject({ amount: requestAmountSchema });
export type BankDepositRequest = z.input<typeof bankDepositRequestSchema>;

export const withdrawalRequestSchema = z.strictObject({
  bankAccountId: z.uuid('transfers:errors.bankAccountRequired'),
  amount: requestAmountSchema,
});
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;

export const assetToCashRequestSchema = z.strictObject({ amount: requestAmountSchema });
export type AssetToCashRequest = z.input<typeof assetToCashRequestSchema>;

/** Where a bank-transfer deposit is sent (placeholders, like the public contact details). */
export const platformBankDetails = {
  bankName: 'Secure Vault Custody Bank',
  accountName: 'Secure Vault Client Money',
  iban: 'GB33BUKB20201555555555',
  swiftCode: 'BUKBGB22',
} as const;
export const platformBankDetailsSchema = z.object({
  bankName: z.string(),
  accountName: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
});

/**
 * One transfer as its customer sees it. For an asset transfer `direction` says whether they sent
 * or received it and `counterparty*` name the other side; for a withdrawal `bank*` name the
 * account; for a card deposit `card*` the card.
 */
export const transferSchema = z.object({
  id: z.uuid(),
  type: z.enum(transferTypes),
  status: z.enum(transferStatuses),
  /** Dollars: the cash requested, or the value an asset transfer moved. */
  amount: decimalString,
  /** TXN… for deposits, WTH… for withdrawals (SPEC §9), else null. */
  reference: z.string().nullable(),
  direction: z.enum(['in', 'out']).nullable(),
  counterpartyAccountNumber: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  itemName: z.string().nullable(),
  assetSymbol: z.string().nullable(),
  quantity: decimalString.nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  cardType: z.enum(cardTypes).nullable(),
  /** Why staff failed or cancelled it, or why completing it could not convert. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** A bank-transfer deposit's answer adds where to send the money. */
export const bankDepositSchema = transferSchema.extend({ bankDetails: platformBankDetailsSchema });
export type BankDeposit = z.infer<typeof bankDepositSchema>;

/** SPEC §3's unified row for staff: the customer's, and for an asset transfer the receiver's. */
export const adminTransferSchema = transferSchema.extend({
  userId: z.uuid(),
  userEmail: z.string(),
  userAccountNumber: z.string(),
  counterpartyEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminTransfer = z.infer<typeof adminTransferSchema>;

export const transferPageSize = { default: 25, max: 100 } as const;

export const transferListQuerySchema = z.strictObject({
  type: z.enum(transferTypes).optional(),
  status: z.enum(transferStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(transferPageSize.max)
    .default(transferPageSize.default),
});
export type TransferListQuery = z.input<typeof transferListQuerySchema>;

const statusCountsSchema = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});

/** A page of the list, with the count of every status under the type filter. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    counts: statusCountsSchema,
  });

export const transferPageSchema = pageOf(transferSchema);
export type TransferPage = z.infer<typeof transferPageSchema>;
export const adminTransferPageSchema = pageOf(adminTransferSchema);
export type AdminTransferPage = z.infer<typeof adminTransferPageSchema>;

export const transferParamsSchema = z.strictObject({ id: z.uuid() });
export const adminTransferParamsSchema = z.strictObject({
  type: z.enum(transferTypes),
  id: z.uuid(),
});

export const transferStatusChangeSchema = z.strictObject({
  status: z.enum(finalTransferStatuses),
  /** Shown to the customer with a failed or cancelled request. */
  reason: singleLineText().max(500, 'transfers:errors.reasonTooLong').optional(),
});
export type TransferStatusChange = z.input<typeof transferStatusChangeSchema>;
