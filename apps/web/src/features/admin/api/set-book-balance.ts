import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface SetBookBalanceInput {
  userId: string;
  bookBalance: string;
}

/** NOT_FOUND when the user has no profile (SPEC §8 "No profile found"). */
export function setBookBalance({ userId, bookBalance }: SetBookBalanceInput): Promise<Profile> {
  return api.put<Profile>(`/admin/users/${encodeURIComponent(userId)}/book-balance`, {
    bookBalance,
  });
}

export function useSetBookBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
