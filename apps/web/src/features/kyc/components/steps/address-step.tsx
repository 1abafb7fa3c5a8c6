// Address (SPEC §2, §5): street, city and postcode required; building and apartment optional.
import { z } from 'zod';
import { kycFields } from '@secure-vault/shared/kyc';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { reportSaveError, StepActions, TextField } from '../step-parts';
import type { StepProps } from '../step-types';

const addressSchema = z.object({
  street: kycFields.street,
  building: kycFields.building.optional(),
  apartment: kycFields.apartment.optional(),
  city: kycFields.city,
  postcode: kycFields.postcode,
});

export function AddressStep({ data, onComplete }: StepProps) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(addressSchema, {
    defaultValues: {
      street: data.street ?? '',
      building: data.building ?? '',
      apartment: data.apartment ?? '',
      city: data.city ?? '',
      postcode: data.postcode ?? '',
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete({
        ...values,
        building: values.building ?? '',
        apartment: values.apartment ?? '',
      });
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-muted-foreground">{t('address.description')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          form={form}
          name="street"
          label={t('address.street')}
          autoComplete="address-line1"
          className="sm:col-span-2"
        />
        <TextField form={form} name="building" label={t('address.building')} isOptional />
        <TextField form={form} name="apartment" label={t('address.apartment')} isOptional />
        <TextField
          form={form}
          name="city"
          label={t('address.city')}
          autoComplete="address-level2"
        />
        <TextField
          form={form}
          name="postcode"
          label={t('address.postcode')}
          autoComplete="postal-code"
          dir="ltr"
        />
      </div>
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
