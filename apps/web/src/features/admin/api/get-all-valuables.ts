import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminValuable } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** Every customer's valuables in the vault with the owner's email, newest first. */
export function getAllValuables(): Promise<AdminValuable[]> {
  return api.get<AdminValuable[]>('/admin/valuables');
}

export function getAllValuablesQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'valuables'], queryFn: getAllValuables });
}

export function useAllValuables() {
  return useQuery(getAllValuablesQueryOptions());
}
