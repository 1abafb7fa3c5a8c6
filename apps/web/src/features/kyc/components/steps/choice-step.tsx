// The single-choice questions (SPEC §2, §5): experience, employment, industry, income and wealth.
// Continue stays disabled until an answer is chosen.
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  employmentOptions,
  experienceOptions,
  incomeOptions,
  industryOptions,
  kycDraftDataSchema,
  kycFields,
  type KycDraftData,
  wealthOptions,
} from '@secure-vault/shared/kyc';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { needsIndustry } from '../../steps';
import { ChoiceFieldset, ChoiceOption } from '../choice-list';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

const choices = {
  experience: experienceOptions,
  employment: employmentOptions,
  industry: industryOptions,
  income: incomeOptions,
  wealth: wealthOptions,
} as const;
export type ChoiceName = keyof typeof choices;

/**
 * The answers a choice saves: an employment keeps its industry while it still asks for one. The
 * choice is read by the draft's schema, so it is saved only as the option it is.
 */
function answersOf(name: ChoiceName, value: string, data: KycDraftData): KycDraftData {
  const parsed = kycDraftDataSchema.safeParse({ [name]: value });
  const answers: KycDraftData = parsed.success ? parsed.data : {};
  if (name === 'employment' && needsIndustry(answers.employment) && data.industry) {
    answers.industry = data.industry;
  }
  return answers;
}

export function ChoiceStep({ name, data, onComplete }: StepProps & { name: ChoiceName }) {
  const { t } = useTranslation(['kyc', 'auth']);
  const schema = useMemo(() => {
    const shape: Record<string, z.ZodType<string | undefined, string | undefined>> = {
      [name]: kycFields[name],
    };
    return z.object(shape);
  }, [name]);
  const form = useSchemaForm(schema, { defaultValues: { [name]: data[name] ?? '' } });
  const value = useWatch({ control: form.control, name });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(answersOf(name, values[name] ?? '', data));
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });
  const hintId = `kyc-${name}-continue-hint`;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <ChoiceFieldset
        id={`kyc-${name}`}
        legend={t(`${name}.question`)}
        error={errorText(t, form.formState.errors[name]?.message)}
      >
        {choices[name].map((option) => (
          <ChoiceOption
            key={option}
            type="radio"
            value={option}
            label={t(`${name}.options.${option}`)}
            {...form.register(name)}
          />
        ))}
      </ChoiceFieldset>
      {value ? null : (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('choiceHint')}
        </p>
      )}
      <StepActions
        label={t('continue')}
        isBusy={form.formState.isSubmitting}
        isDisabled={!value}
        {...(value ? {} : { describedBy: hintId })}
      />
    </form>
  );
}
