import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface PlatformNetWorth {
  total: string;
  bookBalances: string;
  valuables: string;
  /** The platform's rounding account (DESIGN §2). */
  rounding: string;
}

/** SPEC §9: every user's book balance plus every valuable still in the vault. */
export function getPlatformNetWorth(): Promise<PlatformNetWorth> {
  return api.get<PlatformNetWorth>('/admin/net-worth');
}

export function getPlatformNetWorthQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'net-worth'],
    queryFn: getPlatformNetWorth,
  });
}

export function usePlatformNetWorth() {
  return useQuery(getPlatformNetWorthQueryOptions());
}
