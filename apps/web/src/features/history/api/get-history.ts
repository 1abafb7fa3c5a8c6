import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryPage } from '@secure-vault/shared/history';
import { api } from '@/lib/api-client';
import { historyQueryKey } from '@/lib/trade';
import { filterParams, type HistoryFilters, withQuery } from '../filters';

/** Journal rows per page; "Load more" asks for the next page by its cursor. */
export const historyPageSize = 50;

/** One page of the journal, newest first, with summary counts for the date range. */
export function getHistoryPage(filters: HistoryFilters, cursor?: string): Promise<HistoryPage> {
  return api.get<HistoryPage>(
    withQuery('/me/history', filterParams(filters, { cursor, limit: historyPageSize })),
  );
}

export function getHistoryQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...historyQueryKey, filters],
    queryFn: ({ pageParam }) => getHistoryPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery(getHistoryQueryOptions(filters));
}
