// An asset's limit order form (issue 29): Buy or Sell, the quantity (mg or units), the limit per
// mg or unit (the book's price on that side until one is typed), how long it is good, and what it
// will reserve and do before it is sent. Its errors are locale keys (the shared schema's and the
// server's), said in the reader's language on their field.
import type { TFunction } from 'i18next';
import { type Asset, quantityDecimals } from '@secure-vault/shared/catalogue';
import { maxOpenOrders } from '@secure-vault/shared/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { type SidePrices, useLimitOrderForm } from '../hooks/use-limit-order-form';
import { bookNowText, quantityLabel } from '../order-text';
import { ExpiryFields, SideField } from './limit-order-fields';
import { OrderPreview } from './order-preview';

/** A field's error: a locale key of the shared schema, the form or the server. */
function fieldError(t: TFunction, asset: Asset, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t([message, 'trading:orders.errors.quantityInvalid'], {
    max: maxOpenOrders,
    name: t(`catalogue:${asset.symbol}.name`),
    decimals: quantityDecimals(asset),
  });
}

export function LimitOrderForm({
  asset,
  prices,
  openCount,
}: {
  asset: Asset;
  prices: SidePrices;
  /** Orders open on every asset, once known: the 101st is refused before it is sent. */
  openCount: number | undefined;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const { form, onSubmit, onLimitTyped, isSending } = useLimitOrderForm(asset, prices, openCount);
  const { errors } = form.formState;
  const side = form.watch('side');
  const refusal = errors.root?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4"
      aria-label={t('orders.formLabel', { name: t(`catalogue:${asset.symbol}.name`) })}
      data-testid="limit-order-form"
    >
      <SideField form={form} error={fieldError(t, asset, errors.side?.message)} />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <FormField
          id="order-quantity"
          label={quantityLabel(t, asset)}
          error={fieldError(t, asset, errors.quantity?.message ?? errors.symbol?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('quantity')}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
            />
          )}
        </FormField>
        <FormField
          id="order-limit"
          label={
            asset.kind === 'metal'
              ? t('orders.limitMg')
              : t('orders.limitUnit', { symbol: asset.symbol })
          }
          hint={bookNowText(t, asset, side, prices[side])}
          error={fieldError(t, asset, errors.limitPrice?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('limitPrice', { onChange: onLimitTyped })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
            />
          )}
        </FormField>
      </div>
      <ExpiryFields form={form} error={fieldError(t, asset, errors.goodUntil?.message)} />
      <OrderPreview asset={asset} form={form} />
      <Button
        type="submit"
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={isSending}
        aria-describedby="order-preview"
      >
        {isSending ? <Spinner label={t('orders.placing')} /> : t('orders.place')}
      </Button>
      {refusal ? (
        <Alert tone="danger" role="alert" data-testid="limit-order-refused">
          <p>{refusal}</p>
        </Alert>
      ) : null}
    </form>
  );
}
