// GET /api/v1/prices/:symbol/history (decision 028): one asset's book over the last week, for the
// Prices tab's "recent prices" beside the form that proposes new ones. Under the book's key
// (['prices', …]), so an approved price change (the `prices` topic) reads it again.
import { useQuery } from '@tanstack/react-query';
import * as prices from '@secure-vault/shared/prices/contracts';
import { apiQueryOptions } from '@/lib/api-query';

export function useWeekOfPrices(symbol: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    ...apiQueryOptions(prices.getPriceHistory, { params: { symbol }, query: { range: '1w' } }),
    enabled: isEnabled,
  });
}
