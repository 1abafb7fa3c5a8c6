// Cancelling a delivery before it ships (DESIGN §5): after a confirmation the request is cancelled
// and the item is back in the vault. One Idempotency-Key per cancellation, kept on a retry. Staff
// may have shipped it in the meantime: the server then refuses and the list shows where it stands.
import { useRef } from 'react';
import { XCircle } from 'lucide-react';
import type { Delivery } from '@secure-vault/shared/custody';
import * as custody from '@secure-vault/shared/custody/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';

export function DeliveryCancel({
  delivery,
  itemName,
  onConfirmed,
}: {
  delivery: Delivery;
  itemName: string;
  /** Where the keyboard goes once confirmed: this button is about to go with the request. */
  onConfirmed: () => void;
}) {
  const { t } = useTranslation(['custody', 'auth']);
  const cancelKey = useIdempotencyKey();
  const cancel = useApiMutation(custody.cancelDelivery);

  const isConfirmed = useRef(false);

  const onConfirm = () => {
    isConfirmed.current = true;
    const params = { id: delivery.id };
    cancel.mutate(
      { params, idempotencyKey: cancelKey.keyFor(params) },
      {
        onSuccess: () => {
          cancelKey.settle();
          toast.success(t('delivery.cancel.success'), {
            description: t('delivery.cancel.successDescription', { item: itemName }),
          });
        },
        onError: (error) => {
          toast.error(t('delivery.cancel.failed'), {
            description:
              error.code === 'CONFLICT'
                ? t('delivery.cancel.tooLate')
                : apiErrorText(t, error, t('delivery.cancel.fallback')),
          });
        },
      },
    );
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          aria-label={cancel.isPending ? undefined : t('delivery.cancel.label', { item: itemName })}
        >
          {cancel.isPending ? (
            <Spinner label={t('delivery.cancel.sending')} />
          ) : (
            <>
              <XCircle aria-hidden />
              {t('delivery.cancel.button')}
            </>
          )}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!isConfirmed.current) return;
          isConfirmed.current = false;
          event.preventDefault();
          onConfirmed();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delivery.cancel.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('delivery.cancel.description', { item: itemName })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('delivery.cancel.keep')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {t('delivery.cancel.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
