// GET /api/v1/prices (decision 028): the price book every order screen and list prices from.
// Read again every 15 s while the page is shown and whenever the tab comes back into view, so a
// price on screen is seldom older than that; an order names the price it showed, and the server
// refuses it (PRICE_CHANGED) when the book has moved too far since.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as prices from '@secure-vault/shared/prices/contracts';
import { apiQueryOptions } from '@/lib/api-query';

export const pricesRefreshMs = 15_000;

export function pricesQueryOptions() {
  return queryOptions({
    ...apiQueryOptions(prices.getPrices),
    staleTime: pricesRefreshMs,
    refetchInterval: pricesRefreshMs,
    refetchOnWindowFocus: 'always',
  });
}

/** The book: `data` once read; `isPending` while the first read is on its way; `isError`. */
export function usePrices() {
  return useQuery(pricesQueryOptions());
}
