// The parts of the limit order form beyond its two figures (issue 29): Buy or Sell, as two
// choices of one group; and how long the order is good, until cancelled or until the end of a
// day (UTC) picked from today to a year ahead.
import { useState } from 'react';
import { orderSides } from '@secure-vault/shared/orders';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import type { LimitOrderForm } from '../hooks/use-limit-order-form';
import { goodUntilRange } from '../order-text';

export function SideField({ form, error }: { form: LimitOrderForm; error: string | undefined }) {
  const { t } = useTranslation('trading');
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'order-side-error' : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{t('orders.side')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:max-w-xs">
        {orderSides.map((side) => (
          <label
            key={side}
            className="flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border bg-card px-3 text-sm font-medium transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              value={side}
              className="size-4 shrink-0 accent-primary"
              {...form.register('side')}
            />
            {t(`orders.sides.${side}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id="order-side-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type Expiry = 'cancelled' | 'date';

export function ExpiryFields({ form, error }: { form: LimitOrderForm; error: string | undefined }) {
  const { t } = useTranslation('trading');
  const [expiry, setExpiry] = useState<Expiry>(() =>
    form.getValues('goodUntil') === null ? 'cancelled' : 'date',
  );
  const { min, max } = goodUntilRange();
  const choose = (next: Expiry) => {
    setExpiry(next);
    form.setValue('goodUntil', next === 'cancelled' ? null : '');
    form.clearErrors('goodUntil');
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
      <FormField id="order-expiry" label={t('orders.goodUntil')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={expiry}
            onChange={(event) => choose(event.target.value === 'date' ? 'date' : 'cancelled')}
          >
            <option value="cancelled">{t('orders.expiries.cancelled')}</option>
            <option value="date">{t('orders.expiries.date')}</option>
          </NativeSelect>
        )}
      </FormField>
      {expiry === 'date' ? (
        <FormField id="order-good-until" label={t('orders.lastDay')} error={error}>
          {(control) => (
            <Input
              {...control}
              {...form.register('goodUntil')}
              type="date"
              min={min}
              max={max}
              dir="ltr"
              className="dark:[color-scheme:dark]"
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}
