// The built-in simulated feed (PRICE_FEED_URL=simulate, decision 029), so the demo's prices live:
// a bounded random walk. Each poll, about a third of the assets take a small random step from the
// book's mid price, which stays within ±10% of the asset's SPEC §9 price; buy and sell sit a small
// spread either side of it. It steps from the book, not from memory, so whichever process polls
// walks on from where the last one left off. Its answer goes through the real feed's checks.
import { type Asset, assets } from '@secure-vault/shared/catalogue';
import { Dec, dec } from '@secure-vault/shared/money';
import type { PriceBook } from '@secure-vault/shared/prices';
import type { FeedDocument } from './feed-format.ts';

/** The largest step, as a fraction of the price. */
const maxStep = 0.004;
/** How far from its listed price the mid may walk. */
const bound = 0.1;
/** Half the spread: buy is the mid plus this fraction, sell the mid less it. */
const halfSpread = 0.001;
/** The chance an asset moves on a poll. */
const moveChance = 1 / 3;

/**
 * A price as a venue quotes it: cents from a dollar up, six significant digits below (at most the
 * book's 8 decimals), rounded the given way — so a bitcoin reads 114,654.72, not 114,654.71767516.
 */
export function quoted(
  value: Dec,
  rounding: typeof Dec.ROUND_UP | typeof Dec.ROUND_DOWN | typeof Dec.ROUND_HALF_UP,
): Dec {
  if (value.greaterThanOrEqualTo(1)) return value.toDecimalPlaces(2, rounding);
  return value.toSignificantDigits(6, rounding).toDecimalPlaces(8, rounding);
}

function nextMid(asset: Asset, mid: Dec, random: () => number): Dec {
  if (random() >= moveChance) return mid;
  const listed = dec(asset.price);
  const stepped = mid.times(1 + (random() * 2 - 1) * maxStep);
  return Dec.min(Dec.max(stepped, listed.times(1 - bound)), listed.times(1 + bound));
}

/** One answer of the simulated feed at `at`, from the book now. */
export function simulatedFeedDocument(
  book: PriceBook,
  at: Date,
  random: () => number = Math.random,
): FeedDocument {
  const current = new Map(book.prices.map((price) => [price.symbol, price]));
  return {
    at: at.toISOString(),
    prices: assets.map((asset) => {
      const price = current.get(asset.symbol);
      const mid = price ? dec(price.buy).plus(price.sell).dividedBy(2) : dec(asset.price);
      const next = nextMid(asset, mid, random);
      if (price && next.equals(mid))
        return { symbol: asset.symbol, buy: price.buy, sell: price.sell };
      return {
        symbol: asset.symbol,
        buy: quoted(next.times(1 + halfSpread), Dec.ROUND_UP).toFixed(),
        // Never 0: the smallest price the book holds.
        sell: Dec.max(quoted(next.times(1 - halfSpread), Dec.ROUND_DOWN), '0.00000001').toFixed(),
      };
    }),
  };
}
