import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionListItem } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';

/** The account's signed-in devices, the current one marked. */
export function getSessions(): Promise<SessionListItem[]> {
  return api.get<SessionListItem[]>('/auth/sessions');
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: ['sessions'], queryFn: getSessions });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
