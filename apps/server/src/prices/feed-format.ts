// The price feed's JSON (decision 029), checked strictly: one answer is taken whole or not at all.
//
//   {"at": "2026-12-02T17:00:00Z",
//    "prices": [{"symbol": "AU", "buy": "0.0571", "sell": "0.0569"}, …]}
//
// `at` is when the feed took its prices; each price is a decimal string in US dollars per mg
// (metals) or per unit (crypto), as the book holds them: above 0, at most 8 decimals, sell at most
// buy. Symbols are the catalogue's. An unknown symbol, a repeated one, a bad number, a time ahead
// of ours or older than the stale-after refuses the whole answer: a feed that misnames one asset
// may misname others, and a refusal only costs the assets' freshness, which staff see.
import { z } from 'zod';
import { type Asset, assets, findAsset } from '@secure-vault/shared/catalogue';
import { dec } from '@secure-vault/shared/money';
import { isBookPrice } from '@secure-vault/shared/prices';
import type { NewPrice } from './book.ts';

/** How far ahead of our clock a feed's time may be (its clock and ours differ a little). */
const clockSkewMs = 30_000;

const price = z
  .string('must be a decimal string')
  .max(40, 'must be a decimal string')
  .refine(isBookPrice, 'must be a decimal string above 0 with at most 8 decimals');

const entry = z
  .strictObject({
    symbol: z.string('must be a string').regex(/^[A-Z0-9]{1,12}$/, 'must be a listed symbol'),
    buy: price,
    sell: price,
  })
  // Zod checks the object even when a price failed: a price that is not one is said once, there.
  .refine(
    (row) => !isBookPrice(row.buy) || !isBookPrice(row.sell) || !dec(row.sell).greaterThan(row.buy),
    {
      message: 'is above buy',
      path: ['sell'],
    },
  );

export const feedDocumentSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time' }),
  prices: z.array(entry).min(1).max(assets.length),
});
export type FeedDocument = z.input<typeof feedDocumentSchema>;

export type FeedReading = { ok: true; at: Date; prices: NewPrice[] } | { ok: false; error: string };

/**
 * Text safe to keep and show staff: printable characters only, and short. Zod names an unknown
 * key in its message, and the key is the feed's.
 */
export function plainText(text: string, max = 300): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > max ? `${printable.slice(0, max - 1)}…` : printable;
}

function refused(error: string): FeedReading {
  return { ok: false, error: plainText(error) };
}

/**
 * The prices an answer vouches for, as of `now`, or why it is refused. `at` is the feed's own
 * time, never later than ours.
 */
export function readFeedDocument(
  document: unknown,
  now: Date,
  staleAfterSeconds: number,
): FeedReading {
  const parsed = feedDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => {
      const where = issue.path.join('.');
      return where ? `${where} ${issue.message}` : issue.message;
    });
    return refused(`the feed's answer is not in the documented format: ${issues.join('; ')}`);
  }
  const at = new Date(parsed.data.at);
  if (at.getTime() > now.getTime() + clockSkewMs) {
    return refused(`the feed's time ${at.toISOString()} is ahead of ours (${now.toISOString()})`);
  }
  if (at.getTime() < now.getTime() - staleAfterSeconds * 1000) {
    return refused(
      `the feed's prices are from ${at.toISOString()}, older than ${staleAfterSeconds} s`,
    );
  }
  const prices: NewPrice[] = [];
  const seen = new Set<string>();
  for (const [index, row] of parsed.data.prices.entries()) {
    const asset: Asset | undefined = findAsset(row.symbol);
    if (!asset || asset.symbol !== row.symbol) {
      return refused(`prices.${index}.symbol ${row.symbol} is not a listed asset`);
    }
    if (seen.has(asset.symbol)) {
      return refused(`prices.${index}.symbol ${row.symbol} is given twice`);
    }
    seen.add(asset.symbol);
    prices.push({ asset, buy: dec(row.buy).toFixed(), sell: dec(row.sell).toFixed() });
  }
  return { ok: true, at: new Date(Math.min(at.getTime(), now.getTime())), prices };
}

/** An answer's text as JSON, or why it is not. */
export function parseFeedText(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: "the feed's answer is not JSON" };
  }
}
