// Trade arithmetic shared by the server (which decides) and the web app (which previews).
// Positions move by quantity × the book's price (decision 028; SPEC §9's listed price until the
// book changes) to the 8 stored decimals: exact at the listed prices, whose quantity decimals
// were chosen so the product never needs more (catalogue.ts quantityDecimals, decision 006).
// Cash is always whole cents (DESIGN §2):
// - buy by amount: pay exactly the amount; quantity = amount ÷ price rounded down to the step;
// - buy by quantity: pay quantity × price rounded up to the cent;
// - sell by quantity: receive quantity × price rounded down to the cent;
// - sell by amount: sell amount ÷ price rounded up to the step, and receive its value rounded
//   down to the cent (the amount asked for, unless one step is worth more than a cent);
// - swap: sell at the rounded-down cents and buy the target with them; cents left come back.
// The sub-cent difference between cash and value goes to the platform's rounding account.
import { z } from 'zod';
import { type Asset, priceOf, quantityDecimals } from './catalogue.ts';
import {
  centsDown,
  centsUp,
  Dec,
  dec,
  decimalPattern,
  decimalPlaces,
  storedScale,
  toFixedString,
} from './money.ts';
import { usdAmount } from './contract-schemas.ts';
import { singleLineText } from './text.ts';

export const minimumOrderUsd = '0.01';
/** Far above any real order, far below anything that could overflow NUMERIC(30, 8). */
export const maximumQuantity = '1000000000000';
export const maximumTotalUsd = '1000000000000';

export type TradeSide = 'buy' | 'sell';

export interface Quote {
  quantity: string;
  price: string;
  /** quantity × price, exact: what the position moves by. */
  value: string;
  /** The cash paid (buy) or received (sell), in whole cents. */
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

/**
 * What a quantity moves a position by at a price: the product, to the ledger's 8 decimals
 * (rounded half away from zero, as the SQL functions' round() does). Exact at SPEC §9's listed
 * prices; a book price with more decimals than its quantity step allows rounds (decision 028).
 */
export function valueAt(quantity: Dec, price: Dec): Dec {
  return quantity.times(price).toDecimalPlaces(storedScale, Dec.ROUND_HALF_UP);
}

/**
 * Prices a buy or a sell given either a quantity or a USD amount (≤ 2 decimals), at `price`: the
 * book's on the order's side (prices.ts), SPEC §9's listed price by default.
 */
export function quote(
  asset: Asset,
  order: { quantity?: string | undefined; total?: string | undefined },
  side: TradeSide,
  bookPrice: string = asset.price,
): QuoteResult {
  const price = dec(bookPrice);
  const scale = quantityDecimals(asset);
  let quantity: Dec;
  if (order.quantity !== undefined) {
    if (!isPositiveDecimal(order.quantity, scale)) return { ok: false, error: 'QUANTITY_INVALID' };
    quantity = dec(order.quantity);
    if (quantity.greaterThan(maximumQuantity)) return { ok: false, error: 'TOO_LARGE' };
  } else if (order.total !== undefined) {
    if (!isPositiveDecimal(order.total, 2)) return { ok: false, error: 'TOTAL_INVALID' };
    if (dec(order.total).greaterThan(maximumTotalUsd)) return { ok: false, error: 'TOO_LARGE' };
    quantity = dec(order.total)
      .dividedBy(price)
      .toDecimalPlaces(scale, side === 'buy' ? Dec.ROUND_DOWN : Dec.ROUND_UP);
  } else {
    return { ok: false, error: 'QUANTITY_INVALID' };
  }
  const value = valueAt(quantity, price);
  if (value.greaterThan(maximumTotalUsd)) return { ok: false, error: 'TOO_LARGE' };
  if (quantity.isZero() || value.lessThan(minimumOrderUsd)) {
    return { ok: false, error: 'BELOW_MINIMUM' };
  }
  const total =
    side === 'sell'
      ? centsDown(value)
      : order.total !== undefined
        ? dec(order.total)
        : centsUp(value);
  return {
    ok: true,
    quote: {
      quantity: toFixedString(quantity),
      price: price.toFixed(),
      value: toFixedString(value),
      total: toFixedString(total),
    },
  };
}

/**
 * The smallest quantity of `asset` an order may be for: worth at least the minimum order, in the
 * asset's quantity steps ("11.905" mg of silver at $0.00084 per mg).
 */
export function minimumQuantity(asset: Asset): string {
  return dec(minimumOrderUsd)
    .dividedBy(priceOf(asset))
    .toDecimalPlaces(quantityDecimals(asset), Dec.ROUND_UP)
    .toFixed();
}

/**
 * Where a metal calculator opens: 1 mg, or the first of 10, 100, 1,000 … mg that can be bought
 * when 1 mg is worth less than the minimum order (silver, rhenium).
 */
export function openingQuantity(asset: Asset): string {
  const smallest = dec(minimumQuantity(asset));
  let quantity = dec(1);
  while (quantity.lessThan(smallest)) quantity = quantity.times(10);
  return quantity.toFixed();
}

export interface SwapQuote {
  /** What leaves: the quantity, its sell price, its exact value, and the whole cents it sells for. */
  from: { quantity: string; price: string; value: string; proceeds: string };
  /** What arrives: the quantity the proceeds buy, its buy price, its exact value, its cost in cents. */
  to: { quantity: string; price: string; value: string; cost: string };
  /** proceeds − cost: whole cents back to cash. */
  cashBack: string;
}

export type SwapQuoteResult = { ok: true; swap: SwapQuote } | { ok: false; error: QuoteError };

/**
 * Prices a swap of `quantity` of `from` into `to` (DESIGN §2, §5): `from` sold at its sell price,
 * `to` bought at its buy price (the book's; SPEC §9's listed prices by default).
 */
export function quoteSwap(
  from: Asset,
  to: Asset,
  quantity: string,
  prices: { from: string; to: string } = { from: from.price, to: to.price },
): SwapQuoteResult {
  const sold = quote(from, { quantity }, 'sell', prices.from);
  if (!sold.ok)
    return { ok: false, error: sold.error === 'TOTAL_INVALID' ? 'QUANTITY_INVALID' : sold.error };
  const proceeds = dec(sold.quote.total);
  const toPrice = dec(prices.to);
  const toQuantity = proceeds
    .dividedBy(toPrice)
    .toDecimalPlaces(quantityDecimals(to), Dec.ROUND_DOWN);
  if (toQuantity.isZero()) return { ok: false, error: 'BELOW_MINIMUM' };
  const toValue = valueAt(toQuantity, toPrice);
  const cost = centsUp(toValue);
  return {
    ok: true,
    swap: {
      from: {
        quantity: sold.quote.quantity,
        price: sold.quote.price,
        value: sold.quote.value,
        proceeds: sold.quote.total,
      },
      to: {
        quantity: toFixedString(toQuantity),
        price: toPrice.toFixed(),
        value: toFixedString(toValue),
        cost: toFixedString(cost),
      },
      cashBack: toFixedString(proceeds.minus(cost)),
    },
  };
}

/** An asset symbol as the client sends it; the catalogue decides whether it exists. */
export const assetSymbolSchema = singleLineText().min(1).max(10);

const quantityString = z.string().regex(decimalPattern, 'trading:errors.quantityInvalid');
const totalString = z.string().regex(decimalPattern, 'trading:errors.totalInvalid');
const priceShown = z.string().regex(decimalPattern).max(40);

export const tradeRequestSchema = z
  .strictObject({
    side: z.enum(['buy', 'sell']),
    asset: assetSymbolSchema,
    quantity: quantityString.optional(),
    total: totalString.optional(),
    /**
     * The price the order was shown (buy price for a buy, sell price for a sale). If the book has
     * moved further than the tolerance from it, the order is refused with PRICE_CHANGED.
     */
    price: priceShown.optional(),
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
    /** The prices the swap was shown: `from`'s sell price and `to`'s buy price (see `price` above). */
    fromPrice: priceShown.optional(),
    toPrice: priceShown.optional(),
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
  status: z.enum(['active', 'locked', 'in_delivery', 'reserved']).nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

const decimalString = z.string().regex(decimalPattern);

// ── Trades (POST /api/v1/trades, /api/v1/swaps with an Idempotency-Key header) ─────────
export const tradeResultSchema = z.object({
  side: z.enum(['buy', 'sell']),
  asset: z.string(),
  quantity: decimalString,
  price: decimalString,
  /** quantity × price, exact: what the holding moved by. */
  value: decimalString,
  /** The cash paid or received, in whole cents. */
  total: usdAmount,
  cashBalance: usdAmount,
  holdingQuantity: decimalString,
  /** The trade id, on every journal row of the trade (history's `reference`). */
  reference: z.string(),
});
export type TradeResult = z.infer<typeof tradeResultSchema>;

export const swapResultSchema = z.object({
  from: z.object({ asset: z.string(), quantity: decimalString, value: decimalString }),
  to: z.object({ asset: z.string(), quantity: decimalString, value: decimalString }),
  /** Whole cents of the proceeds left after buying the target, credited as cash. */
  cashRemainder: usdAmount,
  cashBalance: usdAmount,
  /** The swap id, on every journal row of the swap. */
  reference: z.string(),
});
export type SwapResult = z.infer<typeof swapResultSchema>;
