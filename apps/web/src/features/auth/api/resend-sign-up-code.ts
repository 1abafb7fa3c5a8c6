import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sends a fresh sign-up code; 429 CODE_TOO_SOON within 60 s of the last one. */
export function resendSignUpCode(input: { email: string }): Promise<{ accepted: true }> {
  return api.post<{ accepted: true }>('/auth/sign-up/resend', input);
}

export function useResendSignUpCode() {
  return useMutation({ mutationFn: resendSignUpCode });
}
