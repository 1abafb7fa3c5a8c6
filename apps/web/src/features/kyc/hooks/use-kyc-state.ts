// The customer's KYC as the server keeps it (DESIGN §5): read with GET /me/kyc, and replaced in
// the cache by the answer of every call that changes it, so a step shows what was saved at once
// (a call made through useApiMutation refetches it as well: its contract changes `profile`).
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { KycState } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { apiQueryKey, useApiQuery } from '@/lib/api-query';

export const kycQueryKey = apiQueryKey(kyc.getKyc);

export function useKycState() {
  return useApiQuery(kyc.getKyc);
}

/** Puts a changed state (a call's answer, or a change made here) in the cache. */
export function useStoreKycState(): (update: KycState | ((state: KycState) => KycState)) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (update) =>
      queryClient.setQueryData<KycState>(kycQueryKey, (state) =>
        typeof update === 'function' ? (state ? update(state) : state) : update,
      ),
    [queryClient],
  );
}
