import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminValuableUpdate, Valuable } from '@secure-vault/shared/vault';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

export interface EditValuableInput {
  id: string;
  changes: AdminValuableUpdate;
}

/** Edits a custody item, or sets the balance of a cash position. */
export function editValuable({ id, changes }: EditValuableInput): Promise<Valuable> {
  return api.patch<Valuable>(`/admin/valuables/${encodeURIComponent(id)}`, changes);
}

export function useEditValuable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editValuable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
