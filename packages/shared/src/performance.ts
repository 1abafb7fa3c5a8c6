// What a customer's vault did (issue 29 "Charts and performance"): what it was worth over time,
// and per listed holding what it cost (average cost), what it is worth at the book now, the
// unrealised gain or loss, and the gain or loss realised by selling, per calendar year (UTC).
// Computed from the journal's postings and the price book, in exact decimals.
import { z } from 'zod';
import { decimalPattern } from './money.ts';

const amount = z.string().regex(decimalPattern);

export const portfolioRanges = ['1w', '1m', '1y', 'all'] as const;
export type PortfolioRange = (typeof portfolioRanges)[number];

export const portfolioHistoryQuerySchema = z.strictObject({
  range: z.enum(portfolioRanges).default('1m'),
});

export const portfolioPointSchema = z.object({
  /** The end of the step: what the vault held then, at the book's sell prices then. */
  at: z.iso.datetime(),
  /** Cash, listed assets and custody items together, in dollars. */
  value: amount,
  cash: amount,
  /** Listed metals and cryptocurrencies at the book's sell price then. */
  assets: amount,
  /** Custody items at their estimated value then. */
  custody: amount,
});
export type PortfolioPoint = z.infer<typeof portfolioPointSchema>;

export const portfolioHistorySchema = z.object({
  range: z.enum(portfolioRanges),
  /** Oldest first, a few hundred at most; steps before the account existed are left out. */
  points: z.array(portfolioPointSchema),
});
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

export const realisedYearSchema = z.object({
  year: z.number().int(),
  /** Proceeds of what was sold (or swapped or converted to cash) less its average cost. */
  amount,
});

export const holdingPerformanceSchema = z.object({
  symbol: z.string(),
  /** Held now, fixed terms and deliveries on their way included. */
  quantity: amount,
  /** What the quantity held cost, by average cost: buys at what was paid, the rest at the book. */
  costBasis: amount,
  /** Cost per mg or unit; null when nothing is held. */
  averageCost: amount.nullable(),
  /** At the book's sell price now. */
  value: amount,
  unrealised: amount,
  /** Unrealised as a percentage of the cost basis, to 2 decimals; null with no cost. */
  unrealisedPercent: z.string().nullable(),
  /** Newest year first; only years in which something was realised. */
  realised: z.array(realisedYearSchema),
});
export type HoldingPerformance = z.infer<typeof holdingPerformanceSchema>;

export const performanceSchema = z.object({
  at: z.iso.datetime(),
  /** Every listed asset the customer holds or once held, in catalogue order. */
  holdings: z.array(holdingPerformanceSchema),
  totals: z.object({
    costBasis: amount,
    value: amount,
    unrealised: amount,
    /** Every holding's realised gain or loss together, newest year first. */
    realised: z.array(realisedYearSchema),
  }),
});
export type Performance = z.infer<typeof performanceSchema>;
