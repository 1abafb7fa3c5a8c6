import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/auth/replace-session';

/** Opens the session a staff member's one-time link grants (TOKEN_INVALID when used or expired). */
export function completeImpersonation(input: { token: string }): Promise<Session> {
  return api.post<Session>('/auth/impersonation/complete', input);
}

export function useCompleteImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeImpersonation,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}
