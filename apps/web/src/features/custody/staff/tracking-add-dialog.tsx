// The Tracking tab's "Add record" dialog (SPEC §2 tab 8, §4, §5): choose the delivery request
// ("Please select a delivery request"), a status from the dialog's subset, and optionally a
// location and a message.
import * as custody from '@secure-vault/shared/custody/contracts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { TrackingForm, dialogTrackingStatuses } from './tracking-form';

function DialogBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const deliveries = useApiQuery(custody.listDeliveries, { query: {} });

  if (!deliveries.data) {
    if (deliveries.isError) {
      return (
        <LoadError onRetry={() => void deliveries.refetch()} isRetrying={deliveries.isFetching}>
          {t('tracking.dialog.loadError')}
        </LoadError>
      );
    }
    return (
      <div className="grid gap-3" aria-busy="true" data-testid="tracking-dialog-loading">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
        {t('tracking.dialog.noDeliveries')}
      </p>
    );
  }
  return (
    <TrackingForm
      idPrefix="tracking-add"
      statuses={dialogTrackingStatuses}
      deliveries={deliveries.data}
      texts={{
        submit: t('tracking.dialog.submit'),
        saving: t('tracking.dialog.saving'),
        added: t('tracking.dialog.successTitle'),
        failedTitle: t('tracking.dialog.failedTitle'),
        failedBody: t('tracking.dialog.failedBody'),
      }}
      onAdded={onClose}
      onCancel={onClose}
    />
  );
}

export function TrackingAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {open ? (
        <DialogContent
          closeLabel={t('delivery.tracking.close')}
          className="sm:max-w-lg"
          data-testid="tracking-add"
        >
          <DialogHeader>
            <DialogTitle>{t('tracking.dialog.title')}</DialogTitle>
            <DialogDescription>{t('tracking.dialog.description')}</DialogDescription>
          </DialogHeader>
          <DialogBody onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
