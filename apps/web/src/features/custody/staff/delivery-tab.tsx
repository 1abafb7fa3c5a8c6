// Delivery Management (SPEC §2 tab 6, §4; DESIGN §5): every delivery request, newest first,
// filtered by status, each with a status dropdown offering only its allowed next steps and its
// tracking. We differ from SPEC's free dropdown on purpose: delivered takes the item out of the
// vault and cancelled returns it, so each must happen once and in order.
import { useState } from 'react';
import { Navigation } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import {
  type AdminDelivery,
  type DeliveryStatus,
  deliveryStatuses,
} from '@secure-vault/shared/custody';
import { isOneOf } from '@secure-vault/shared/guards';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { ListBody, ListCardHeader } from '@/components/staff/list-card-header';
import { deliveryItemName } from './delivery-cells';
import { DeliveryList, type DeliveryLayout } from './delivery-list';
import {
  DeliveryStatusConfirm,
  useDeliveryStatusChange,
  useUpdatingDeliveries,
} from './delivery-status-change';
import { DeliveryStatusControl } from './delivery-status-control';
import { DeliveryTrackingDialog } from './delivery-tracking-dialog';

const isStatus = (value: string): value is DeliveryStatus => isOneOf(deliveryStatuses, value);

export function DeliveryTab() {
  const { t } = useTranslation(['admin', 'custody', 'vault', 'catalogue']);
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [trackingId, setTrackingId] = useState<string | null>(null);
  const list = useApiQuery(custody.listDeliveries, { query: status ? { status } : {} });
  const updatingIds = useUpdatingDeliveries();
  const { request, confirmation } = useDeliveryStatusChange();
  const data = list.data;
  // Read from the list, so a record added in the dialog shows once the list refreshes.
  const tracked = (trackingId && data?.find((delivery) => delivery.id === trackingId)) || null;

  const actions = (delivery: AdminDelivery, layout: DeliveryLayout) => (
    <div className="grid gap-2">
      <DeliveryStatusControl
        // A new status starts the dropdown again from its prompt.
        key={delivery.status}
        delivery={delivery}
        idPrefix={`delivery-${layout}`}
        isUpdating={updatingIds.has(delivery.id)}
        onRequest={(target, next) => request({ delivery: target, status: next })}
      />
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-start"
        onClick={() => setTrackingId(delivery.id)}
      >
        <Navigation aria-hidden />
        {t('delivery.tracking.openCount', { count: delivery.tracking.length })}
        <span className="sr-only">
          {' '}
          {t('delivery.change.which', {
            recipient: delivery.recipientName,
            item: deliveryItemName(t, delivery),
          })}
        </span>
      </Button>
    </div>
  );

  return (
    <Card>
      <ListCardHeader
        title={t('delivery.title')}
        description={t('delivery.description')}
        count={data ? t('delivery.count', { count: data.length }) : null}
        refreshLabel={t('delivery.refresh')}
        isFetching={list.isFetching}
        onRefresh={() => void list.refetch()}
        testId="delivery"
      />
      <CardContent className="grid gap-4">
        <div
          role="search"
          aria-label={t('delivery.filters.label')}
          className="grid gap-2 sm:max-w-xs"
        >
          <Label htmlFor="delivery-status-filter">{t('delivery.filters.status')}</Label>
          <NativeSelect
            id="delivery-status-filter"
            value={status}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
          >
            <option value="">{t('delivery.filters.allStatuses')}</option>
            {deliveryStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`delivery.statuses.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ListBody
          list={list}
          size={data?.length}
          texts={{
            empty: status ? t('delivery.emptyFiltered') : t('delivery.empty'),
            loadErrorTitle: t('delivery.loadErrorTitle'),
            loadErrorBody: t('delivery.loadErrorBody'),
          }}
          skeleton={{ rows: 3, rowClassName: 'h-16' }}
          testId="delivery"
          renderList={() => data && <DeliveryList items={data} actions={actions} />}
        />
      </CardContent>
      <DeliveryStatusConfirm {...confirmation} />
      <DeliveryTrackingDialog delivery={tracked} onClose={() => setTrackingId(null)} />
    </Card>
  );
}
