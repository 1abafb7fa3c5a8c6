import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from './get-sessions';

/** Signs every device but this one out. */
export function revokeOtherSessions(): Promise<unknown> {
  return api.post<unknown>('/auth/sessions/revoke-others');
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
