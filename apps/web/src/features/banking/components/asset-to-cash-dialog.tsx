// Convert assets to cash (SPEC §2 /inter-accounts, §5 "Asset to cash", §8; DESIGN §5): an amount
// up to what the customer's holdings are worth. Staff complete the request, converting that value
// of the unlocked holdings, largest first; until then it is pending, and nothing moves.
import { useMemo, useState } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import type { z } from 'zod';
import * as banking from '@secure-vault/shared/banking/contracts';
import { dec } from '@secure-vault/shared/money';
import { assetToCashRequestSchema } from '@secure-vault/shared/transfers';
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
import { formatUsd } from '@/lib/money';
import { toast } from '@/lib/toast';

const insufficient = 'banking:errors.insufficientAssets';

/** The contract's body, and not more than the holdings are worth (SPEC §5). */
export function assetToCashFormSchema(totalAssets: string) {
  return assetToCashRequestSchema.superRefine(({ amount }, context) => {
    if (/^\d+(\.\d+)?$/.test(amount) && dec(amount).greaterThan(dec(totalAssets))) {
      context.addIssue({ code: 'custom', path: ['amount'], message: insufficient });
    }
  });
}

export function AssetToCashDialog({ totalAssets }: { totalAssets: string }) {
  const { t } = useTranslation('banking');
  const [isOpen, setOpen] = useState(false);
  const requestKey = useIdempotencyKey();
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ArrowRightLeft aria-hidden />
          {t('assetToCash.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('assetToCash.close')}>
        <DialogHeader>
          <DialogTitle>{t('assetToCash.title')}</DialogTitle>
          <DialogDescription>{t('assetToCash.description')}</DialogDescription>
        </DialogHeader>
        <AssetToCashForm
          totalAssets={totalAssets}
          requestKey={requestKey}
          onDone={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function AssetToCashForm({
  totalAssets,
  requestKey,
  onDone,
}: {
  totalAssets: string;
  requestKey: ReturnType<typeof useIdempotencyKey>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['banking', 'transfers', 'auth']);
  const schema = useMemo(() => assetToCashFormSchema(totalAssets), [totalAssets]);
  const form = useSchemaForm(schema, { defaultValues: { amount: '' } });
  const request = useApiMutation(banking.requestAssetToCash);
  const error = form.formState.errors.amount?.message;
  const hasNothing = !dec(totalAssets).greaterThan(0);

  const onSubmit = form.handleSubmit(
    (body: z.output<typeof assetToCashRequestSchema>) => {
      request.mutate(
        { body, idempotencyKey: requestKey.keyFor(body) },
        {
          onSuccess: (result) => {
            requestKey.settle();
            toast.success(t('assetToCash.successTitle'), {
              description: t('assetToCash.success', { amount: formatUsd(result.amount) }),
            });
            onDone();
          },
          onError: (failure) => {
            if (failure.code === 'INSUFFICIENT_ASSETS') {
              form.setError('amount', { type: 'server', message: insufficient });
            } else setServerIssues(form, failure);
            toast.error(t('assetToCash.failed'), {
              description:
                failure.code === 'INSUFFICIENT_ASSETS'
                  ? t(insufficient)
                  : apiErrorText(t, failure, t('assetToCash.failedFallback')),
            });
          },
        },
      );
    },
    (invalid) => {
      const key = invalid.amount?.message;
      if (key) toast.error(t('assetToCash.failed'), { description: t(key) });
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="asset-to-cash-amount"
        label={t('assetToCash.amount')}
        hint={t('assetToCash.upTo', { total: formatUsd(totalAssets) })}
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
      {hasNothing ? <p className="text-sm text-muted-foreground">{t('assetToCash.none')}</p> : null}
      <p className="text-sm text-muted-foreground">{t('assetToCash.pendingNote')}</p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={request.isPending}>
          {t('assetToCash.cancel')}
        </Button>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? (
            <Spinner label={t('assetToCash.sending')} />
          ) : (
            t('assetToCash.submit')
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
