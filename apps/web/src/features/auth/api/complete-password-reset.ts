import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/auth/replace-session';

export interface CompletePasswordResetInput {
  token: string;
  password: string;
  /** Needed when the account has two-factor on (TOTP_REQUIRED otherwise). */
  totp?: string | undefined;
}

/** Sets the new password and signs in; TOKEN_INVALID when the link is bad, expired or used. */
export function completePasswordReset(input: CompletePasswordResetInput): Promise<Session> {
  return api.post<Session>('/auth/password-reset/complete', input);
}

export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePasswordReset,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}
