import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserNetWorth } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** Net worth per customer, largest first, ranked from 1. */
export function getUserNetWorths(): Promise<UserNetWorth[]> {
  return api.get<UserNetWorth[]>('/admin/net-worth/users');
}

export function getUserNetWorthsQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'net-worth', 'users'],
    queryFn: getUserNetWorths,
  });
}

/** Loads on first use only (SPEC §2: the dropdown loads when first opened). */
export function useUserNetWorths({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getUserNetWorthsQueryOptions(), enabled: isEnabled });
}
