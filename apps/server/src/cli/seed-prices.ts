// The demo's price history (issue 29: "the demo lives"): a year of the book for every listed
// asset, a bounded random walk that ends at SPEC §9's price now, so the charts and the 24 h
// change have something to show at once: a point a day for the year, an hour for the week, five
// minutes for the day. Every step stays within ±10% of the listed price, quoted as a venue quotes
// it; buy and sell are equal, as the opening book's. Written in time order, so the book's price now is the listed one. The
// demo's own past trades were made at the listed prices, not at these.
import { assets } from '@secure-vault/shared/catalogue';
import { Dec, dec } from '@secure-vault/shared/money';
import type { Database, Statement } from '../db/client.ts';
import { quoted } from '../prices/simulated-feed.ts';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

/** The walk's steps, oldest first: how far apart and how far each may move (a fraction). */
const stretches = [
  { span: 365 * day, step: day, move: 0.02 },
  { span: 7 * day, step: hour, move: 0.004 },
  { span: day, step: 5 * minute, move: 0.0015 },
];

const insertStatement: Statement = {
  name: 'seed_price_history',
  text: `insert into asset_prices (symbol, buy, sell, effective_at, source)
    select $1, p, p, at, 'feed' from unnest($2::numeric[], $3::timestamptz[]) as h(p, at)`,
};

/** The times of the history, oldest first, each stretch finer than the one before. */
function timesBefore(now: number): { at: number; move: number }[] {
  const times: { at: number; move: number }[] = [];
  stretches.forEach((stretch, i) => {
    const finer = stretches[i + 1];
    const end = finer ? now - finer.span : now;
    for (let at = now - stretch.span; at < end; at += stretch.step) {
      times.push({ at, move: stretch.move });
    }
  });
  times.push({ at: now, move: 0 });
  return times;
}

/** Writes the history; `random` in [0, 1) (Math.random by default, a fixed one in tests). */
export async function seedPriceHistory(
  database: Database,
  now: Date,
  random: () => number = Math.random,
): Promise<number> {
  const times = timesBefore(now.getTime());
  let written = 0;
  for (const asset of assets) {
    const listed = dec(asset.price);
    const low = listed.times(0.9);
    const high = listed.times(1.1);
    // Walked back from now, then written forwards: the newest point is the listed price.
    const prices: Dec[] = [listed];
    for (let i = times.length - 1; i > 0; i--) {
      const step = (random() * 2 - 1) * (times[i]?.move ?? 0);
      const before = Dec.min(high, Dec.max(low, (prices[0] ?? listed).times(1 + step)));
      prices.unshift(before);
    }
    await database.query(insertStatement, [
      asset.symbol,
      prices.map((price) => quoted(price, Dec.ROUND_HALF_UP).toFixed()),
      times.map((time) => new Date(time.at)),
    ]);
    written += prices.length;
  }
  return written;
}
