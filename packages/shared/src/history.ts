// The journal as customers read it (/history): every movement of their holdings and cash.
import { z } from 'zod';
import { decimalPattern } from './money.ts';

export const ledgerKinds = [
  'buy',
  'sell',
  'swap_out',
  'swap_in',
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
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** The filter groups of the history screen, and which kinds each covers. */
export const historyGroups = {
  purchases: ['buy', 'swap_in'],
  sales: ['sell', 'swap_out'],
  transfers: ['transfer_out', 'transfer_in'],
  depositsAndWithdrawals: ['deposit', 'withdrawal', 'refund', 'asset_to_cash'],
  fixedTerms: ['fixed_term_start', 'fixed_term_profit', 'fixed_term_end'],
  deliveries: ['delivery'],
  staffAdjustments: ['admin_add', 'admin_edit', 'admin_delete'],
} as const satisfies Record<string, readonly LedgerKind[]>;
export type HistoryGroup = keyof typeof historyGroups;

const decimalString = z.string().regex(decimalPattern);

export const historyEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ledgerKinds),
  assetSymbol: z.string().nullable(),
  itemName: z.string().nullable(),
  quantityDelta: decimalString.nullable(),
  valueDelta: decimalString,
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyQuerySchema = z.strictObject({
  group: z.enum(Object.keys(historyGroups) as [HistoryGroup, ...HistoryGroup[]]).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** The export takes the same filters as the list, without paging: every matching row. */
export const historyExportQuerySchema = historyQuerySchema.omit({ cursor: true, limit: true });
export type HistoryExportQuery = z.input<typeof historyExportQuerySchema>;

/**
 * Counts over the date range (`from`/`to`), whatever `group` the list is filtered by, so filter
 * tabs keep their numbers. A count is of transactions, not journal rows: a buy writes two rows
 * (cash out, asset in) under one reference and counts once; a swap counts once in `total` and
 * once each in purchases and sales. Dates are whole days in UTC.
 */
export const historySummarySchema = z.object({
  total: z.number().int(),
  purchases: z.number().int(),
  sales: z.number().int(),
  transfers: z.number().int(),
  depositsAndWithdrawals: z.number().int(),
  staffAdjustments: z.number().int(),
});

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
  summary: historySummarySchema,
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

// ── Trades (POST /api/v1/trades, /api/v1/swaps with an Idempotency-Key header) ──────────
export const tradeResultSchema = z.object({
  side: z.enum(['buy', 'sell']),
  asset: z.string(),
  quantity: decimalString,
  price: decimalString,
  total: decimalString,
  cashBalance: decimalString,
  holdingQuantity: decimalString,
  /** The trade id, on every journal row of the trade (history's `reference`). */
  reference: z.string(),
});
export type TradeResult = z.infer<typeof tradeResultSchema>;

export const swapResultSchema = z.object({
  from: z.object({ asset: z.string(), quantity: decimalString, value: decimalString }),
  to: z.object({ asset: z.string(), quantity: decimalString, value: decimalString }),
  /** The part of the value too small for one step of the target asset, credited as cash. */
  cashRemainder: decimalString,
  cashBalance: decimalString,
  /** The swap id, on every journal row of the swap. */
  reference: z.string(),
});
export type SwapResult = z.infer<typeof swapResultSchema>;

export const idempotencyHeader = 'idempotency-key';
/** 8 to 100 visible ASCII characters; a fresh `crypto.randomUUID()` per user action fits. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{8,100}$/;
/** Set on a response that repeats the stored first answer to the same key. */
export const idempotentReplayHeader = 'idempotent-replayed';
