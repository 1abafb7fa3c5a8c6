import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** Every account with its account number and book balance, newest first. */
export function getUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>('/admin/users');
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'users'], queryFn: getUsers });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
