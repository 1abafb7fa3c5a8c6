// Withdrawing one's own price change from the Prices tab (DESIGN §4 "Dual control"): asked once
// more, since the change then has to be proposed again; the book keeps its prices either way.
// Sent with an Idempotency-Key per intended withdrawal, reused by a retry of the same one.
import type { FormEvent } from 'react';
import type { Proposal } from '@secure-vault/shared/approvals';
import {
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { DecisionDialog, DecisionFooter } from '@/components/staff/decision-dialog';
import type { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { assetName } from '@/lib/asset-name';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useWithdrawPriceChange } from './api/withdraw-price-change';

export function WithdrawPriceDialog({
  proposal,
  onClose,
}: {
  proposal: Proposal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'catalogue', 'auth']);
  const withdraw = useWithdrawPriceChange();
  const intention = useIdempotencyKey();
  const asset = proposal?.price ? assetName(t, proposal.price.symbol) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proposal) return;
    const params = { id: proposal.id };
    withdraw.mutate(
      { params, idempotencyKey: intention.keyFor({ action: 'withdraw', params }) },
      {
        onSuccess: () => {
          intention.settle();
          onClose();
          toast.success(t('prices.withdraw.done'));
        },
        onError: (error: ApiError) => {
          onClose();
          // Decided meanwhile: there is nothing left to withdraw, and the list is read again.
          if (error.code === 'NOT_FOUND' || error.code === 'CONFLICT') {
            intention.settle();
            toast.error(t('prices.withdraw.goneTitle'), {
              description: t('prices.withdraw.goneBody'),
            });
            return;
          }
          toast.error(t('prices.withdraw.failed'), {
            description: apiErrorText(t, error, t('prices.withdraw.tryAgain')),
          });
        },
      },
    );
  };

  return (
    <DecisionDialog
      open={proposal !== null}
      isSending={withdraw.isPending}
      onClose={onClose}
      testId="withdraw-price"
      reasonId={null}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('prices.withdraw.title', { asset })}</AlertDialogTitle>
          <AlertDialogDescription>{t('prices.withdraw.body')}</AlertDialogDescription>
        </AlertDialogHeader>
        <DecisionFooter
          back={t('prices.withdraw.back')}
          confirm={t('prices.withdraw.confirm')}
          sending={t('prices.withdraw.sending')}
          destructive
          isSending={withdraw.isPending}
        />
      </form>
    </DecisionDialog>
  );
}
