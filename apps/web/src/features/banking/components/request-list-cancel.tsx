// Cancelling a pending withdrawal (DESIGN §5): after a confirmation, the request is cancelled and
// its cash comes back to the balance, once. Staff may have sent it in the meantime: then the
// server refuses and the list shows where it really stands.
import { XCircle } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { Transfer } from '@secure-vault/shared/transfers';
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
import { formatUsd } from '@/lib/money';
import { toast } from '@/lib/toast';
import { maskAccount } from '../mask';

export function CancelWithdrawal({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation(['banking', 'auth']);
  const cancelKey = useIdempotencyKey();
  const cancel = useApiMutation(banking.cancelWithdrawal);
  const amount = formatUsd(transfer.amount);
  const account = [
    transfer.bankName,
    transfer.bankAccountNumber && maskAccount(transfer.bankAccountNumber),
  ]
    .filter(Boolean)
    .join(' ');

  const onConfirm = () => {
    const params = { id: transfer.id };
    cancel.mutate(
      { params, idempotencyKey: cancelKey.keyFor(params) },
      {
        onSuccess: (result) => {
          cancelKey.settle();
          toast.success(t('cancel.successTitle'), {
            description: t('cancel.success', { amount: formatUsd(result.amount) }),
          });
        },
        onError: (error) => {
          toast.error(t('cancel.failed'), {
            description:
              error.code === 'CONFLICT'
                ? t('cancel.notPending')
                : apiErrorText(t, error, t('cancel.failedFallback')),
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
          aria-label={cancel.isPending ? undefined : t('cancel.label', { amount })}
        >
          {cancel.isPending ? (
            <Spinner label={t('cancel.sending')} />
          ) : (
            <>
              <XCircle aria-hidden />
              {t('cancel.button')}
            </>
          )}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancel.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {account
              ? t('cancel.descriptionTo', { amount, account })
              : t('cancel.description', { amount })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancel.keep')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('cancel.confirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
