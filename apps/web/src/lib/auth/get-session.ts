// Who is signed in: GET /api/v1/auth/current-session, cached under ['session']. Nobody signed in
// is an answer (null), not an error, so a signed-out page makes no failed request. Guards, the
// signed-in layout and the auth screens share it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { callApi } from '@/lib/api-client';

/**
 * Not the contract's key: the entry holds the session itself (not the answer around it), and
 * replaceSession drops every other entry but this one when the account changes.
 */
export const sessionQueryKey = ['session'] as const;

export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  return (await callApi(auth.getCurrentSession, signal ? { signal } : {})).session;
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
