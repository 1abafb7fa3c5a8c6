// /history (SPEC §2, DESIGN §2): the customer's journal — summary counts, filters by type and
// dates, newest first with "Load more", refresh, CSV of the filtered list, and "Start Trading"
// when there is nothing yet. Each row opens its movement's receipt (history-receipt.tsx).
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Download, History, RefreshCw } from 'lucide-react';
import * as history from '@secure-vault/shared/history/contracts';
import { paths } from '@secure-vault/shared/paths';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { apiUrl, callApi } from '@/lib/api-client';
import { apiKey } from '@/lib/api-query';
import { currentLanguage, useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { HistoryFiltersBar } from '@/features/history/components/history-filters';
import { HistorySummary } from '@/features/history/components/history-summary';
import { TransactionItem } from '@/features/history/components/transaction-item';
import {
  filterParams,
  hasFilters,
  historyExportQuery,
  type HistoryFilters,
  historyQuery,
  queryableFilters,
  readFilters,
} from '@/features/history/filters';
import { groupTransactions } from '@/features/history/transactions';

/** Journal rows per page; "Load more" asks for the next page by its cursor. */
const historyPageSize = 50;

/** The journal's pages for some filters, newest first, with summary counts for the dates. */
function journalQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...apiKey(history.getHistory), filters],
    // The first page has no cursor; each next one the cursor its previous page gave.
    queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
      callApi(history.getHistory, {
        query: historyQuery(filters, { cursor: pageParam, limit: historyPageSize }),
        signal,
      }),
    initialPageParam: undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export default function HistoryRoute() {
  const { t } = useTranslation(['history', 'catalogue']);
  usePageTitle(t('title'));
  // The filters live in the address. useLocation and useNavigate rather than useSearchParams,
  // which would add to the router code every page loads first.
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const query = useMemo(() => queryableFilters(filters), [filters]);
  const journal = useInfiniteQuery(journalQueryOptions(query));
  const setFilters = (next: HistoryFilters) =>
    void navigate({ search: filterParams(next).toString() }, { replace: true });

  useEffect(() => {
    if (journal.isError) {
      toast.error(t('errors.loadTitle'), { description: t('errors.load') });
    }
  }, [journal.isError, t]);

  const pages = journal.data?.pages;
  const transactions = useMemo(
    () => groupTransactions(pages?.flatMap((page) => page.entries) ?? []),
    [pages],
  );
  const isRefreshing = journal.isRefetching && !journal.isFetchingNextPage;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:py-10">
      <PageHeader
        back={{ to: paths.dashboard, label: t('backToDashboard') }}
        title={t('title')}
        subtitle={t('subtitle')}
      >
        <Button
          variant="outline"
          disabled={journal.isFetching}
          onClick={() => void journal.refetch()}
        >
          <RefreshCw aria-hidden className={cn(isRefreshing && 'animate-spin')} />
          {t('refresh')}
        </Button>
        <Button asChild variant="outline">
          <a
            href={apiUrl(history.exportHistory, {
              query: historyExportQuery(query, currentLanguage()),
            })}
            download
            data-testid="history-csv"
          >
            <Download aria-hidden />
            {t('downloadCsv')}
          </a>
        </Button>
      </PageHeader>

      <HistorySummary summary={pages?.[0]?.summary} />
      <HistoryFiltersBar filters={filters} onChange={setFilters} />

      <section aria-labelledby="history-list-title" aria-busy={journal.isFetching}>
        <h2 id="history-list-title" className="sr-only">
          {t('listTitle')}
        </h2>
        {journal.isPending ? (
          <Card className="flex justify-center p-10 text-muted-foreground">
            <Spinner label={t('loading')} />
          </Card>
        ) : journal.isError && !pages ? (
          <LoadError onRetry={() => void journal.refetch()} isRetrying={journal.isFetching}>
            {t('errors.load')}
          </LoadError>
        ) : transactions.length === 0 ? (
          <EmptyHistory isFiltered={hasFilters(filters)} onClear={() => setFilters({})} />
        ) : (
          <div className="grid gap-4">
            <Card className="overflow-hidden">
              <ol className="divide-y" data-testid="history-list">
                {transactions.map((transaction) => (
                  <TransactionItem key={transaction.id} transaction={transaction} />
                ))}
              </ol>
            </Card>
            {journal.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  disabled={journal.isFetchingNextPage}
                  onClick={() => void journal.fetchNextPage()}
                >
                  {journal.isFetchingNextPage ? (
                    <Spinner label={t('loadingMore')} />
                  ) : (
                    t('loadMore')
                  )}
                </Button>
              </div>
            ) : (
              <p className="text-center text-sm text-muted-foreground">{t('end')}</p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

function EmptyHistory({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  const { t } = useTranslation('history');
  return (
    <EmptyState
      icon={History}
      title={isFiltered ? t('empty.filteredTitle') : t('empty.title')}
      body={isFiltered ? t('empty.filteredBody') : t('empty.body')}
      testId="history-empty"
    >
      {isFiltered ? (
        <Button variant="outline" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      ) : (
        <Button asChild>
          <Link to={paths.preciousMetals}>{t('empty.startTrading')}</Link>
        </Button>
      )}
    </EmptyState>
  );
}
