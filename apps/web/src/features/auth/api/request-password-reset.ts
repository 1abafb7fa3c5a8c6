import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** 202 whether or not the address has an account, so the answer tells nobody who is a customer. */
export function requestPasswordReset(input: { email: string }): Promise<{ accepted: true }> {
  return api.post<{ accepted: true }>('/auth/password-reset', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
