// Deposit by bank transfer (DESIGN §5): the customer says how much, gets the platform's bank
// details and a unique TXN reference, and sends the money from their own bank. The request stays
// pending until staff confirm the money arrived; then the cash is credited once.
import { useState } from 'react';
import { Landmark } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { BankDeposit } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { BankDepositDetails } from './bank-deposit-details';

export function BankDepositDialog() {
  const { t } = useTranslation('banking');
  const [isOpen, setOpen] = useState(false);
  const [deposit, setDeposit] = useState<BankDeposit | null>(null);
  const depositKey = useIdempotencyKey();
  const onOpenChange = (open: boolean) => {
    setOpen(open);
    // The details stay readable until the dialog closes; the next opening starts a new request.
    if (!open) setDeposit(null);
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Landmark aria-hidden />
          {t('bankDeposit.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('bankDeposit.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('bankDeposit.title')}</DialogTitle>
          <DialogDescription>
            {deposit ? t('bankDeposit.detailsDescription') : t('bankDeposit.description')}
          </DialogDescription>
        </DialogHeader>
        {deposit ? (
          <>
            <BankDepositDetails deposit={deposit} />
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                {t('bankDeposit.done')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <BankDepositForm
            depositKey={depositKey}
            onRequested={setDeposit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function BankDepositForm({
  depositKey,
  onRequested,
  onCancel,
}: {
  depositKey: ReturnType<typeof useIdempotencyKey>;
  onRequested: (deposit: BankDeposit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['banking', 'transfers', 'auth']);
  const form = useSchemaForm(banking.requestBankDeposit.body, { defaultValues: { amount: '' } });
  const request = useApiMutation(banking.requestBankDeposit);
  const error = form.formState.errors.amount?.message;

  const onSubmit = form.handleSubmit(
    (body) => {
      request.mutate(
        { body, idempotencyKey: depositKey.keyFor(body) },
        {
          onSuccess: (result) => {
            depositKey.settle();
            onRequested(result);
          },
          onError: (failure) => {
            setServerIssues(form, failure);
            toast.error(t('bankDeposit.failed'), {
              description: apiErrorText(t, failure, t('bankDeposit.failedFallback')),
            });
          },
        },
      );
    },
    (invalid) => {
      const key = invalid.amount?.message;
      if (key) toast.error(t('bankDeposit.invalidAmount'), { description: t(key) });
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="bank-deposit-amount"
        label={t('bankDeposit.amount')}
        hint={t('bankDeposit.amountHint')}
        error={error ? t(error) : undefined}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('amount')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            className="rtl:text-right"
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={request.isPending}>
          {t('bankDeposit.cancel')}
        </Button>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? (
            <Spinner label={t('bankDeposit.sending')} />
          ) : (
            t('bankDeposit.submit')
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
