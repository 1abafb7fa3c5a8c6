// The "Propose a price" form (decision 028): the asset's buy and sell prices, starting from the
// book's, checked by the contract's own body schema (above zero, at most 8 decimals, sell not
// above buy), the server's issues landing on their fields. Sent with an Idempotency-Key per
// submission, reused by a retry of the same one. A change to the asset already waiting (CONFLICT)
// and an asset no longer listed are said in words of their own.
import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Proposal } from '@secure-vault/shared/approvals';
import { priceChangeSchema } from '@secure-vault/shared/prices';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { assetName } from '@/lib/asset-name';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useTranslation } from '@/lib/i18n';
import { normalizeDecimal } from '@/lib/money';
import { useProposePriceChange } from './api/propose-price-change';
import type { BookRow } from './price-book-list';
import { formatBookPrice, unitText } from './price-text';

/** A field's error: a locale key of the shared schema (`admin:prices.errors.priceInvalid`). */
function fieldError(t: TFunction, message: string | undefined): string | undefined {
  return message ? t([message, 'prices.errors.priceInvalid']) : undefined;
}

/** Why the server refused, in the reader's language. */
function refusalText(t: TFunction, error: unknown, asset: string): string {
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return t('prices.form.conflict', { asset });
  }
  if (error instanceof ApiError && error.code === 'UNKNOWN_ASSET') {
    return t('prices.form.unknownAsset');
  }
  return apiErrorText(t, error, t('prices.form.failed'));
}

/** A price typed as the book writes it: a plain decimal, left to right in either language. */
function PriceField({
  name,
  label,
  hint,
  error,
  field,
}: {
  name: 'buy' | 'sell';
  label: string;
  hint: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={`propose-${name}`} label={label} hint={hint} error={error}>
      {(control) => (
        <Input {...control} {...field} inputMode="decimal" autoComplete="off" dir="ltr" />
      )}
    </FormField>
  );
}

function FormButtons({ isSending, onCancel }: { isSending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={isSending}>
        {t('prices.form.cancel')}
      </Button>
      <Button type="submit" disabled={isSending}>
        {isSending ? <Spinner label={t('prices.form.sending')} /> : t('prices.form.submit')}
      </Button>
    </div>
  );
}

export function ProposePriceForm({
  row,
  onSent,
  onCancel,
}: {
  row: BookRow;
  onSent: (proposal: Proposal) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['admin', 'catalogue', 'auth']);
  const { asset, entry } = row;
  const name = assetName(t, asset.symbol);
  const form = useSchemaForm(priceChangeSchema, {
    defaultValues: { buy: normalizeDecimal(entry.buy), sell: normalizeDecimal(entry.sell) },
  });
  const { errors } = form.formState;
  const propose = useProposePriceChange();
  const intention = useIdempotencyKey();

  const onSubmit = form.handleSubmit((body) => {
    form.clearErrors('root');
    const request = { params: { symbol: asset.symbol }, body };
    propose.mutate(
      { ...request, idempotencyKey: intention.keyFor(request) },
      {
        onSuccess: (proposal) => {
          intention.settle();
          onSent(proposal);
        },
        onError: (error) => {
          if (setServerIssues(form, error)) return;
          // Nothing was proposed: whatever is sent next is a new submission.
          if (error.code === 'CONFLICT' || error.code === 'UNKNOWN_ASSET') intention.settle();
          form.setError('root', { type: 'server', message: refusalText(t, error, name) });
        },
      },
    );
  });
  const unit = unitText(t, asset);
  const refusal = errors.root?.message;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {row.isWaiting ? (
        <Alert tone="warning" data-testid="propose-waiting">
          <p>{t('prices.form.conflict', { asset: name })}</p>
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="propose-current">
        {t('prices.form.current', {
          buy: formatBookPrice(entry.buy),
          sell: formatBookPrice(entry.sell),
          unit,
        })}
      </p>
      <PriceField
        name="buy"
        label={t('prices.form.buy')}
        hint={t('prices.form.hint', { unit })}
        error={fieldError(t, errors.buy?.message)}
        field={form.register('buy')}
      />
      <PriceField
        name="sell"
        label={t('prices.form.sell')}
        hint={t('prices.form.hint', { unit })}
        error={fieldError(t, errors.sell?.message)}
        field={form.register('sell')}
      />
      <p className="rounded-md bg-muted p-3 text-sm">{t('prices.form.dualControl')}</p>
      {refusal ? (
        <Alert tone="danger" role="alert" data-testid="propose-refused">
          <p>{refusal}</p>
        </Alert>
      ) : null}
      <FormButtons isSending={propose.isPending} onCancel={onCancel} />
    </form>
  );
}
