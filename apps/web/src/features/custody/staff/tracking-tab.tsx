// Tracking (SPEC §2 tab 8, §8): every tracking record, newest first, with the request's recipient
// and the customer's email, and a dialog to add a record to any request.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';
import { TrackingAddDialog } from './tracking-add-dialog';
import { TrackingList } from './tracking-list';

export function TrackingTab() {
  const { t } = useTranslation(['admin', 'custody', 'vault', 'catalogue']);
  const [isAdding, setAdding] = useState(false);
  const list = useApiQuery(custody.listTracking);
  const data = list.data;

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
        <ListBody
          list={list}
          size={data?.length}
          texts={{
            empty: t('tracking.empty'),
            loadErrorTitle: t('tracking.loadErrorTitle'),
            loadErrorBody: t('tracking.loadErrorBody'),
          }}
          skeleton={{ rows: 3, rowClassName: 'h-12' }}
          testId="tracking"
          renderList={() => data && <TrackingList items={data} />}
        />
      </CardContent>
      <TrackingAddDialog open={isAdding} onClose={() => setAdding(false)} />
    </Card>
  );
}
