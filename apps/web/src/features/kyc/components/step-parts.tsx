// What every step of the wizard shares: its text fields, its action row, and how a failed save
// is reported (SPEC §8: the field's message when the server names one, otherwise "Error" /
// "Failed to save KYC data. Please try again.", and the customer stays on the step).
import type { ComponentProps, ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { setServerIssues } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** What putting issues on a form needs of it. */
type IssueTarget<Values extends FieldValues> = Pick<
  UseFormReturn<Values, unknown, FieldValues>,
  'setError' | 'getValues'
>;

/**
 * The draft's issues name `body.data.<field>`; the step's form names `<field>`. True when at
 * least one landed on a field of the form.
 */
export function setDraftIssues<Values extends FieldValues>(
  form: IssueTarget<Values>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const issues = error.issues.map((issue) => ({
    ...issue,
    path: issue.path.replace(/^(body\.)?(data\.)?/, ''),
  }));
  return setServerIssues(form, new ApiError(error.status, error.code, error.message, issues));
}

/** Reports a step's failed save: on the fields the server named, or as SPEC §8's toast. */
export function reportSaveError<Values extends FieldValues>(
  form: IssueTarget<Values> | null,
  error: unknown,
  t: TFunction,
): void {
  if (form && setDraftIssues(form, error)) return;
  toast.error(t('kyc:saveFailed.title'), {
    description: apiErrorText(t, error, t('kyc:saveFailed.description')),
  });
}

/** A message key of the `kyc` (or `auth`) catalog, with the phone's minimum length. */
export function errorText(
  t: TFunction,
  message: string | undefined,
  values: Record<string, unknown> = {},
): string | undefined {
  return message ? t(message, values) : undefined;
}

export function TextField<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  isOptional = false,
  className,
  ...inputProps
}: {
  form: UseFormReturn<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  label: string;
  hint?: ReactNode;
  isOptional?: boolean;
  /** Classes of the field (label, input and messages), e.g. a grid span. */
  className?: string;
} & Omit<ComponentProps<'input'>, 'name' | 'form' | 'className'>) {
  const { t } = useTranslation(['kyc', 'auth']);
  const message = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField
      id={`kyc-${name}`}
      label={
        isOptional ? (
          <>
            {label} <span className="font-normal text-muted-foreground">{t('optional')}</span>
          </>
        ) : (
          label
        )
      }
      hint={hint}
      error={errorText(t, message)}
      {...(className ? { className } : {})}
    >
      {(control) => <Input {...control} {...inputProps} {...form.register(name)} />}
    </FormField>
  );
}

/** The step's main button, busy while its answers are saved. */
export function StepActions({
  label,
  isBusy,
  isDisabled = false,
  describedBy,
  children,
}: {
  label: string;
  isBusy: boolean;
  isDisabled?: boolean;
  /** The id of a hint saying why the button is disabled. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 pt-2">
      {children}
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        disabled={isBusy || isDisabled}
        aria-describedby={describedBy}
      >
        {isBusy ? <Spinner label={t('saving')} /> : label}
      </Button>
    </div>
  );
}
