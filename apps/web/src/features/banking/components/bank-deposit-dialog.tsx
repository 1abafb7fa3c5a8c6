// Deposit by bank transfer (DESIGN §5): the customer says how much, gets the platform's bank
// details and a unique TXN reference, and sends the money from their own bank. The request stays
// pending until staff confirm the money arrived; then the cash is credited once. The amount is
// held to the deposit limits, shown under it.
import { useMemo, useState } from 'react';
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
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { limitFigures, limitHint, limitProblem, limitRefusal } from '../limits';
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
  const limits = useApiQuery(banking.getRequestLimits);
  const limit = limits.data?.deposit;
  const schema = useMemo(
    () =>
      banking.requestBankDeposit.body.superRefine(({ amount }, context) => {
        const problem = limitProblem(amount, limit);
        if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
      }),
    [limit],
  );
  const form = useSchemaForm(schema, { defaultValues: { amount: '' } });
  const request = useApiMutation(banking.requestBankDeposit);
  const [refusal, setRefusal] = useState<Record<string, string> | undefined>();
  const error = form.formState.errors.amount?.message;

  // The amount's problem shows under it (and takes the focus): no toast repeats it.
  const onSubmit = form.handleSubmit((body) => {
    setRefusal(undefined);
    request.mutate(
      { body, idempotencyKey: depositKey.keyFor(body) },
      {
        onSuccess: (result) => {
          depositKey.settle();
          onRequested(result);
        },
        onError: (failure) => {
          const overLimit = limitRefusal(failure);
          if (overLimit) {
            setRefusal(failure.details);
            form.setError('amount', { type: 'server', message: overLimit }, { shouldFocus: true });
            void limits.refetch();
          } else if (!setServerIssues(form, failure)) {
            toast.error(t('bankDeposit.failed'), {
              description: apiErrorText(t, failure, t('bankDeposit.failedFallback')),
            });
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="bank-deposit-amount"
        label={t('bankDeposit.amount')}
        hint={
          <>
            <span className="block">{t('bankDeposit.amountHint')}</span>
            {limit ? <span className="block">{limitHint(t, 'deposit', limit)}</span> : null}
          </>
        }
        error={error ? t(error, { ...limitFigures('deposit', limit, refusal) }) : undefined}
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
