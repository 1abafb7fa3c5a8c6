import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Summary } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { vaultQueryKeys } from '@/lib/query-keys';

/** Cash, book balance, total net worth and its split by item type, computed by the server. */
export function getSummary(): Promise<Summary> {
  return api.get<Summary>('/me/summary');
}

export function getSummaryQueryOptions() {
  return queryOptions({ queryKey: vaultQueryKeys.summary, queryFn: getSummary });
}

export function useSummary() {
  return useQuery(getSummaryQueryOptions());
}
