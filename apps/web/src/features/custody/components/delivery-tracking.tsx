// Settings' delivery tracking view (SPEC §2 "the user's requests with their tracking entries,
// newest first, the newest highlighted", §8 load errors): every request with its tracking,
// refreshed live as staff move it on (the `requests` realtime topic). A refresh that fails keeps
// what was shown and says the updates could not be loaded.
import { CheckCircle2, PackageSearch } from 'lucide-react';
import * as custody from '@secure-vault/shared/custody/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { DeliveryEntry } from './delivery-entry';
import { newestFirst } from './delivery-timeline';

export function DeliveryTracking({
  canCancel,
  justRequestedId,
  onRequest,
}: {
  canCancel: boolean;
  /** The request just made here, announced and outlined. */
  justRequestedId: string | null;
  onRequest: () => void;
}) {
  const { t } = useTranslation('custody');
  const deliveries = useApiQuery(custody.getMyDeliveries);

  if (deliveries.isPending) {
    return (
      <div
        className="grid gap-3"
        role="status"
        aria-busy="true"
        aria-label={t('delivery.tracking.loading')}
      >
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-40 w-full" />
        ))}
      </div>
    );
  }
  if (deliveries.isError && !deliveries.data) {
    return (
      <LoadError
        title={t('delivery.tracking.loadErrorTitle')}
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
      >
        {t('delivery.tracking.loadError')}
      </LoadError>
    );
  }

  const list = newestFirst(deliveries.data);
  return (
    <div className="grid gap-4">
      {justRequestedId ? (
        <Alert tone="success" role="status" data-testid="delivery-submitted">
          <CheckCircle2 aria-hidden className="text-success" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('delivery.submitted.title')}</p>
            <p>{t('delivery.submitted.description')}</p>
          </div>
        </Alert>
      ) : null}
      {deliveries.isError ? (
        <LoadError
          onRetry={() => void deliveries.refetch()}
          isRetrying={deliveries.isFetching}
          className="text-sm"
        >
          {t('delivery.tracking.refreshError')}
        </LoadError>
      ) : null}
      {list.length === 0 ? (
        <div
          className="grid justify-items-center gap-3 rounded-md border border-dashed p-6 text-center"
          data-testid="deliveries-empty"
        >
          <PackageSearch aria-hidden className="size-10 text-muted-foreground" />
          <h3 className="text-lg font-semibold">{t('delivery.tracking.emptyTitle')}</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            {t('delivery.tracking.emptyBody')}
          </p>
          <Button variant="outline" onClick={onRequest}>
            {t('delivery.main.request')}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label={t('delivery.tracking.listLabel')}>
          {list.map((delivery) => (
            <DeliveryEntry
              key={delivery.id}
              delivery={delivery}
              canCancel={canCancel}
              isJustRequested={delivery.id === justRequestedId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
