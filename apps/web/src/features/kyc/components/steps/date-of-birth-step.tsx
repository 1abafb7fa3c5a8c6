// Date of Birth (SPEC §2, §5): typed as DD/MM/YYYY, a real calendar date, from 1900, not in the
// future. The slashes come by themselves on a numeric keypad.
import { z } from 'zod';
import { kycFields } from '@secure-vault/shared/kyc';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { withDateSlashes } from '../../date-input';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

const dateOfBirthSchema = z.object({ dateOfBirth: kycFields.dateOfBirth });

export function DateOfBirthStep({ data, onComplete }: StepProps) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(dateOfBirthSchema, {
    defaultValues: { dateOfBirth: data.dateOfBirth ?? '' },
  });
  const field = form.register('dateOfBirth');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(values);
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-muted-foreground">{t('dateOfBirth.description')}</p>
      <FormField
        id="kyc-dateOfBirth"
        label={t('dateOfBirth.label')}
        hint={t('dateOfBirth.hint')}
        error={errorText(t, form.formState.errors.dateOfBirth?.message)}
        className="max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            {...field}
            dir="ltr"
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t('dateOfBirth.placeholder')}
            maxLength={10}
            className="text-start"
            onChange={(event) => {
              event.target.value = withDateSlashes(
                event.target.value,
                form.getValues('dateOfBirth'),
              );
              return field.onChange(event);
            }}
          />
        )}
      </FormField>
      <StepActions label={t('continue')} isBusy={form.formState.isSubmitting} />
    </form>
  );
}
