// The dashboard's side of the offline vault (lib/offline/vault-snapshot.ts): each time the four
// answers it shows are all there, fresh from the server, a copy goes to this device; offline, the
// copy is read back. Never for staff or an impersonation: a staff member's browser keeps no
// customer's vault.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import * as vault from '@secure-vault/shared/vault/contracts';
import { ApiError } from '@/lib/api-client';
import { useApiQuery } from '@/lib/api-query';
import { getSessionQueryOptions } from '@/lib/auth/get-session';
import { useIsOnline } from '@/lib/use-is-online';
import { type VaultSnapshot, vaultSnapshots } from '@/lib/offline/vault-snapshot';

interface Answer<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  error: unknown;
  refetch: () => Promise<unknown>;
}

type Parts = Pick<VaultSnapshot, 'profile' | 'valuables' | 'summary'>;

/** The request never reached the server (no network, or the server is down). */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

type Answers = { [K in keyof Parts]: Answer<Parts[K]> } & { kyc: Answer<VaultSnapshot['kyc']> };

/**
 * The dashboard's answers (the same queries as the page's, so no request more) kept while they
 * are live; offline (the browser says so, or a request could not reach the server) the id of the
 * user whose copy to show instead, else null.
 */
export function useOfflineVault(): string | null {
  const answers: Answers = {
    profile: useApiQuery(vault.getProfile),
    valuables: useApiQuery(vault.getValuables),
    summary: useApiQuery(vault.getSummary),
    kyc: useApiQuery(kyc.getKyc),
  };
  // The session the signed-in frame checks (offline: the copy's, get-session.ts); not asked again.
  const { data: session } = useQuery({ ...getSessionQueryOptions(), enabled: false });
  const isOnline = useIsOnline();
  const { profile, valuables, summary, kyc: verification } = answers;
  const isServerUnreachable = [profile, valuables, summary].some((answer) =>
    isUnreachable(answer.error),
  );
  useRetryWhileUnreachable(isServerUnreachable, [profile, valuables, summary, verification]);
  const isOffline = !isOnline || isServerUnreachable;
  useKeepVaultSnapshot(session, answers, !isOffline);
  return isOffline && session ? session.user.id : null;
}

/** How often to try the server again while the copy is shown because it could not be reached. */
const retryMs = 5_000;

/**
 * While the server cannot be reached, asks again every few seconds and as soon as the browser
 * says it is back online, so the live dashboard returns by itself. (TanStack retries on
 * reconnect only what it had paused, and the browser does not always say when it is back.)
 */
function useRetryWhileUnreachable(isUnreachableNow: boolean, answers: Answer<unknown>[]): void {
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  });
  useEffect(() => {
    if (!isUnreachableNow) return;
    const retry = () => {
      for (const answer of latest.current) void answer.refetch();
    };
    const timer = window.setInterval(retry, retryMs);
    window.addEventListener('online', retry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [isUnreachableNow]);
}

function useKeepVaultSnapshot(
  session: Session | undefined | null,
  answers: Answers,
  isLive: boolean,
): void {
  const { profile, valuables, summary, kyc } = answers;
  const isCustomer = Boolean(session && !session.isAdmin && !session.impersonatedBy);
  const kycStatus = kyc.data?.status;
  const rejectionReason = kyc.data?.rejectionReason ?? null;
  const savedAt = Math.min(
    profile.dataUpdatedAt,
    valuables.dataUpdatedAt,
    summary.dataUpdatedAt,
    kyc.dataUpdatedAt,
  );
  useEffect(() => {
    if (!isLive || !isCustomer || !session || !kycStatus) return;
    if (!profile.data || !valuables.data || !summary.data || savedAt === 0) return;
    void vaultSnapshots
      .save({
        savedAt,
        session,
        profile: profile.data,
        valuables: valuables.data,
        summary: summary.data,
        kyc: { status: kycStatus, rejectionReason },
      })
      .catch(() => undefined);
  }, [
    isLive,
    isCustomer,
    session,
    profile.data,
    valuables.data,
    summary.data,
    kycStatus,
    rejectionReason,
    savedAt,
  ]);
}

/** The copy kept for this user: undefined while it is read, null when there is none. */
export function useVaultSnapshot(userId: string): VaultSnapshot | null | undefined {
  const [snapshot, setSnapshot] = useState<{ userId: string; found: VaultSnapshot | null }>();
  useEffect(() => {
    let isCurrent = true;
    void vaultSnapshots
      .read(userId)
      .catch(() => null)
      .then((found) => {
        if (isCurrent) setSnapshot({ userId, found });
      });
    return () => {
      isCurrent = false;
    };
  }, [userId]);
  return snapshot?.userId === userId ? snapshot.found : undefined;
}
