import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Holding } from '@secure-vault/shared/trading';
import { api } from '@/lib/api-client';
import { holdingsQueryKey } from '@/lib/trade';

/** What the customer holds of one asset, for the Sell tab (zeros when nothing). */
export function getHolding(symbol: string): Promise<Holding> {
  return api.get<Holding>(`/me/holdings/${encodeURIComponent(symbol.toUpperCase())}`);
}

export function getHoldingQueryOptions(symbol: string) {
  const upper = symbol.toUpperCase();
  return queryOptions({ queryKey: [...holdingsQueryKey, upper], queryFn: () => getHolding(upper) });
}

export function useHolding(symbol: string) {
  return useQuery(getHoldingQueryOptions(symbol));
}
