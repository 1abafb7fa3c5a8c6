import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth/get-session';

/** Turns two-factor off with a current authenticator code or a recovery code. */
export function disableTwoFactor(input: { code: string }): Promise<unknown> {
  return api.post<unknown>('/auth/totp/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
