// The one TanStack Query client. Its provider wraps the signed-in areas (and dev pages), not the
// public site, so the public pages load without the query library.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's client settings, for the app and for tests of how it refreshes. An answer is fresh
 * for 30 s; after that, coming back to the tab (window focus) refetches what is on screen, so a
 * tab converges even when a realtime notice was missed. A refusal (4xx) is not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
