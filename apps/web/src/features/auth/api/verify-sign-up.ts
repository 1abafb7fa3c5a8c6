import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';
import { replaceSession } from '@/lib/auth/replace-session';

/** 201: the account now exists and the browser is signed in to it. */
export function verifySignUp(input: { email: string; code: string }): Promise<Session> {
  return api.post<Session>('/auth/sign-up/verify', input);
}

export function useVerifySignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignUp,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}
