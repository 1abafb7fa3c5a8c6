// Tracking (SPEC §2 tab 8, §8): every tracking record, newest first, with the request's recipient
// and the customer's email, and a dialog to add a record to any request.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { ListCardHeader, ListSkeleton } from './list-card-header';
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
    body = <ListSkeleton rows={3} rowClassName="h-12" testId="tracking-loading" />;
  }

  return (
    <Card>
      <ListCardHeader
        title={t('tracking.title')}
        description={t('tracking.description')}
        count={data ? t('tracking.count', { count: data.length }) : null}
        refreshLabel={t('tracking.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="tracking"
      >
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          {t('tracking.add')}
        </Button>
      </ListCardHeader>
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
