// Who is signed in: GET /api/v1/auth/current-session, cached under ['session']. Nobody signed in
// is an answer (null), not an error, so a signed-out page makes no failed request. Guards, the
// signed-in layout and the auth screens share it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentSession, Session } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

export async function getSession(): Promise<Session | null> {
  return (await api.get<CurrentSession>('/auth/current-session')).session;
}

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
