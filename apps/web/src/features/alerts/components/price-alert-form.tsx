// An asset's price alert form (issue 29): "Tell me when the sell price goes above / below
// [price]". Its errors are locale keys (the shared schema's and the server's), said in the
// reader's language on the field they are about.
import type { TFunction } from 'i18next';
import type { Asset } from '@secure-vault/shared/catalogue';
import { alertDirections, maxActiveAlerts } from '@secure-vault/shared/alerts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { alertUnitText } from '../alert-text';
import { usePriceAlertForm } from '../hooks/use-price-alert-form';

/** A field's error: a locale key of the shared schema or the server (`trading:alerts.errors.…`). */
function fieldError(t: TFunction, message: string | undefined): string | undefined {
  return message
    ? t([message, 'trading:alerts.errors.priceInvalid'], { max: maxActiveAlerts })
    : undefined;
}

export function PriceAlertForm({
  asset,
  waitingCount,
}: {
  asset: Asset;
  /** Alerts waiting on every asset, once known: the 51st is refused before it is sent. */
  waitingCount: number | undefined;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const { form, onSubmit, isSending } = usePriceAlertForm(asset, waitingCount);
  const { errors } = form.formState;
  // The symbol has no field of its own: an issue the server finds with it is the price field's.
  const priceError = fieldError(t, errors.price?.message ?? errors.symbol?.message);
  const refusal = errors.root?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3"
      aria-label={t('alerts.formLabel', { name: t(`catalogue:${asset.symbol}.name`) })}
      data-testid="price-alert-form"
    >
      <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-start">
        <FormField
          id="alert-direction"
          label={t('alerts.direction')}
          error={fieldError(t, errors.direction?.message)}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('direction')}>
              {alertDirections.map((direction) => (
                <option key={direction} value={direction}>
                  {t(`alerts.directions.${direction}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="alert-price"
          label={t('alerts.price')}
          hint={alertUnitText(t, asset.symbol)}
          error={priceError}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('price')}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
            />
          )}
        </FormField>
        <Button type="submit" className="w-full sm:mt-[1.375rem] sm:w-auto" disabled={isSending}>
          {isSending ? <Spinner label={t('alerts.creating')} /> : t('alerts.create')}
        </Button>
      </div>
      {refusal ? (
        <Alert tone="danger" role="alert" data-testid="price-alert-refused">
          <p>{refusal}</p>
        </Alert>
      ) : null}
    </form>
  );
}
