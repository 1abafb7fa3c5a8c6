// The customer's requests and transfers, newest first, ten a page (DESIGN §5): on /inter-accounts
// all of them, on /withdrawal the withdrawals. It follows staff's decisions live: the realtime
// `requests` notice refetches it (lib/realtime.ts).
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { TransferType } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { apiQueryOptions } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { RequestListItem } from './request-list-item';

export const requestPageSize = 10;

export function RequestList({
  type,
  title,
  description,
  emptyText,
}: {
  /** Only this kind (withdrawals on /withdrawal); every kind when absent. */
  type?: TransferType;
  title: string;
  description?: string;
  emptyText: string;
}) {
  const { t } = useTranslation(['banking', 'catalogue']);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...apiQueryOptions(banking.getMyTransfers, {
      query: { ...(type ? { type } : {}), page, pageSize: requestPageSize },
    }),
    // Turning a page keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / requestPageSize)) : 1;
  const headingId = `requests-${type ?? 'all'}-title`;

  let body;
  if (list.data) {
    body =
      list.data.items.length === 0 ? (
        <p
          className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground"
          data-testid="requests-empty"
        >
          {emptyText}
        </p>
      ) : (
        <ul
          className="grid divide-y divide-border"
          aria-labelledby={headingId}
          aria-busy={list.isPlaceholderData}
          data-testid="request-list"
        >
          {list.data.items.map((transfer) => (
            <RequestListItem key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      );
  } else if (list.isError) {
    body = (
      <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
        {t('requests.loadError')}
      </LoadError>
    );
  } else {
    body = (
      <div className="grid gap-4" aria-busy="true" aria-label={t('requests.loading')}>
        {[0, 1, 2].map((index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        {list.data && pages > 1 ? (
          <nav
            aria-label={t('requests.pages')}
            className="flex flex-wrap items-center justify-between gap-2"
          >
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage(page - 1)}
              disabled={page <= 1 || list.isPlaceholderData}
            >
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
              {t('requests.previous')}
            </Button>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {t('requests.page', { page, pages })}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage(page + 1)}
              disabled={page >= pages || list.isPlaceholderData}
            >
              {t('requests.next')}
              <ChevronRight aria-hidden className="rtl:rotate-180" />
            </Button>
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
