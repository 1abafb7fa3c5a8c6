// The price book (decision 028): per asset, the price a customer pays (buy) and the price a
// customer receives (sell), the time each took effect and where it came from. SPEC §9's prices
// are the opening book, so with no feed and no staff change every price stays exactly as SPEC
// says. A book price has up to 8 decimals; a movement's value is quantity × price rounded to the
// ledger's 8 (exact at the listed prices, whose quantity steps were chosen for it: decision 006).
import { z } from 'zod';
import { proposalSchema } from './approvals.ts';
import { Dec, dec, decimalPattern, decimalPlaces, storedScale } from './money.ts';

export const priceSources = ['opening', 'staff', 'feed'] as const;
export type PriceSource = (typeof priceSources)[number];

/** How far (a fraction) the book may move past the price an order was shown before it is refused. */
export const defaultPriceTolerance = '0.005';
/** A tolerance as PRICE_TOLERANCE gives it: a fraction from 0 to 0.999999. */
export const priceToleranceSchema = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, 'a fraction from 0 to 0.999999');

/** A price the book can hold: above zero, with at most 8 decimals, within NUMERIC(30, 8). */
export function isBookPrice(price: string): boolean {
  return (
    decimalPattern.test(price) &&
    !price.startsWith('-') &&
    decimalPlaces(price) <= storedScale &&
    dec(price).greaterThan(0) &&
    dec(price).lessThan('1000000000000')
  );
}

/**
 * Whether the book's price has moved too far from the one an order was shown: by more than the
 * tolerance, as a fraction of the shown price. A move in the customer's favour counts too, so a
 * fill is never at a price the screen did not show within the tolerance.
 */
export function movedPast(shown: string, book: string, tolerance: string): boolean {
  const from = dec(shown);
  if (from.lessThanOrEqualTo(0)) return true;
  return dec(book).minus(from).abs().dividedBy(from).greaterThan(tolerance);
}

/** The change from `before` to `now` in percent, to 2 decimals ("-1.25"), or null with no before. */
export function percentChange(before: string | null, now: string): string | null {
  if (before === null || dec(before).isZero()) return null;
  return dec(now)
    .minus(before)
    .dividedBy(before)
    .times(100)
    .toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
    .toFixed(2);
}

const priceString = z.string().regex(decimalPattern);

export const bookPriceSchema = z.object({
  symbol: z.string(),
  /** What a customer pays per mg or unit. */
  buy: priceString,
  /** What a customer receives per mg or unit; it values holdings. */
  sell: priceString,
  effectiveAt: z.iso.datetime(),
  source: z.enum(priceSources),
  /** The sell price's change over the last 24 hours in percent ("1.25"), null with no history. */
  change24h: z.string().nullable(),
  /**
   * Whether trading in the asset is halted: a price feed is configured, prices it, and has not
   * vouched for its price within PRICE_FEED_STALE_AFTER_SECONDS (orders are refused PRICE_STALE).
   */
  halted: z.boolean(),
});
export type BookPrice = z.infer<typeof bookPriceSchema>;

export const priceBookSchema = z.object({
  /** When the book was read: a price's age is `at − effectiveAt`. */
  at: z.iso.datetime(),
  prices: z.array(bookPriceSchema),
});
export type PriceBook = z.infer<typeof priceBookSchema>;

/** The public book, with how far a price may move from the one an order was shown. */
export const publicPriceBookSchema = priceBookSchema.extend({
  /** PRICE_TOLERANCE, a fraction ("0.005"): an order is refused past it (PRICE_CHANGED). */
  tolerance: priceToleranceSchema,
});
export type PublicPriceBook = z.infer<typeof publicPriceBookSchema>;

/** A tolerance as a percentage for the screens' wording: "0.005" → "0.5". */
export function tolerancePercent(tolerance: string): string {
  return dec(tolerance).times(100).toFixed();
}

export const priceRanges = ['1d', '1w', '1m', '1y', 'all'] as const;
export type PriceRange = (typeof priceRanges)[number];

export const priceHistoryQuerySchema = z.strictObject({
  range: z.enum(priceRanges).default('1m'),
});

export const priceHistorySchema = z.object({
  symbol: z.string(),
  range: z.enum(priceRanges),
  /**
   * The book at each step of the range, oldest first: the last price in effect in each bucket
   * (a bucket with no change carries the price before it forward, so a chart has no gaps).
   */
  points: z.array(z.object({ at: z.iso.datetime(), buy: priceString, sell: priceString })),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** A staff price change (decision 028): buy and sell per mg or unit, sell at most buy. */
const staffPrice = z
  .string('admin:prices.errors.priceInvalid')
  .trim()
  .max(40, 'admin:prices.errors.priceInvalid')
  .refine(isBookPrice, 'admin:prices.errors.priceInvalid');

/** Both fields are prices (the object's check runs even when a field's has failed). */
const bothPrices = (body: { buy: unknown; sell: unknown }) =>
  typeof body.buy === 'string' &&
  typeof body.sell === 'string' &&
  isBookPrice(body.buy) &&
  isBookPrice(body.sell);

export const priceChangeSchema = z
  .strictObject({ buy: staffPrice, sell: staffPrice })
  .refine((body) => !bothPrices(body) || !dec(body.sell).greaterThan(body.buy), {
    message: 'admin:prices.errors.sellAboveBuy',
    path: ['sell'],
  });
export type PriceChange = z.input<typeof priceChangeSchema>;

/**
 * The price feed as staff see it (PRICE_FEED_URL, polled by the job runner). An asset the feed
 * prices is halted — orders in it refused with PRICE_STALE — once the feed has not vouched for
 * its price for `staleAfterSeconds`.
 */
export const priceFeedStatusSchema = z.object({
  configured: z.boolean(),
  /** Where it is polled from: the URL's origin only (its path or query may carry a key). */
  source: z.string().nullable(),
  intervalSeconds: z.number().int(),
  staleAfterSeconds: z.number().int(),
  lastPolledAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  /** Why the last poll failed, in English for staff; null when it succeeded. */
  lastError: z.string().nullable(),
  /** The symbols whose trading is halted because their feed price is stale. */
  halted: z.array(z.string()),
});
export type PriceFeedStatus = z.infer<typeof priceFeedStatusSchema>;

/** The staff Prices tab: the book, the feed's health and the price changes waiting approval. */
export const staffPriceBookSchema = z.object({
  book: priceBookSchema,
  feed: priceFeedStatusSchema,
  /** Pending price changes, oldest first. */
  pending: z.array(proposalSchema),
});
export type StaffPriceBook = z.infer<typeof staffPriceBookSchema>;
