// The journal as customers read it (/history): every movement of their holdings and cash.
import { z } from 'zod';
import { usdAmount } from './contract-schemas.ts';
import { languages } from './i18n.ts';
import { decimalPattern } from './money.ts';

export const ledgerKinds = [
  'buy',
  'sell',
  'swap_out',
  'swap_in',
  /** Whole cents left from a swap's proceeds after buying the target, back to cash. */
  'swap_cash',
  'transfer_out',
  'transfer_in',
  'deposit',
  'withdrawal',
  'refund',
  'asset_to_cash',
  'fixed_term_start',
  'fixed_term_profit',
  'fixed_term_end',
  'delivery',
  'admin_add',
  'admin_edit',
  'admin_delete',
  /** A book balance one staff member recorded and another approved, credited to cash. */
  'book_balance',
  /** Cash brought to whole cents (migration 0006); on the platform's side, every sub-cent. */
  'rounding',
  /** Cash or a quantity set aside for an open limit order (orders.ts), within the customer's vault. */
  'order_reserve',
  /** What an order set aside, back to the holding it came from: cancelled, expired, or a buy's unused cash. */
  'order_release',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * Whose side a journal row (a posting) is on (decision 021): a customer's holding, or one of the
 * platform's accounts, which have no customer. Every movement's postings sum to zero per asset.
 */
export const ledgerAccounts = [
  'customer',
  /** The other side of buys, sells, swaps and asset to cash. */
  'trading_book',
  /** Sub-cents a movement moved apart from its whole-cent cash, taken from the trading book. */
  'rounding',
  /** Outside the platform: deposits, withdrawals and refunds, staff cash, book balances, deliveries. */
  'world',
  /** Where fixed-term profit comes from. */
  'interest',
  /** Custody items staff take in, revalue and remove. */
  'custody_intake',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/** The history screen's filter groups, in its order. */
export const historyGroupNames = [
  'purchases',
  'sales',
  'swaps',
  'transfers',
  'depositsAndWithdrawals',
  'fixedTerms',
  'deliveries',
  'staffAdjustments',
  'rounding',
  'orders',
] as const;
export type HistoryGroup = (typeof historyGroupNames)[number];

/**
 * The filter groups of the history screen, and which kinds each covers. They partition the kinds
 * (each kind in exactly one group), so every transaction falls in one group and the summary's
 * group counts add up to its total: a swap is a swap, not a purchase and a sale.
 */
export const historyGroups = {
  purchases: ['buy'],
  sales: ['sell'],
  swaps: ['swap_out', 'swap_in', 'swap_cash'],
  transfers: ['transfer_out', 'transfer_in'],
  depositsAndWithdrawals: ['deposit', 'withdrawal', 'refund', 'asset_to_cash'],
  fixedTerms: ['fixed_term_start', 'fixed_term_profit', 'fixed_term_end'],
  deliveries: ['delivery'],
  staffAdjustments: ['admin_add', 'admin_edit', 'admin_delete', 'book_balance'],
  rounding: ['rounding'],
  orders: ['order_reserve', 'order_release'],
} as const satisfies Record<HistoryGroup, readonly LedgerKind[]>;

const decimalString = z.string().regex(decimalPattern);

export const historyEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ledgerKinds),
  assetSymbol: z.string().nullable(),
  itemName: z.string().nullable(),
  quantityDelta: decimalString.nullable(),
  /** Dollars: cash in cents ("-70.38"), an asset's exact worth with its digits ("99.999945"). */
  valueDelta: usdAmount,
  reference: z.string().nullable(),
  /** The description staff gave a cash credit or change, for the customer. */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * The days a filter may name (issue 9, finding 4). Far wider than any journal, and narrow enough
 * that every day in it, and the day after `to`, is an exact timestamp to JavaScript and to
 * PostgreSQL (year 0 is not a year to PostgreSQL; the day after 9999-12-31 is not ISO 8601).
 */
export const historyDateRange = { min: '1900-01-01', max: '2999-12-31' } as const;

/** For a day already in YYYY-MM-DD form, whose strings sort as their days do. */
export function isHistoryDateInRange(day: string): boolean {
  return day >= historyDateRange.min && day <= historyDateRange.max;
}

const historyDate = z.iso
  .date('history:errors.dateInvalid')
  .refine(isHistoryDateInRange, 'history:errors.dateRange');

/**
 * A `from` after `to` is not refused: it is a valid filter that nothing matches, and the history
 * screen says so beside the dates rather than showing a failed load.
 */
export const historyQuerySchema = z.strictObject({
  group: z.enum(historyGroupNames).optional(),
  from: historyDate.optional(),
  to: historyDate.optional(),
  /** Opaque to the client: base64url that the server decodes and checks in full. */
  cursor: z
    .string()
    .regex(/^[\w-]{1,200}$/, 'history:errors.cursorInvalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/**
 * The export takes the same filters as the list, without paging: every matching row; its header
 * and labels are in `language` (the page's), or the browser's first supported language.
 */
export const historyExportQuerySchema = historyQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({ language: z.enum(languages).optional() });
export type HistoryExportQuery = z.input<typeof historyExportQuerySchema>;

/**
 * Counts over the date range (`from`/`to`), whatever `group` the list is filtered by, so filter
 * tabs keep their numbers. A count is of transactions, not journal rows: a buy writes two rows
 * (cash out, asset in) under one reference and counts once; a swap counts once, as a swap. The
 * groups partition the transactions, so they add up to `total`. Dates are whole days in UTC.
 */
export const historySummarySchema = z.object({
  total: z.number().int(),
  purchases: z.number().int(),
  sales: z.number().int(),
  swaps: z.number().int(),
  transfers: z.number().int(),
  depositsAndWithdrawals: z.number().int(),
  fixedTerms: z.number().int(),
  deliveries: z.number().int(),
  staffAdjustments: z.number().int(),
  rounding: z.number().int(),
  orders: z.number().int(),
} satisfies Record<'total' | HistoryGroup, z.ZodNumber>);
export type HistorySummary = z.infer<typeof historySummarySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
  summary: historySummarySchema,
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
