// The withdrawal form on /withdrawal (SPEC §2, §4, §5 "Withdrawal", §8; DESIGN §5): one of the
// customer's verified bank accounts and an amount up to the cash balance. The cash leaves the
// balance at once and the request, with its WTH reference, is pending until staff send it; a
// failed or cancelled withdrawal puts the cash back.
import { useMemo } from 'react';
import type { BankAccount } from '@secure-vault/shared/banking';
import * as banking from '@secure-vault/shared/banking/contracts';
import { dec } from '@secure-vault/shared/money';
import { withdrawalRequestSchema } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd, normalizeDecimal } from '@/lib/money';
import { toast } from '@/lib/toast';
import { maskAccount } from '../mask';

const insufficient = 'banking:errors.insufficientCash';
const fieldOrder = ['bankAccountId', 'amount'] as const;

/** The contract's body, and not more than the cash balance (SPEC §5). */
export function withdrawalFormSchema(cashBalance: string) {
  return withdrawalRequestSchema.superRefine(({ amount }, context) => {
    if (/^\d+(\.\d+)?$/.test(amount) && dec(amount).greaterThan(dec(cashBalance))) {
      context.addIssue({ code: 'custom', path: ['amount'], message: insufficient });
    }
  });
}

export function WithdrawalForm({
  cashBalance,
  accounts,
}: {
  cashBalance: string;
  accounts: BankAccount[];
}) {
  const { t } = useTranslation(['banking', 'transfers', 'auth']);
  const schema = useMemo(() => withdrawalFormSchema(cashBalance), [cashBalance]);
  const form = useSchemaForm(schema, {
    // One account needs no choosing; with several, the customer picks on purpose.
    defaultValues: { bankAccountId: accounts.length === 1 ? accounts[0]!.id : '', amount: '' },
  });
  const withdrawalKey = useIdempotencyKey();
  const withdraw = useApiMutation(banking.requestWithdrawal);
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const labelOf = (account: BankAccount) =>
    `${account.bankName} — ${maskAccount(account.accountNumber)}`;

  const onSubmit = form.handleSubmit(
    (body) => {
      const account = accounts.find((candidate) => candidate.id === body.bankAccountId);
      withdraw.mutate(
        { body, idempotencyKey: withdrawalKey.keyFor(body) },
        {
          onSuccess: (result) => {
            withdrawalKey.settle();
            form.reset({ bankAccountId: body.bankAccountId, amount: '' });
            toast.success(t('withdraw.successTitle'), {
              description: t('withdraw.success', {
                amount: formatUsd(result.amount),
                account: account ? labelOf(account) : '',
                reference: result.reference ?? '',
              }),
            });
          },
          onError: (error) => {
            if (error.code === 'INSUFFICIENT_CASH') {
              form.setError('amount', { type: 'server', message: insufficient });
            } else setServerIssues(form, error);
            toast.error(t('withdraw.failed'), {
              description:
                error.code === 'INSUFFICIENT_CASH'
                  ? t(insufficient)
                  : error.code === 'NOT_FOUND'
                    ? t('withdraw.accountGone')
                    : apiErrorText(t, error, t('withdraw.failedFallback')),
            });
          },
        },
      );
    },
    (invalid) => {
      const first = fieldOrder.find((name) => invalid[name]);
      const key = first ? invalid[first]?.message : undefined;
      if (key) toast.error(t('withdraw.failed'), { description: t(key) });
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className="text-lg font-semibold">
        {t('withdraw.title')}
      </h2>
      <FormField
        id="withdraw-account"
        label={t('withdraw.account')}
        error={message(errors.bankAccountId?.message)}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('bankAccountId')}>
            <option value="" disabled>
              {t('withdraw.chooseAccount')}
            </option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {labelOf(account)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="withdraw-amount"
        label={t('withdraw.amount')}
        hint={t('withdraw.available', { amount: formatUsd(cashBalance) })}
        error={message(errors.amount?.message)}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...form.register('amount')}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              className="min-w-0 flex-1 rtl:text-right"
            />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                form.setValue('amount', normalizeDecimal(cashBalance), { shouldValidate: true })
              }
              disabled={!dec(cashBalance).greaterThan(0)}
            >
              {t('withdraw.all')}
            </Button>
          </div>
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={withdraw.isPending} className="w-full sm:w-auto">
          {withdraw.isPending ? <Spinner label={t('withdraw.sending')} /> : t('withdraw.submit')}
        </Button>
      </div>
    </form>
  );
}
