// The price feed's settings (decision 029), read from the environment with the rest of the
// configuration (config.ts): where prices are polled from, how often, and how long the feed's
// word on a price holds before trading in that asset is halted.
import { z } from 'zod';

/** PRICE_FEED_URL's value for the built-in simulated feed (a bounded random walk, for the demo). */
export const simulatedFeed = 'simulate';
const defaultIntervalSeconds = 10;
const defaultStaleAfterSeconds = 120;

export interface PriceFeedConfig {
  /** An http(s) URL, or `simulate` (prices/simulated-feed.ts); undefined: no feed, nothing halts. */
  url: string | undefined;
  /** How often one process polls it. */
  intervalSeconds: number;
  /** An asset the feed prices is halted once the feed has not vouched for it for this long. */
  staleAfterSeconds: number;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const seconds = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());

/** The variables, spread into the configuration's schema. */
export const priceFeedEnv = {
  PRICE_FEED_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) =>
          value === simulatedFeed || z.url({ protocol: /^https?$/ }).safeParse(value).success,
        `must be an http:// or https:// URL, or ${simulatedFeed}`,
      )
      .optional(),
  ),
  PRICE_FEED_INTERVAL_SECONDS: seconds(1, 3600),
  PRICE_FEED_STALE_AFTER_SECONDS: seconds(2, 86_400),
};

interface PriceFeedEnv {
  PRICE_FEED_URL?: string | undefined;
  PRICE_FEED_INTERVAL_SECONDS?: number | undefined;
  PRICE_FEED_STALE_AFTER_SECONDS?: number | undefined;
}

export function priceFeedConfigOf(env: PriceFeedEnv): PriceFeedConfig {
  return {
    url: env.PRICE_FEED_URL,
    intervalSeconds: env.PRICE_FEED_INTERVAL_SECONDS ?? defaultIntervalSeconds,
    staleAfterSeconds: env.PRICE_FEED_STALE_AFTER_SECONDS ?? defaultStaleAfterSeconds,
  };
}

/** A price that went stale between two polls would halt its asset every interval. */
export function checkPriceFeed(env: PriceFeedEnv, ctx: z.RefinementCtx): void {
  const { intervalSeconds, staleAfterSeconds } = priceFeedConfigOf(env);
  if (staleAfterSeconds <= intervalSeconds) {
    ctx.addIssue({
      code: 'custom',
      path: ['PRICE_FEED_STALE_AFTER_SECONDS'],
      message: `must be more than PRICE_FEED_INTERVAL_SECONDS (${intervalSeconds}): every price would go stale between polls`,
    });
  }
}
