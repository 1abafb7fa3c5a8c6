// An asset's "Buy every week / month" form (issue 29): the amount in dollars, how often, and the
// day (schedule-parts.tsx), with the first buy's date and when in the day buys are made. Its
// errors are locale keys (the shared schema's and the server's), said in the reader's language
// on their field.
import type { TFunction } from 'i18next';
import type { Asset } from '@secure-vault/shared/catalogue';
import {
  maxRecurringBuys,
  recurringAmountLimits,
  recurringFrequencies,
  type RecurringFrequency,
} from '@secure-vault/shared/recurring';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { useRecurringBuyForm } from '../hooks/use-recurring-buy-form';
import { DayField, FrequencyField, ScheduleNote } from './schedule-parts';

/** A field's error: a locale key of the shared schema or the server (`trading:recurring.errors.…`). */
function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t([message, 'trading:recurring.errors.amountInvalid'], {
    max: maxRecurringBuys,
    minAmount: formatUsd(recurringAmountLimits.min),
    maxAmount: formatUsd(recurringAmountLimits.max),
  });
}

function isFrequency(value: string): value is RecurringFrequency {
  return recurringFrequencies.some((frequency) => frequency === value);
}

export function RecurringBuyForm({
  asset,
  keptCount,
}: {
  asset: Asset;
  /** Plans kept on every asset (not cancelled), once known: the 21st is refused before sending. */
  keptCount: number | undefined;
}) {
  const { t } = useTranslation(['trading', 'catalogue', 'auth']);
  const { form, onSubmit, onFrequencyChange, isSending } = useRecurringBuyForm(asset, keptCount);
  const { errors } = form.formState;
  const frequency = form.watch('frequency');
  const day = form.watch('day');
  const refusal = errors.root?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3"
      aria-label={t('recurring.formLabel', { name: t(`catalogue:${asset.symbol}.name`) })}
      data-testid="recurring-buy-form"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-start">
        <FormField
          id="recurring-amount"
          label={t('recurring.amount')}
          hint={t('recurring.amountHint', {
            min: formatUsd(recurringAmountLimits.min),
            max: formatUsd(recurringAmountLimits.max),
          })}
          error={fieldError(t, errors.amount?.message ?? errors.symbol?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('amount')}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
            />
          )}
        </FormField>
        <FrequencyField
          error={fieldError(t, errors.frequency?.message)}
          field={form.register('frequency', {
            onChange: (event: { target: { value: string } }) => {
              if (isFrequency(event.target.value)) onFrequencyChange(event.target.value);
            },
          })}
        />
        <DayField
          frequency={frequency}
          error={fieldError(t, errors.day?.message)}
          field={form.register('day', { valueAsNumber: true })}
        />
      </div>
      <ScheduleNote frequency={frequency} day={day} />
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={isSending}>
        {isSending ? <Spinner label={t('recurring.creating')} /> : t('recurring.create')}
      </Button>
      {refusal ? (
        <Alert tone="danger" role="alert" data-testid="recurring-refused">
          <p>{refusal}</p>
        </Alert>
      ) : null}
    </form>
  );
}
