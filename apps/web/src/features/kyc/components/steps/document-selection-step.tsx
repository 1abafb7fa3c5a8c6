// Document Selection (SPEC §2, §5): the country that issued the document (every country, named
// in the page's language) and its type: passport, ID card or driver's licence.
import { z } from 'zod';
import { documentTypes, kycFields } from '@secure-vault/shared/kyc';
import { FormField } from '@/components/ui/form-field';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { ChoiceFieldset, ChoiceOption } from '../choice-list';
import { CountrySelect } from '../country-select';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

const documentSelectionSchema = z.object({
  documentCountry: kycFields.documentCountry,
  documentType: kycFields.documentType,
});
type SelectionInput = z.input<typeof documentSelectionSchema>;

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
      documentType: (data.documentType ?? '') as SelectionInput['documentType'],
    },
  });
  const { errors } = form.formState;
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
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
