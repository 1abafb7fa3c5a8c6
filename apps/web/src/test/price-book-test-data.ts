// Price books as GET /api/v1/prices answers them (decision 028): the opening book (SPEC §9's
// prices, unchanged for 24 hours) read at a given time, with any entry changed.
import { assets } from '@secure-vault/shared/catalogue';
import type { BookPrice, PriceBook, PublicPriceBook } from '@secure-vault/shared/prices';

const day = 24 * 60 * 60 * 1000;

/**
 * The book read at `at`: every price SPEC §9's, in effect for a day with no change, except the
 * entries `changes` gives (by symbol).
 */
export function priceBook(
  changes: Record<string, Partial<Omit<BookPrice, 'symbol'>>> = {},
  at: Date = new Date(),
): PriceBook {
  const opening = new Date(at.getTime() - 3 * day).toISOString();
  return {
    at: at.toISOString(),
    prices: assets.map((asset) => ({
      symbol: asset.symbol,
      buy: asset.price,
      sell: asset.price,
      effectiveAt: opening,
      source: 'opening',
      change24h: '0.00',
      halted: false,
      ...changes[asset.symbol],
    })),
  };
}

/** A price that took effect `seconds` before `at`, as the book writes its time. */
export function secondsBefore(at: Date, seconds: number): string {
  return new Date(at.getTime() - seconds * 1000).toISOString();
}

/** The answer to GET /api/v1/prices, for stubApi: the book and the server's tolerance. */
export function pricesReply(book: PriceBook = priceBook(), tolerance = '0.005') {
  const body: PublicPriceBook = { ...book, tolerance };
  return { status: 200, body };
}
