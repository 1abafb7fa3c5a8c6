import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/auth/replace-session';

export interface SignInInput {
  email: string;
  password: string;
  totp?: string | undefined;
}

/** 200 with the session; 401 INVALID_CREDENTIALS, or TOTP_REQUIRED when two-factor is on and no code was sent. */
export function signIn(input: SignInInput): Promise<Session> {
  return api.post<Session>('/auth/sign-in', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}
