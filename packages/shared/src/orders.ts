// Limit orders (issue 29): buy a quantity of an asset at or below a price, or sell one at or
// above it, good until cancelled or until the end of a chosen day (UTC). While an order is open,
// what it needs is reserved: a buy's cash at its limit (quantity × limit, rounded up to the cent),
// a sell's quantity — split off the customer's holding as a reserved row of their own vault, which
// no other movement can spend (decision 031). When the book's price on the order's side crosses
// the limit the order fills once, whole, at the book's price (the limit or better), in one ledger
// movement; a buy's unused reservation comes back to cash with it. Cancelling or expiring releases
// the reservation.
import { z } from 'zod';
import { type Asset, quantityDecimals } from './catalogue.ts';
import { centsUp, dec, decimalPattern, decimalPlaces, toFixedString } from './money.ts';
import { isBookPrice } from './prices.ts';
import { assetSymbolSchema, maximumTotalUsd, minimumOrderUsd, valueAt } from './trading.ts';

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];

export const orderStatuses = ['open', 'filled', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** How many orders a customer may have open at once. */
export const maxOpenOrders = 100;
/** How far ahead an order may be good until. */
export const maxOrderDays = 365;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists. */
function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** When an order good until `day` expires: the end of that day, UTC. */
export function orderExpiry(day: string): Date {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000);
}

export const limitOrderInputSchema = z.strictObject({
  symbol: assetSymbolSchema,
  side: z.enum(orderSides, 'trading:orders.errors.sideRequired'),
  /** mg (metals) or units (crypto), within the asset's quantity decimals. */
  quantity: z
    .string('trading:orders.errors.quantityInvalid')
    .trim()
    .max(40, 'trading:orders.errors.quantityInvalid')
    .regex(decimalPattern, 'trading:orders.errors.quantityInvalid'),
  /** The limit, per mg or unit: a buy fills at or below it, a sell at or above it. */
  limitPrice: z
    .string('trading:orders.errors.limitInvalid')
    .trim()
    .max(40, 'trading:orders.errors.limitInvalid')
    .refine(isBookPrice, 'trading:orders.errors.limitInvalid'),
  /** The last day (UTC) it is good for; null: until cancelled. */
  goodUntil: z
    .string('trading:orders.errors.dateInvalid')
    .refine(isCalendarDate, 'trading:orders.errors.dateInvalid')
    .nullable(),
});
export type LimitOrderInput = z.input<typeof limitOrderInputSchema>;

export type OrderTermsError = 'QUANTITY_INVALID' | 'BELOW_MINIMUM' | 'TOO_LARGE';

/**
 * What an order reserves, checked as the server checks it: a buy's cash (quantity × limit rounded
 * up to the cent), a sell's quantity. The quantity must be within the asset's decimals and worth
 * at least the minimum order at its limit.
 */
export function orderReservation(
  asset: Asset,
  order: { side: OrderSide; quantity: string; limitPrice: string },
): { ok: true; quantity: string; reserved: string } | { ok: false; error: OrderTermsError } {
  const scale = quantityDecimals(asset);
  if (
    !decimalPattern.test(order.quantity) ||
    order.quantity.startsWith('-') ||
    decimalPlaces(order.quantity) > scale ||
    !dec(order.quantity).greaterThan(0)
  ) {
    return { ok: false, error: 'QUANTITY_INVALID' };
  }
  const quantity = dec(order.quantity);
  const value = valueAt(quantity, dec(order.limitPrice));
  if (value.greaterThan(maximumTotalUsd)) return { ok: false, error: 'TOO_LARGE' };
  if (value.lessThan(minimumOrderUsd)) return { ok: false, error: 'BELOW_MINIMUM' };
  return {
    ok: true,
    quantity: toFixedString(quantity),
    reserved: order.side === 'buy' ? toFixedString(centsUp(value), 2) : toFixedString(quantity),
  };
}

/** Whether the book's price on the order's side has reached its limit. */
export function crossesLimit(side: OrderSide, limitPrice: string, bookPrice: string): boolean {
  return side === 'buy'
    ? dec(bookPrice).lessThanOrEqualTo(limitPrice)
    : dec(bookPrice).greaterThanOrEqualTo(limitPrice);
}

export const limitOrderSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  side: z.enum(orderSides),
  quantity: z.string(),
  limitPrice: z.string(),
  /** What is held for it while open: dollars for a buy, the quantity for a sell. */
  reserved: z.string(),
  status: z.enum(orderStatuses),
  /** When it stops being good (the end of its last day, UTC); null: until cancelled. */
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** When it filled, was cancelled or expired; null while open. */
  closedAt: z.iso.datetime().nullable(),
  /** The book's price it filled at (the limit or better); null unless filled. */
  fillPrice: z.string().nullable(),
  /** The cash it paid or received, in whole cents; null unless filled. */
  fillTotal: z.string().nullable(),
});
export type LimitOrder = z.infer<typeof limitOrderSchema>;

export const limitOrderListSchema = z.object({
  /** Open orders first (newest first), then the last 50 closed ones (newest first). */
  items: z.array(limitOrderSchema),
});
export type LimitOrderList = z.infer<typeof limitOrderListSchema>;

/** The staff view of the open orders of one asset. */
export const openOrdersSchema = z.object({
  symbol: z.string(),
  items: z.array(
    limitOrderSchema.extend({
      email: z.string(),
    }),
  ),
  /** Dollars reserved by the open buys, and the quantity by the open sells. */
  reservedCash: z.string(),
  reservedQuantity: z.string(),
});
export type OpenOrders = z.infer<typeof openOrdersSchema>;
