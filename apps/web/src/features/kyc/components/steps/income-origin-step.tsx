// Income & Wealth Origin (SPEC §2, §5): any of employment, savings, investment or rental income
// and pension, at least one before Continue is enabled.
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { incomeOriginOptions, kycFields } from '@secure-vault/shared/kyc';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { ChoiceFieldset, ChoiceOption } from '../choice-list';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

const incomeOriginSchema = z.object({ incomeOrigin: kycFields.incomeOrigin });

export function IncomeOriginStep({ data, onComplete }: StepProps) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(incomeOriginSchema, {
    defaultValues: { incomeOrigin: data.incomeOrigin ?? [] },
  });
  const chosen = useWatch({ control: form.control, name: 'incomeOrigin' });
  const hasChoice = Array.isArray(chosen) && chosen.length > 0;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(values);
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });
  const hintId = 'kyc-incomeOrigin-continue-hint';

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ChoiceFieldset
        id="kyc-incomeOrigin"
        legend={t('incomeOrigin.question')}
        hint={t('incomeOrigin.hint')}
        error={errorText(t, form.formState.errors.incomeOrigin?.message)}
      >
        {incomeOriginOptions.map((option) => (
          <ChoiceOption
            key={option}
            type="checkbox"
            value={option}
            label={t(`incomeOrigin.options.${option}`)}
            {...form.register('incomeOrigin')}
          />
        ))}
      </ChoiceFieldset>
      {hasChoice ? null : (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('choiceHint')}
        </p>
      )}
      <StepActions
        label={t('continue')}
        isBusy={form.formState.isSubmitting}
        isDisabled={!hasChoice}
        {...(hasChoice ? {} : { describedBy: hintId })}
      />
    </form>
  );
}
