import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Session } from '@secure-vault/shared/auth';
import { paths } from '@secure-vault/shared/paths';
import { api } from '@/lib/api-client';
import { replaceSession } from './replace-session';

/** Ends a staff member's view of a customer's account; the answer carries their own session back. */
export async function endImpersonation(): Promise<Session | null> {
  const body = await api.post<{ session: Session | null } | undefined>('/auth/impersonation/end');
  return body?.session ?? null;
}

export function useEndImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: endImpersonation,
    onSuccess: async (session) => {
      // Nothing cached for the customer may leak into the staff member's screens.
      replaceSession(queryClient, session);
      await navigate(session ? paths.admin : paths.auth, { replace: true });
    },
  });
}
