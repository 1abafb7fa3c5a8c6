// One request's tracking (SPEC §2 tab 6 "tracking per request", §4): its records newest first,
// the newest highlighted, and a form to add one with any of the seven tracking statuses. The
// records come with the list of requests, so an added record shows once the list refreshes.
import { type AdminDelivery, trackingStatuses } from '@secure-vault/shared/custody';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { deliveryDate, deliveryItemName } from './delivery-cells';
import { StatusBadge } from '@/components/ui/status-badge';
import { deliveryStatusTones } from '../delivery-status';
import { TrackingForm } from './tracking-form';

function TrackingHistory({ delivery }: { delivery: AdminDelivery }) {
  const { t } = useTranslation('admin');
  if (delivery.tracking.length === 0) {
    return (
      <p
        className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground"
        data-testid="delivery-tracking-empty"
      >
        {t('delivery.tracking.empty')}
      </p>
    );
  }
  return (
    <ol
      className="grid max-h-72 gap-2 overflow-y-auto"
      aria-label={t('delivery.tracking.history')}
      data-testid="delivery-tracking-history"
    >
      {delivery.tracking.map((record, index) => {
        const isLatest = index === 0;
        return (
          <li
            key={record.id}
            className={cn(
              'grid gap-1 rounded-md border p-3 text-sm',
              isLatest && 'border-accent bg-accent/10',
            )}
            data-testid="delivery-tracking-record"
            data-latest={isLatest || undefined}
          >
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge
                status={record.status}
                tones={deliveryStatusTones}
                label={t(`delivery.statuses.${record.status}`)}
                testId="delivery-status-badge"
              />
              {isLatest ? (
                <span className="text-xs font-semibold text-accent-strong">
                  {t('delivery.tracking.latest')}
                </span>
              ) : null}
              <span className="ms-auto text-xs text-muted-foreground">
                {deliveryDate(record.createdAt)}
              </span>
            </div>
            {record.location ? (
              <p className="font-medium">
                <bdi>{record.location}</bdi>
              </p>
            ) : null}
            {record.message ? (
              <p className="whitespace-pre-line text-muted-foreground">
                <bdi>{record.message}</bdi>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export function DeliveryTrackingDialog({
  delivery,
  onClose,
}: {
  /** The request whose tracking is open, or null. */
  delivery: AdminDelivery | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'vault', 'catalogue']);
  return (
    <Dialog
      open={delivery !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {delivery ? (
        <DialogContent
          closeLabel={t('delivery.tracking.close')}
          className="sm:max-w-lg"
          data-testid="delivery-tracking"
        >
          <DialogHeader>
            <DialogTitle>{t('delivery.tracking.title')}</DialogTitle>
            <DialogDescription>
              {t('delivery.tracking.description', {
                item: deliveryItemName(t, delivery),
                recipient: delivery.recipientName,
              })}
            </DialogDescription>
            <div>
              <StatusBadge
                status={delivery.status}
                tones={deliveryStatusTones}
                label={t(`delivery.statuses.${delivery.status}`)}
                testId="delivery-status-badge"
              />
            </div>
          </DialogHeader>
          <TrackingHistory delivery={delivery} />
          <section className="grid gap-3 border-t pt-4" aria-labelledby="delivery-tracking-add">
            <h3 id="delivery-tracking-add" className="font-semibold">
              {t('delivery.tracking.addTitle')}
            </h3>
            <TrackingForm
              key={delivery.id}
              idPrefix="delivery-tracking"
              statuses={trackingStatuses}
              deliveryId={delivery.id}
              texts={{
                submit: t('delivery.tracking.submit'),
                saving: t('delivery.tracking.saving'),
                added: t('delivery.tracking.successTitle'),
                failedTitle: t('delivery.tracking.failedTitle'),
                failedBody: t('delivery.tracking.failedBody'),
              }}
            />
          </section>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
