// Phone Number (SPEC §2, §5): the country's dial code (every country, +1 by default) and the
// number, digits only, at least as long as SPEC §5 asks for that code. Continue saves the number
// and has a code emailed to confirm it (DESIGN §5: there is no SMS).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { phoneMinimumLength } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { dialCodeOf } from '../../countries';
import { CountrySelect } from '../country-select';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

/** Spaces, dashes, dots and brackets people type inside numbers; letters are left to the rule. */
const numberSeparators = /[\s\-.()]/g;

export function PhoneStep({
  data,
  onComplete,
  country: savedCountry,
  onCountryChange,
}: StepProps & {
  /** The country of the saved dial code. */
  country: string;
  /** The country chosen, once its number is saved. */
  onCountryChange: (iso: string) => void;
}) {
  const { t } = useTranslation(['kyc', 'auth']);
  const [country, setCountry] = useState(savedCountry);
  const form = useSchemaForm(kyc.sendKycPhoneCode.body, {
    defaultValues: {
      countryCode: data.countryCode ?? dialCodeOf(country) ?? '+1',
      phoneNumber: data.phoneNumber ?? '',
    },
  });
  const countryCode = useWatch({ control: form.control, name: 'countryCode' });
  const minimum = phoneMinimumLength(countryCode);
  const { errors, isSubmitted } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(values);
      onCountryChange(country);
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-muted-foreground">{t('phone.description')}</p>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <FormField
          id="kyc-countryCode"
          label={t('phone.country')}
          error={errorText(t, errors.countryCode?.message)}
        >
          {(control) => (
            <CountrySelect
              {...control}
              withDialCode
              autoComplete="tel-country-code"
              selected={country}
              value={country}
              onChange={(event) => {
                const iso = event.target.value;
                setCountry(iso);
                form.setValue('countryCode', dialCodeOf(iso) ?? '', {
                  shouldValidate: isSubmitted,
                  shouldDirty: true,
                });
                if (isSubmitted || form.getFieldState('phoneNumber').isTouched) {
                  void form.trigger('phoneNumber');
                }
              }}
            />
          )}
        </FormField>
        <FormField
          id="kyc-phoneNumber"
          label={t('phone.number')}
          hint={t('phone.numberHint', { minimum })}
          error={errorText(t, errors.phoneNumber?.message, { minimum })}
        >
          {(control) => (
            <div className="flex items-stretch" dir="ltr">
              <bdi
                dir="ltr"
                aria-hidden
                className="flex items-center rounded-s-md border border-e-0 border-input bg-muted px-3 text-sm text-muted-foreground"
              >
                {countryCode}
              </bdi>
              <Input
                {...control}
                {...form.register('phoneNumber', {
                  setValueAs: (value: string) => value.replace(numberSeparators, ''),
                })}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                className="rounded-s-none"
              />
            </div>
          )}
        </FormField>
      </div>
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
