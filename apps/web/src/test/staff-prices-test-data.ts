// The staff Prices tab's answers (GET /api/v1/admin/prices, decision 028): the book, the feed's
// health and the price changes waiting, for the tab's tests.
import type { PriceFeedStatus, StaffPriceBook } from '@secure-vault/shared/prices';
import { priceBook } from './price-book-test-data';

/** No feed set up: prices change only by staff proposals. */
export const feedOff: PriceFeedStatus = {
  configured: false,
  source: null,
  intervalSeconds: 60,
  staleAfterSeconds: 300,
  lastPolledAt: null,
  lastSuccessAt: null,
  lastError: null,
  halted: [],
};

/** A feed that polled `at`, every minute, halting an asset after five without a fresh price. */
export function feedLive(at: Date, overrides: Partial<PriceFeedStatus> = {}): PriceFeedStatus {
  const polled = new Date(at.getTime() - 30_000).toISOString();
  return {
    configured: true,
    source: 'https://feed.example',
    intervalSeconds: 60,
    staleAfterSeconds: 300,
    lastPolledAt: polled,
    lastSuccessAt: polled,
    lastError: null,
    halted: [],
    ...overrides,
  };
}

export function staffPriceBook(overrides: Partial<StaffPriceBook> = {}): StaffPriceBook {
  return { book: priceBook(), feed: feedOff, pending: [], ...overrides };
}
