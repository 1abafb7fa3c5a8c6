import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@secure-vault/shared/auth';
import { sessionQueryKey } from './get-session';

/**
 * Records that the browser now holds another session (or none): everything cached for the
 * previous account is dropped, so no screen can show one person's data to another. The session
 * entry itself is updated in place, so the guards watching it react at once.
 */
export function replaceSession(queryClient: QueryClient, session: Session | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}
