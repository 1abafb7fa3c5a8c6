// Deposit by card (SPEC §2 /inter-accounts, §4, §5, §8, §9; DESIGN §4, §5). The card is checked
// here (Luhn, expiry, CVV) and only the amount, the last four digits and the brand are sent: the
// number and the CVV never leave the browser, and closing the dialog forgets them. There is no
// card processor: the request waits until staff confirm the money arrived, then cash is credited.
// The amount is held to the deposit limits, shown under it.
import { useMemo, useState } from 'react';
import { CreditCard, ShieldCheck } from 'lucide-react';
import * as banking from '@secure-vault/shared/banking/contracts';
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
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation, useApiQuery } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { formatUsd } from '@/lib/money';
import { toast } from '@/lib/toast';
import { cardDepositBody, cardDepositFormSchema, emptyCardDepositForm } from '../card';
import { limitFigures, limitHint, limitRefusal } from '../limits';
import { CardDepositFields } from './card-deposit-fields';

/** SPEC §9: the "credited within 24 hours" message stays 8 seconds. */
export const depositToastMs = 8000;

export function CardDepositDialog() {
  const { t } = useTranslation('banking');
  const [isOpen, setOpen] = useState(false);
  // Held here, not in the form, so a retry after closing the dialog is still the same request.
  const depositKey = useIdempotencyKey();
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <CreditCard aria-hidden />
          {t('card.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('card.close')} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('card.title')}</DialogTitle>
          <DialogDescription>{t('card.description')}</DialogDescription>
        </DialogHeader>
        {/* Unmounted on close, which clears the card details. */}
        <CardDepositForm depositKey={depositKey} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CardDepositForm({
  depositKey,
  onDone,
}: {
  depositKey: ReturnType<typeof useIdempotencyKey>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['banking', 'transfers', 'auth']);
  const limits = useApiQuery(banking.getRequestLimits);
  const limit = limits.data?.deposit;
  const schema = useMemo(() => cardDepositFormSchema(undefined, limit), [limit]);
  const form = useSchemaForm(schema, { defaultValues: emptyCardDepositForm });
  const deposit = useApiMutation(banking.requestCardDeposit);
  const [refusal, setRefusal] = useState<Record<string, string> | undefined>();

  // Each field says what is wrong with it (and the first takes the focus): no toast repeats it.
  const onSubmit = form.handleSubmit((values) => {
    const body = cardDepositBody(values);
    setRefusal(undefined);
    deposit.mutate(
      { body, idempotencyKey: depositKey.keyFor(body) },
      {
        onSuccess: (result) => {
          depositKey.settle();
          toast.success(t('card.successTitle'), {
            description: t('card.success', {
              amount: formatUsd(result.amount),
              reference: result.reference ?? '',
            }),
            duration: depositToastMs,
          });
          onDone();
        },
        onError: (error) => {
          const overLimit = limitRefusal(error);
          if (overLimit) {
            // The limits moved since they were read: the amount says by how much.
            setRefusal(error.details);
            form.setError('amount', { type: 'server', message: overLimit }, { shouldFocus: true });
            void limits.refetch();
          } else if (!setServerIssues(form, error)) {
            toast.error(t('card.failed'), {
              description: apiErrorText(t, error, t('card.failedFallback')),
            });
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <CardDepositFields
        form={form}
        amountHint={limit ? limitHint(t, 'deposit', limit) : undefined}
        limitFigures={limitFigures('deposit', limit, refusal)}
      />
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
        {t('card.privacy')}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={deposit.isPending}>
          {t('card.cancel')}
        </Button>
        <Button type="submit" disabled={deposit.isPending}>
          {deposit.isPending ? <Spinner label={t('card.sending')} /> : t('card.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
