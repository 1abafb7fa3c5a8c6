// Choose Account Currency (SPEC §2, §3): USD (the default), EUR, and the currency of the phone's
// country, or GBP; the country's own currency first (a UAE resident sees AED first). Names come
// from Intl in the page's language. A preference only: amounts stay in USD (DESIGN §5). "Upgrade
// Account" shows "Creating Your Account" at 75% for 2 s (SPEC §9) while the choice is saved.
import { useState } from 'react';
import { z } from 'zod';
import { currencyChoices, kycFields } from '@secure-vault/shared/kyc';
import { isLanguage } from '@secure-vault/shared/i18n';
import { localeOf } from '@/lib/format';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { ChoiceFieldset, ChoiceOption } from '../choice-list';
import { BusyView } from '../busy-view';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

export const creatingAccountMs = 2000;

const currencySchema = z.object({ currency: kycFields.currency });

export function CurrencyStep({
  data,
  onComplete,
  country,
  onBusyChange,
}: StepProps & {
  /** The phone's country (ISO), whose currency is offered. */
  country: string | undefined;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['kyc', 'auth']);
  const options = currencyChoices(country);
  const names = new Intl.DisplayNames(
    [localeOf(isLanguage(i18n.language) ? i18n.language : 'en')],
    {
      type: 'currency',
    },
  );
  const saved = options.find((option) => option === data.currency);
  const form = useSchemaForm(currencySchema, { defaultValues: { currency: saved ?? 'USD' } });
  const [isCreating, setCreating] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setCreating(true);
    onBusyChange(true);
    try {
      await onComplete(values, { holdMs: creatingAccountMs });
    } catch (error) {
      setCreating(false);
      reportSaveError(form, error, t);
    } finally {
      onBusyChange(false);
    }
  });

  if (isCreating) {
    return (
      <BusyView
        title={t('currency.creating')}
        description={t('currency.creatingDescription')}
        percent={75}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ChoiceFieldset
        id="kyc-currency"
        legend={t('currency.question')}
        hint={t('currency.description')}
        error={errorText(t, form.formState.errors.currency?.message)}
      >
        {options.map((option) => (
          <ChoiceOption
            key={option}
            type="radio"
            value={option}
            label={
              <>
                <span className="font-mono font-semibold">{option}</span>{' '}
                <span className="text-muted-foreground">{names.of(option)}</span>
              </>
            }
            badge={option === 'USD' ? t('currency.default') : undefined}
            {...form.register('currency')}
          />
        ))}
      </ChoiceFieldset>
      <StepActions label={t('currency.submit')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
