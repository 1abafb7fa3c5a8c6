// Cancelling a recurring buy (issue 29): for good, so it is confirmed in a dialog first, which
// offers to keep it and says pausing is the way to stop for a while. Once confirmed, the keyboard
// goes where the row says (its Cancel button is about to go).
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

export function CancelRecurringBuy({
  planText,
  isPending,
  isDisabled,
  onConfirm,
  onConfirmed,
}: {
  /** The plan in words, "Bitcoin: $50.00 every Monday". */
  planText: string;
  isPending: boolean;
  isDisabled: boolean;
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
          disabled={isDisabled}
          aria-label={isPending ? undefined : t('recurring.cancelNamed', { plan: planText })}
        >
          {isPending ? (
            <Spinner label={t('recurring.cancelling')} />
          ) : (
            <>
              <XCircle aria-hidden />
              {t('recurring.cancel')}
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
          <AlertDialogTitle>{t('recurring.cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('recurring.cancelDescription', { plan: planText })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('recurring.keep')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              isConfirmed.current = true;
              onConfirm();
            }}
          >
            {t('recurring.confirmCancel')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
