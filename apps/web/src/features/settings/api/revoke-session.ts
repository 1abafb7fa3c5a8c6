import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** Signs one other device out. */
export function revokeSession(id: string): Promise<void> {
  return api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
