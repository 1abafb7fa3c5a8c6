// One movement of the history as its receipt (/history/:id): what it was, when, each line as the
// history list and its CSV show it (shared/history-movements.ts), its state, and for a transfer
// or a request the other side, masked. The figures come from the same grouping and the same
// rounding as the list and the CSV, so a receipt never disagrees with them.
import { z } from 'zod';
import { findAsset, quantityDecimals } from './catalogue.ts';
import { historyEntrySchema, ledgerKinds } from './history.ts';
import type { Movement } from './history-movements.ts';
import { Dec, dec, decimalPlaces, storedScale, usdScale } from './money.ts';
import { cardTypes, transferStatuses, transferTypes } from './transfers.ts';

/** A movement's kind: a journal row's, or `swap` for the two or three rows of a swap. */
export const movementKinds = [...ledgerKinds, 'swap'] as const;

/**
 * A line's worth in whole cents, as the history screen and the CSV show it (DESIGN §2): cash is
 * whole cents already; an asset's exact worth ($99.999945 of gold bought for $100.00) reads
 * "100.00". Half away from zero, and never "-0.00".
 */
export function wholeCents(value: string): string {
  const cents = dec(value).toDecimalPlaces(usdScale, Dec.ROUND_HALF_UP);
  return cents.isZero() ? '0.00' : cents.toFixed(usdScale);
}

/**
 * A listed asset's quantity with the asset's own decimals (3 for metals, 8 for BTC), or more when
 * the stored figure has them (an old holding); a custody item's as stored.
 */
export function assetQuantity(symbol: string | null, quantity: string | null): string | null {
  const asset = symbol ? findAsset(symbol) : undefined;
  if (quantity === null || !asset) return quantity;
  const exact = dec(quantity);
  const decimals = Math.min(
    Math.max(quantityDecimals(asset), decimalPlaces(exact.toFixed())),
    storedScale,
  );
  return exact.isZero() ? '0' : exact.toFixed(decimals);
}

const centsPattern = /^-?\d+\.\d{2}$/;

export const receiptLineSchema = historyEntrySchema.extend({
  /** The line's quantity in its asset's decimals ("1754.385", "-0.00100000"). */
  quantity: z.string().nullable(),
  /** The line's worth in whole cents, exactly as the list and the CSV show it ("100.00"). */
  cents: z.string().regex(centsPattern),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/**
 * The transfer or request a movement belongs to, as its customer sees it: an asset transfer's
 * other side by their masked name and the last four of their account number, a withdrawal's bank
 * by name and the last four of its number, a card deposit's card by brand and last four.
 */
export const receiptTransferSchema = z.object({
  type: z.enum(transferTypes),
  status: z.enum(transferStatuses),
  direction: z.enum(['in', 'out']).nullable(),
  counterpartyName: z.string().nullable(),
  /** "•••• 4321": never the whole number. */
  counterpartyAccount: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  cardType: z.enum(cardTypes).nullable(),
  /** Why staff failed or cancelled it; a `transfers:reasons.*` key when the server gave it. */
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReceiptTransfer = z.infer<typeof receiptTransferSchema>;

export const historyReceiptSchema = z.object({
  /** The movement's id in the history list: the id of its first journal row there. */
  id: z.uuid(),
  kind: z.enum(movementKinds),
  createdAt: z.string(),
  reference: z.string().nullable(),
  /** The transfer's or request's state; a movement without one is done once journaled. */
  status: z.enum(transferStatuses),
  /** Asset lines first, cash last, as the list has them. */
  lines: z.array(receiptLineSchema),
  transfer: receiptTransferSchema.nullable(),
});
export type HistoryReceipt = z.infer<typeof historyReceiptSchema>;

/** A movement of the list as its receipt's lines. */
export function receiptLines(movement: Movement): ReceiptLine[] {
  return movement.legs.map((leg) => ({
    ...leg,
    quantity: assetQuantity(leg.assetSymbol, leg.quantityDelta),
    cents: wholeCents(leg.valueDelta),
  }));
}
