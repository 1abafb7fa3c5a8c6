import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@secure-vault/shared/paths';
import { api } from '@/lib/api-client';

export const signOutMutationKey = ['sign-out'] as const;

export function signOut(): Promise<void> {
  return api.post<void>('/auth/sign-out');
}

/**
 * Signs out and goes home. If the server cannot be reached the browser forgets the session anyway
 * (SPEC §4): the cached session, user and admin flag are cleared either way. The cache is removed
 * without telling the screens still showing (a null session would make the signed-in guard send
 * the visitor to /auth instead of home); the next page that asks checks the session afresh.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: signOutMutationKey,
    mutationFn: signOut,
    onSettled: async () => {
      await navigate(paths.home, { replace: true });
      queryClient.removeQueries();
    },
  });
}
