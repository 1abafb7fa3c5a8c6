// The last look before a withdrawal goes to the server, as a trade has one (SPEC §5): the amount,
// the bank account it goes to and the cash left after it. Confirm sends it; the cash leaves the
// balance at once, so nothing is sent before this.
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';

export interface WithdrawalToReview {
  amount: string;
  /** The bank account as the form lists it (bank name and masked number). */
  accountLabel: string;
  /** The cash balance less the amount. */
  remaining: string;
}

export function WithdrawalReview({
  withdrawal,
  isPending,
  onConfirm,
  onCancel,
}: {
  /** The withdrawal to confirm; the dialog is open while there is one. */
  withdrawal: WithdrawalToReview | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('banking');
  return (
    <AlertDialog
      open={withdrawal !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <AlertDialogContent data-testid="confirm-withdrawal">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('withdraw.review.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('withdraw.review.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        {withdrawal ? (
          <dl className="grid gap-2 rounded-md border bg-muted/40 p-4 text-sm">
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted-foreground">{t('withdraw.review.account')}</dt>
              <dd className="text-end font-medium" data-testid="confirm-withdrawal-account">
                {withdrawal.accountLabel}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4">
              <dt className="text-muted-foreground">{t('withdraw.review.remaining')}</dt>
              <dd
                className="text-end font-medium tabular-nums"
                data-testid="confirm-withdrawal-remaining"
              >
                {formatUsd(withdrawal.remaining)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 border-t pt-2">
              <dt className="font-semibold">{t('withdraw.review.amount')}</dt>
              <dd
                className="text-end text-base font-semibold tabular-nums"
                data-testid="confirm-withdrawal-amount"
              >
                {formatUsd(withdrawal.amount)}
              </dd>
            </div>
          </dl>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('withdraw.review.back')}</AlertDialogCancel>
          <AlertDialogAction
            disabled={isPending}
            onClick={(event) => {
              // Stay open while the withdrawal is sent; the form closes it with the answer.
              event.preventDefault();
              onConfirm();
            }}
          >
            {isPending ? <Spinner label={t('withdraw.sending')} /> : t('withdraw.review.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
