import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordResetLink } from '@secure-vault/shared/auth';
import { api } from '@/lib/api-client';

/**
 * Whether an emailed reset link still works, asked when its page opens (nothing is used up):
 * TOKEN_INVALID when it is unknown, used or expired; otherwise whether the account will ask for
 * its authenticator code.
 */
export function checkPasswordResetLink(token: string): Promise<PasswordResetLink> {
  return api.post<PasswordResetLink>('/auth/password-reset/check', { token });
}

export function usePasswordResetLink(token: string, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['password-reset-link', token],
      queryFn: () => checkPasswordResetLink(token),
      enabled: isEnabled,
      // One answer per visit: the link changes only when it is used, which leaves the page.
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    }),
  );
}
