import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from './replace-session';

/** Ends a staff member's view of a customer's account; the answer carries their own session back. */
export function useEndImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useApiMutation(auth.endImpersonation, {
    onSuccess: async ({ session }) => {
      // Nothing cached for the customer may leak into the staff member's screens.
      replaceSession(queryClient, session);
      await navigate(session ? paths.admin : paths.auth, { replace: true });
    },
  });
}
