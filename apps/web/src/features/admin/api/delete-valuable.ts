import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

/** Removes a valuable from a customer's vault (the journal takes out its value). */
export function deleteValuable(id: string): Promise<void> {
  return api.delete<void>(`/admin/valuables/${encodeURIComponent(id)}`);
}

export function useDeleteValuable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteValuable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
