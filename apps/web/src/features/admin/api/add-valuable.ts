import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminValuableInput, Valuable } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** Adds a valuable to a customer's vault; type cash credits their cash position instead. */
export function addValuable(input: AdminValuableInput): Promise<Valuable> {
  return api.post<Valuable>('/admin/valuables', input);
}

export function useAddValuable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addValuable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
