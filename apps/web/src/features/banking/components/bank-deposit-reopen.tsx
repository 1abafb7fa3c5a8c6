// A pending bank-transfer deposit's instructions, opened again from its row in the requests list
// (DESIGN §5): the customer saw the bank details once, when they asked; here they read them
// again as the server has them now (getBankDeposit), each value with its copy button, in the
// same layout as the first time.
import { Landmark } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { Transfer } from '@secure-vault/shared/transfers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiQuery } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { BankDepositDetails } from './bank-deposit-details';

export function ShowBankDetails({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('banking');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('bankDeposit.showLabel', { amount: formatUsd(transfer.amount) })}
        >
          <Landmark aria-hidden />
          {t('bankDeposit.show')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('bankDeposit.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('bankDeposit.title')}</DialogTitle>
          <DialogDescription>{t('bankDeposit.detailsDescription')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while the dialog is open: the details are read when asked for. */}
        <SavedDepositDetails id={transfer.id} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{t('bankDeposit.done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SavedDepositDetails({ id }: { id: string }) {
  const { t } = useTranslation('banking');
  const deposit = useApiQuery(banking.getBankDeposit, { params: { id } });
  if (deposit.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label={t('bankDeposit.loading')}>
        <Skeleton className="h-5 w-1/2" />
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (deposit.isError) {
    return (
      <LoadError onRetry={() => void deposit.refetch()} isRetrying={deposit.isFetching}>
        {t('bankDeposit.loadError')}
      </LoadError>
    );
  }
  // Staff may have settled it since the list was drawn: then there is nothing left to send.
  if (deposit.data.status !== 'pending') {
    return (
      <Alert tone="info" data-testid="bank-deposit-not-pending">
        <p>{t('bankDeposit.notPending')}</p>
      </Alert>
    );
  }
  return <BankDepositDetails deposit={deposit.data} />;
}
