// Trade arithmetic shared by the server (which decides) and the web app (which previews).
// A buy by quantity charges quantity × price. A buy by amount takes quantity = amount ÷ price
// rounded down to the asset's quantity decimals and charges quantity × price, a hair under the
// amount at most. Quantity decimals are chosen so quantity × price never needs more than the
// 8 stored decimals (catalogue.ts quantityDecimals).
// A sale credits quantity × price. Every trade therefore conserves value exactly (DESIGN §2).
import { z } from 'zod';
import { type Asset, priceOf, quantityDecimals } from './catalogue.ts';
import { Dec, dec, decimalPattern, decimalPlaces, toFixedString } from './money.ts';
import { singleLineText } from './text.ts';

export const minimumOrderUsd = '0.01';
/** Far above any real order, far below anything that could overflow NUMERIC(30, 8). */
export const maximumQuantity = '1000000000000';
export const maximumTotalUsd = '1000000000000';

export interface Quote {
  quantity: string;
  price: string;
  total: string;
}

export type QuoteError = 'QUANTITY_INVALID' | 'TOTAL_INVALID' | 'BELOW_MINIMUM' | 'TOO_LARGE';

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

function isPositiveDecimal(value: string, maxPlaces: number): boolean {
  return (
    decimalPattern.test(value) &&
    !value.startsWith('-') &&
    decimalPlaces(value) <= maxPlaces &&
    dec(value).greaterThan(0)
  );
}

/** Prices an order given either a quantity or a USD total (≤ 2 decimals). */
export function quote(asset: Asset, order: { quantity?: string; total?: string }): QuoteResult {
  const price = priceOf(asset);
  const scale = quantityDecimals(asset);
  let quantity: Dec;
  if (order.quantity !== undefined) {
    if (!isPositiveDecimal(order.quantity, scale)) return { ok: false, error: 'QUANTITY_INVALID' };
    quantity = dec(order.quantity);
    if (quantity.greaterThan(maximumQuantity)) return { ok: false, error: 'TOO_LARGE' };
  } else if (order.total !== undefined) {
    if (!isPositiveDecimal(order.total, 2)) return { ok: false, error: 'TOTAL_INVALID' };
    if (dec(order.total).greaterThan(maximumTotalUsd)) return { ok: false, error: 'TOO_LARGE' };
    quantity = dec(order.total).dividedBy(price).toDecimalPlaces(scale, Dec.ROUND_DOWN);
  } else {
    return { ok: false, error: 'QUANTITY_INVALID' };
  }
  const total = quantity.times(price);
  if (total.greaterThan(maximumTotalUsd)) return { ok: false, error: 'TOO_LARGE' };
  if (total.lessThan(minimumOrderUsd)) return { ok: false, error: 'BELOW_MINIMUM' };
  return {
    ok: true,
    quote: { quantity: toFixedString(quantity), price: asset.price, total: toFixedString(total) },
  };
}

/** An asset symbol as the client sends it; the catalogue decides whether it exists. */
export const assetSymbolSchema = singleLineText().min(1).max(10);

const quantityString = z.string().regex(decimalPattern, 'trading:errors.quantityInvalid');
const totalString = z.string().regex(decimalPattern, 'trading:errors.totalInvalid');

export const tradeRequestSchema = z
  .strictObject({
    side: z.enum(['buy', 'sell']),
    asset: assetSymbolSchema,
    quantity: quantityString.optional(),
    total: totalString.optional(),
  })
  .refine((order) => (order.quantity === undefined) !== (order.total === undefined), {
    message: 'trading:errors.quantityOrTotal',
    path: ['quantity'],
  });
export type TradeRequest = z.infer<typeof tradeRequestSchema>;

export const swapRequestSchema = z
  .strictObject({
    from: assetSymbolSchema,
    to: assetSymbolSchema,
    quantity: quantityString,
  })
  .refine((swap) => swap.from.toUpperCase() !== swap.to.toUpperCase(), {
    message: 'trading:errors.sameAsset',
    path: ['to'],
  });
export type SwapRequest = z.infer<typeof swapRequestSchema>;

/**
 * What the sell tab may sell (GET /api/v1/me/holdings/:symbol): the active position, else a
 * locked or in-delivery one (which cannot be sold), else zeros with status null.
 */
export const holdingSchema = z.object({
  symbol: z.string(),
  quantity: z.string().regex(decimalPattern),
  value: z.string().regex(decimalPattern),
  status: z.enum(['active', 'locked', 'in_delivery']).nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;
