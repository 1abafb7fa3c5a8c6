import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/auth/get-session';

/** Confirms set-up with a code from the app; the answer carries the recovery codes, shown once. */
export function enableTwoFactor(input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  return api.post<{ recoveryCodes: string[] }>('/auth/totp/enable', input);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
