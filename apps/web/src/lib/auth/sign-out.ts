import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { useApiMutation } from '@/lib/api-query';
import { forgetOfflineVault } from '@/lib/offline/vault-snapshot';

export const signOutMutationKey = ['sign-out'] as const;

/**
 * Signs out and goes home. If the server cannot be reached the browser forgets the session anyway
 * (SPEC §4): the cached session, user and admin flag are cleared either way. The cache is removed
 * without telling the screens still showing (a null session would make the signed-in guard send
 * the visitor to /auth instead of home); the next page that asks checks the session afresh.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useApiMutation(auth.signOut, {
    mutationKey: signOutMutationKey,
    // Offline too: it then fails at once and the browser forgets the session and the vault copy.
    networkMode: 'always',
    onSettled: async () => {
      await forgetOfflineVault();
      await navigate(paths.home, { replace: true });
      queryClient.removeQueries();
    },
  });
}
