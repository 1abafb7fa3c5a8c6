// Moving a delivery on (DESIGN §5): only the allowed next status is offered, and the two that
// move the item (delivered takes it out of the vault, cancelled returns it) ask first. Sent with
// an Idempotency-Key per intended change, reused when the same change is retried; a change the
// server refuses as out of order (CONFLICT: someone moved it meanwhile) is said, and the list
// refreshed.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import * as custody from '@secure-vault/shared/custody/contracts';
import type { AdminDelivery, DeliveryStatus } from '@secure-vault/shared/custody';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { isolate } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDecidingIds } from '@/components/staff/decision-dialog';
import { deliveryItemName } from './delivery-cells';

export interface StatusChange {
  delivery: AdminDelivery;
  status: DeliveryStatus;
}

type ConfirmedStatus = 'delivered' | 'cancelled';

/** The changes that move the item, and cannot be taken back, are confirmed first. */
function asksConfirmation(status: DeliveryStatus): status is ConfirmedStatus {
  return status === 'delivered' || status === 'cancelled';
}

/** Marks the status changes, so the list can tell which requests are waiting for one. */
const statusChangeKey = ['admin', 'deliveries', 'status'] as const;

/** The ids of the requests whose new status is on its way. */
export function useUpdatingDeliveries(): ReadonlySet<string> {
  return useDecidingIds(statusChangeKey);
}

function reportFailure(t: TFunction, error: ApiError): void {
  if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') {
    toast.error(t('delivery.update.conflictTitle'), {
      description: t('delivery.update.conflictBody'),
    });
    return;
  }
  toast.error(t('delivery.update.failedTitle'), {
    description: apiErrorText(t, error, t('delivery.update.failedBody')),
  });
}

/**
 * `request(change)` sends the change, or first asks when it moves the item; `confirmation` is
 * what <DeliveryStatusConfirm> shows meanwhile.
 */
export function useDeliveryStatusChange() {
  const { t } = useTranslation(['admin', 'auth']);
  const [asking, setAsking] = useState<StatusChange | null>(null);
  const change = useApiMutation(custody.setDeliveryStatus, { mutationKey: statusChangeKey });
  const intention = useIdempotencyKey();

  const send = ({ delivery, status }: StatusChange) => {
    const request = { params: { id: delivery.id }, body: { status } };
    change.mutate(
      { ...request, idempotencyKey: intention.keyFor(request) },
      {
        onSuccess: (result) => {
          intention.settle();
          setAsking(null);
          toast.success(t('delivery.update.successTitle'), {
            description: t('delivery.update.successBody', {
              status: t(`delivery.statusWords.${result.status}`),
            }),
          });
        },
        onError: (error) => {
          // A change that can no longer be made: whatever is asked next is a new intention.
          if (error.code === 'CONFLICT' || error.code === 'NOT_FOUND') intention.settle();
          setAsking(null);
          reportFailure(t, error);
        },
      },
    );
  };

  return {
    request: (wanted: StatusChange) => {
      if (asksConfirmation(wanted.status)) setAsking(wanted);
      else send(wanted);
    },
    confirmation: {
      change: asking,
      isSending: change.isPending,
      onConfirm: () => {
        if (asking) send(asking);
      },
      onClose: () => setAsking(null),
    },
  };
}

export function DeliveryStatusConfirm({
  change,
  isSending,
  onConfirm,
  onClose,
}: ReturnType<typeof useDeliveryStatusChange>['confirmation']) {
  const { t } = useTranslation(['admin', 'vault', 'catalogue']);
  const status = change && asksConfirmation(change.status) ? change.status : null;
  return (
    <AlertDialog
      open={change !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isSending) onClose();
      }}
    >
      {change && status ? (
        <AlertDialogContent data-testid="delivery-status-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>{t(`delivery.confirm.titles.${status}`)}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('delivery.confirm.summary', {
                item: isolate(deliveryItemName(t, change.delivery)),
                recipient: isolate(change.delivery.recipientName),
                email: isolate(change.delivery.userEmail),
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <p className="rounded-md bg-muted p-3 text-sm font-medium" data-testid="delivery-effect">
            {t(`delivery.confirm.effects.${status}`)} {t('delivery.confirm.final')}
          </p>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={isSending}>
              {t('delivery.confirm.back')}
            </AlertDialogCancel>
            <Button
              type="button"
              variant={status === 'cancelled' ? 'destructive' : 'default'}
              disabled={isSending}
              onClick={onConfirm}
            >
              {isSending ? (
                <Spinner label={t('delivery.confirm.saving')} />
              ) : (
                t(`delivery.confirm.confirm.${status}`)
              )}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
