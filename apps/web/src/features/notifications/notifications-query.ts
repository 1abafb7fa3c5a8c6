// The centre's pages of notices. Each notice comes worded by the server in the language the
// request asks in (Accept-Language, lib/api-client.ts), so the language is part of the key:
// switching language reads the notices again in the new one. The key still starts with the
// operation's own (['me', 'notifications']), which the `notifications` topic makes stale.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Language } from '@secure-vault/shared/i18n';
import * as notifications from '@secure-vault/shared/notifications/contracts';
import { callApi } from '@/lib/api-client';
import { apiKey } from '@/lib/api-query';

export function notificationsQuery(language: Language) {
  return infiniteQueryOptions({
    queryKey: [...apiKey(notifications.getNotifications), 'pages', language],
    // The first page has no cursor; each next one the cursor its previous page gave.
    queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
      callApi(notifications.getNotifications, {
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
