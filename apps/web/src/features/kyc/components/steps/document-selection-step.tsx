// Document Selection (SPEC §2, §5): the country that issued the document (every country, named
// in the page's language) and its type: passport, ID card or driver's licence; and what a real
// KYC asks beyond SPEC, its number and expiry date (an expired document is refused).
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { documentTypes, kycFields } from '@secure-vault/shared/kyc';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { withDateSlashes } from '../../date-input';
import { ChoiceFieldset, ChoiceOption } from '../choice-list';
import { CountrySelect } from '../country-select';
import { errorText, reportSaveError, StepActions, TextField } from '../step-parts';
import type { StepProps } from '../step-types';

const documentSelectionSchema = z.object({
  documentCountry: kycFields.documentCountry,
  // No type is chosen at first: the form holds text, and only a known type passes the shared rule.
  documentType: z.string('kyc:errors.documentTypeRequired').pipe(kycFields.documentType),
  documentNumber: kycFields.documentNumber,
  documentExpiry: kycFields.documentExpiry,
});
export function DocumentSelectionStep({
  data,
  onComplete,
  country,
}: StepProps & {
  /** The phone's country, the first guess for the document's. */ country: string | undefined;
}) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(documentSelectionSchema, {
    defaultValues: {
      documentCountry: data.documentCountry ?? country ?? '',
      documentType: data.documentType ?? '',
      documentNumber: data.documentNumber ?? '',
      documentExpiry: data.documentExpiry ?? '',
    },
  });
  const { errors } = form.formState;
  const documentCountry = useWatch({ control: form.control, name: 'documentCountry' });
  const expiry = form.register('documentExpiry');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(values);
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <p className="text-muted-foreground">{t('documentSelection.description')}</p>
      <FormField
        id="kyc-documentCountry"
        label={t('documentSelection.country')}
        error={errorText(t, errors.documentCountry?.message)}
        className="max-w-md"
      >
        {(control) => (
          <CountrySelect
            {...control}
            withDialCode={false}
            selected={documentCountry}
            placeholder={t('documentSelection.countryPlaceholder')}
            {...form.register('documentCountry')}
          />
        )}
      </FormField>
      <ChoiceFieldset
        id="kyc-documentType"
        legend={t('documentSelection.type')}
        error={errorText(t, errors.documentType?.message)}
      >
        {documentTypes.map((type) => (
          <ChoiceOption
            key={type}
            type="radio"
            value={type}
            label={t(`documentSelection.types.${type}`)}
            {...form.register('documentType')}
          />
        ))}
      </ChoiceFieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          form={form}
          name="documentNumber"
          label={t('documentSelection.number')}
          hint={t('documentSelection.numberHint')}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="[&_input]:text-start"
        />
        <FormField
          id="kyc-documentExpiry"
          label={t('documentSelection.expiry')}
          hint={t('documentSelection.expiryHint')}
          error={errorText(t, errors.documentExpiry?.message)}
        >
          {(control) => (
            <Input
              {...control}
              {...expiry}
              dir="ltr"
              inputMode="numeric"
              placeholder={t('dateOfBirth.placeholder')}
              maxLength={10}
              className="text-start"
              onChange={(event) => {
                event.target.value = withDateSlashes(
                  event.target.value,
                  form.getValues('documentExpiry'),
                );
                return expiry.onChange(event);
              }}
            />
          )}
        </FormField>
      </div>
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
