import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Valuable } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { vaultQueryKeys } from '@/lib/query-keys';

/** Everything in the user's vault, newest stored first (SPEC §7): one request for the whole list. */
export function getValuables(): Promise<Valuable[]> {
  return api.get<Valuable[]>('/me/valuables');
}

export function getValuablesQueryOptions() {
  return queryOptions({ queryKey: vaultQueryKeys.valuables, queryFn: getValuables });
}

export function useValuables() {
  return useQuery(getValuablesQueryOptions());
}
