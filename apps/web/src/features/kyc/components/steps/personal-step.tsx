// Personal Details (SPEC §2, §5): first name, middle name (optional), surname and email, which
// starts as the account's address, and the nationality a real KYC asks beside them.
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { kycFields } from '@secure-vault/shared/kyc';
import { FormField } from '@/components/ui/form-field';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { CountrySelect } from '../country-select';
import { errorText, reportSaveError, StepActions, TextField } from '../step-parts';
import type { StepProps } from '../step-types';

const personalSchema = z.object({
  firstName: kycFields.firstName,
  middleName: kycFields.middleName,
  surname: kycFields.surname,
  email: kycFields.email,
  nationality: kycFields.nationality,
});

export function PersonalStep({
  data,
  onComplete,
  accountEmail,
}: StepProps & { accountEmail: string }) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(personalSchema, {
    defaultValues: {
      firstName: data.firstName ?? '',
      middleName: data.middleName ?? '',
      surname: data.surname ?? '',
      email: data.email ?? accountEmail,
      nationality: data.nationality ?? '',
    },
  });
  const nationality = useWatch({ control: form.control, name: 'nationality' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete({ ...values, middleName: values.middleName ?? '' });
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-muted-foreground">{t('personal.description')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          form={form}
          name="firstName"
          label={t('personal.firstName')}
          autoComplete="given-name"
        />
        <TextField
          form={form}
          name="middleName"
          label={t('personal.middleName')}
          autoComplete="additional-name"
          isOptional
        />
        <TextField
          form={form}
          name="surname"
          label={t('personal.surname')}
          autoComplete="family-name"
        />
        <TextField
          form={form}
          name="email"
          label={t('personal.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          inputMode="email"
        />
        <FormField
          id="kyc-nationality"
          label={t('personal.nationality')}
          error={errorText(t, form.formState.errors.nationality?.message)}
        >
          {(control) => (
            <CountrySelect
              {...control}
              withDialCode={false}
              selected={nationality}
              placeholder={t('documentSelection.countryPlaceholder')}
              {...form.register('nationality')}
            />
          )}
        </FormField>
      </div>
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
