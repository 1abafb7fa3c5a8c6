import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { vaultQueryKeys } from '@/lib/query-keys';

/** The signed-in user's profile: KYC state, personal details, book balance, account number. */
export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/me/profile');
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: vaultQueryKeys.profile, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
