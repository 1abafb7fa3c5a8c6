// Cancelling a limit order (issue 29), confirmed in a dialog first that offers to keep it and
// says what comes back to the vault. Once confirmed, the keyboard goes where the row says (its
// Cancel button is about to go).
import { useRef } from 'react';
import { XCircle } from 'lucide-react';
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
import { useTranslation } from '@/lib/i18n';

export function CancelLimitOrder({
  orderText,
  reservedText,
  isPending,
  onConfirm,
  onConfirmed,
}: {
  /** The order in words, "Buy 10.000 mg at or below $0.060000 per mg". */
  orderText: string;
  /** What it holds of the vault, "$0.60". */
  reservedText: string;
  isPending: boolean;
  onConfirm: () => void;
  /** Where the keyboard goes once the dialog closes on a confirmation. */
  onConfirmed: () => void;
}) {
  const { t } = useTranslation('trading');
  const isConfirmed = useRef(false);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={isPending}
          aria-label={isPending ? undefined : t('orders.cancelNamed', { order: orderText })}
        >
          {isPending ? (
            <Spinner label={t('orders.cancelling')} />
          ) : (
            <>
              <XCircle aria-hidden />
              {t('orders.cancel')}
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
          <AlertDialogTitle>{t('orders.cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('orders.cancelDescription', { order: orderText, reserved: reservedText })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('orders.keep')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              isConfirmed.current = true;
              onConfirm();
            }}
          >
            {t('orders.confirmCancel')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
