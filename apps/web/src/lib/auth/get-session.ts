// Who is signed in: GET /api/v1/auth/current-session, cached under ['session']. Nobody signed in
// is an answer (null), not an error, so a signed-out page makes no failed request. Guards, the
// signed-in layout and the auth screens share it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { ApiError, callApi } from '@/lib/api-client';
import { forgetOfflineVault, vaultSnapshots } from '@/lib/offline/vault-snapshot';

/**
 * Not the contract's key: the entry holds the session itself (not the answer around it), and
 * replaceSession drops every other entry but this one when the account changes.
 */
export const sessionQueryKey = ['session'] as const;

/**
 * The session, and offline (the request never reached the server) the one of the vault copy kept
 * on this device, so the vault can be shown read-only (lib/offline/vault-snapshot.ts). Nobody
 * signed in any more removes that copy.
 */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const { session } = await callApi(auth.getCurrentSession, signal ? { signal } : {});
    if (!session) void forgetOfflineVault();
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) void forgetOfflineVault();
    if (!(error instanceof ApiError && error.status === 0)) throw error;
    const offline = await vaultSnapshots.read().catch(() => null);
    if (!offline) throw error;
    return offline.session;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    // Asked even when the browser says it is offline: the answer is then the offline copy's.
    networkMode: 'always',
  });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}
