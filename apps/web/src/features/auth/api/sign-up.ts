import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SignUpInput {
  email: string;
  password: string;
}

/** 202: a 6-digit code is on its way to the address; the account exists once it is verified. */
export function signUp(input: SignUpInput): Promise<{ accepted: true }> {
  return api.post<{ accepted: true }>('/auth/sign-up', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
