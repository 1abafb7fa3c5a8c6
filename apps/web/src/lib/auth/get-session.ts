// Who is signed in: GET /api/v1/auth/session, cached under ['session']. A 401 means nobody, which
// is an answer (null), not an error. Guards, the signed-in layout and the auth screens share it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { api, ApiError } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

export async function getSession(): Promise<Session | null> {
  try {
    return await api.get<Session>('/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
