// Tracking (SPEC §2 tab 8, §8): every tracking record, newest first, with the request's recipient
// and the customer's email, and a dialog to add a record to any request.
import { useState } from 'react';
import { Plus, RotateCw } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { TrackingAddDialog } from './tracking-add-dialog';
import { TrackingList } from './tracking-list';

export function TrackingTab() {
  const { t } = useTranslation(['admin', 'custody', 'vault', 'catalogue']);
  const [isAdding, setAdding] = useState(false);
  const list = useApiQuery(custody.listTracking);
  const data = list.data;

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p
          className="rounded-md border border-dashed p-8 text-center text-sm text-muted-foreground"
          data-testid="tracking-empty"
        >
          {t('tracking.empty')}
        </p>
      ) : (
        <TrackingList items={data} />
      );
  } else if (!list.isError) {
    body = (
      <div className="grid gap-3" aria-busy="true" data-testid="tracking-loading">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h3 className="text-lg font-semibold leading-tight">{t('tracking.title')}</h3>
          <CardDescription>{t('tracking.description')}</CardDescription>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          {data ? (
            <p className="text-sm font-medium tabular-nums" data-testid="tracking-total">
              {t('tracking.count', { count: data.length })}
            </p>
          ) : null}
          <Button
            variant="outline"
            onClick={() => {
              if (!list.isFetching) void list.refetch();
            }}
            aria-busy={list.isFetching}
          >
            <RotateCw aria-hidden className={cn(list.isFetching && 'animate-spin')} />
            {t('tracking.refresh')}
          </Button>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('tracking.add')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isError ? (
          <LoadError
            title={t('tracking.loadErrorTitle')}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          >
            {t('tracking.loadErrorBody')}
          </LoadError>
        ) : null}
        {body}
      </CardContent>
      <TrackingAddDialog open={isAdding} onClose={() => setAdding(false)} />
    </Card>
  );
}
