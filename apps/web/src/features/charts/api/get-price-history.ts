// GET /api/v1/prices/:symbol/history (decision 028): one asset's book over a range, for its chart.
// The key sits under the book's (['prices', …]), so an approved price change (the `prices` topic)
// refetches the chart with the book; a range kept on screen is read again each minute, and the
// previous range stays drawn while the next one loads.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceRange } from '@secure-vault/shared/prices';
import * as prices from '@secure-vault/shared/prices/contracts';
import { apiQueryOptions } from '@/lib/api-query';

const historyRefreshMs = 60_000;

export function priceHistoryQueryOptions(symbol: string, range: PriceRange) {
  return queryOptions({
    ...apiQueryOptions(prices.getPriceHistory, { params: { symbol }, query: { range } }),
    staleTime: historyRefreshMs,
    refetchInterval: historyRefreshMs,
  });
}

export function usePriceHistory(symbol: string, range: PriceRange) {
  return useQuery({
    ...priceHistoryQueryOptions(symbol, range),
    placeholderData: keepPreviousData,
  });
}
