// /history/:id: one movement's receipt (features/history/components/receipt-card.tsx), with a way
// back to the history and a Print button; grey blocks while it loads, a not-found state for an
// address that is not one of the customer's movements (the server answers another customer's, an
// unknown and a malformed id alike), and the load error with a retry.
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileQuestion, Printer } from 'lucide-react';
import * as history from '@secure-vault/shared/history/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { usePageTitle } from '@/lib/use-page-title';
import { ReceiptCard } from '@/features/history/components/receipt-card';

export default function HistoryReceiptRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['history', 'catalogue', 'transfers']);
  const receipt = useApiQuery(history.getHistoryReceipt, { params: { id } });
  const isNotFound = receipt.error instanceof ApiError && receipt.error.status === 404;
  usePageTitle(
    receipt.data
      ? t('receipt.pageTitle', { kind: t(`kinds.${receipt.data.kind}`) })
      : isNotFound
        ? t('receipt.notFoundTitle')
        : t('receipt.title'),
  );

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-8 sm:py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm" className="-ms-3">
          <Link to={paths.history} data-testid="receipt-back">
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
            {t('receipt.backToHistory')}
          </Link>
        </Button>
        {receipt.data ? (
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden />
            {t('receipt.print')}
          </Button>
        ) : null}
      </div>
      {receipt.isPending ? (
        <ReceiptSkeleton />
      ) : isNotFound ? (
        <ReceiptNotFound />
      ) : receipt.isError ? (
        <LoadError
          title={t('receipt.errorTitle')}
          onRetry={() => void receipt.refetch()}
          isRetrying={receipt.isFetching}
        >
          {t('receipt.error')}
        </LoadError>
      ) : (
        <ReceiptCard receipt={receipt.data} />
      )}
    </div>
  );
}

function ReceiptSkeleton() {
  const { t } = useTranslation('history');
  return (
    <Card className="grid gap-6 p-5 sm:p-8" data-testid="receipt-loading">
      <p role="status" className="sr-only">
        {t('receipt.loading')}
      </p>
      <div className="grid justify-items-center gap-3">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-12 w-56" />
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <div className="grid gap-4">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-5 w-full" />
        ))}
      </div>
    </Card>
  );
}

function ReceiptNotFound() {
  const { t } = useTranslation('history');
  return (
    <EmptyState
      icon={FileQuestion}
      title={t('receipt.notFoundTitle')}
      body={t('receipt.notFoundBody')}
      testId="receipt-not-found"
      heading="h1"
    >
      <Button asChild>
        <Link to={paths.history}>{t('receipt.backToHistory')}</Link>
      </Button>
    </EmptyState>
  );
}
