// The withdrawal form on /withdrawal (SPEC §2, §4, §5 "Withdrawal", §8; DESIGN §5): one of the
// customer's verified bank accounts and an amount up to the cash balance and within the
// withdrawal limits (shown under it). A review shows the amount, the account and the cash left,
// and only its Confirm sends it: the cash leaves the balance at once and the request, with its
// WTH reference, is pending until staff send it; a failed or cancelled withdrawal puts it back.
import { useMemo, useState } from 'react';
import type { BankAccount } from '@secure-vault/shared/banking';
import * as banking from '@secure-vault/shared/banking/contracts';
import type { RequestLimit } from '@secure-vault/shared/banking/limits';
import { dec } from '@secure-vault/shared/money';
import { type WithdrawalRequest, withdrawalRequestSchema } from '@secure-vault/shared/transfers';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd, normalizeDecimal } from '@/lib/money';
import { toast } from '@/lib/toast';
import { limitFigures, limitHint, limitProblem, limitRefusal } from '../limits';
import { maskAccount } from '../mask';
import { type WithdrawalToReview, WithdrawalReview } from './withdrawal-review';

const insufficient = 'banking:errors.insufficientCash';

/** The contract's body, not more than the cash balance (SPEC §5) and within the limits. */
export function withdrawalFormSchema(cashBalance: string, limit?: RequestLimit) {
  return withdrawalRequestSchema.superRefine(({ amount }, context) => {
    if (/^\d+(\.\d+)?$/.test(amount) && dec(amount).greaterThan(dec(cashBalance))) {
      context.addIssue({ code: 'custom', path: ['amount'], message: insufficient });
      return;
    }
    const problem = limitProblem(amount, limit);
    if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
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
  const limits = useApiQuery(banking.getRequestLimits);
  const limit = limits.data?.withdrawal;
  const schema = useMemo(() => withdrawalFormSchema(cashBalance, limit), [cashBalance, limit]);
  const form = useSchemaForm(schema, {
    // One account needs no choosing; with several, the customer picks on purpose.
    defaultValues: { bankAccountId: accounts.length === 1 ? accounts[0]!.id : '', amount: '' },
  });
  const withdrawalKey = useIdempotencyKey();
  const withdraw = useApiMutation(banking.requestWithdrawal);
  const [review, setReview] = useState<(WithdrawalToReview & { body: WithdrawalRequest }) | null>(
    null,
  );
  const [refusal, setRefusal] = useState<Record<string, string> | undefined>();
  const { errors } = form.formState;
  const message = (key: string | undefined) =>
    key ? t(key, { ...limitFigures('withdrawal', limit, refusal) }) : undefined;
  const labelOf = (account: BankAccount) =>
    `${account.bankName} — ${maskAccount(account.accountNumber)}`;

  // A field's problem shows under it (and the first takes the focus): no toast repeats it.
  const onSubmit = form.handleSubmit((body) => {
    const account = accounts.find((candidate) => candidate.id === body.bankAccountId);
    setRefusal(undefined);
    setReview({
      body,
      amount: body.amount,
      accountLabel: account ? labelOf(account) : '',
      remaining: dec(cashBalance).minus(body.amount).toFixed(2),
    });
  });

  const onConfirm = () => {
    if (!review) return;
    const { body, accountLabel } = review;
    withdraw.mutate(
      { body, idempotencyKey: withdrawalKey.keyFor(body) },
      {
        onSuccess: (result) => {
          withdrawalKey.settle();
          setReview(null);
          form.reset({ bankAccountId: body.bankAccountId, amount: '' });
          toast.success(t('withdraw.successTitle'), {
            description: t('withdraw.success', {
              amount: formatUsd(result.amount),
              account: accountLabel,
              reference: result.reference ?? '',
            }),
          });
        },
        onError: (error) => {
          setReview(null);
          const overLimit = limitRefusal(error);
          if (error.code === 'INSUFFICIENT_CASH' || overLimit) {
            setRefusal(error.details);
            form.setError(
              'amount',
              { type: 'server', message: overLimit ?? insufficient },
              { shouldFocus: true },
            );
            if (overLimit) void limits.refetch();
          } else if (error.code === 'NOT_FOUND') {
            form.setError(
              'bankAccountId',
              { type: 'server', message: 'withdraw.accountGone' },
              { shouldFocus: true },
            );
          } else if (!setServerIssues(form, error)) {
            toast.error(t('withdraw.failed'), {
              description: apiErrorText(t, error, t('withdraw.failedFallback')),
            });
          }
        },
      },
    );
  };

  return (
    <>
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
          hint={
            <>
              <span className="block">
                {t('withdraw.available', { amount: formatUsd(cashBalance) })}
              </span>
              {limit ? <span className="block">{limitHint(t, 'withdrawal', limit)}</span> : null}
            </>
          }
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
      <WithdrawalReview
        withdrawal={review}
        isPending={withdraw.isPending}
        onConfirm={onConfirm}
        onCancel={() => setReview(null)}
      />
    </>
  );
}
