// Terms and Policies (SPEC §2, §5, §9): five sections in a 16rem scroll box, the declaration's
// checkbox, and Confirm, enabled once it is ticked.
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { kycFields } from '@secure-vault/shared/kyc';
import { useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { errorText, reportSaveError, StepActions } from '../step-parts';
import type { StepProps } from '../step-types';

// The box starts unticked: the form holds a boolean, and only a tick passes the shared rule.
const termsSchema = z.object({
  termsAccepted: z.boolean('kyc:errors.termsRequired').pipe(kycFields.termsAccepted),
});
const sections = ['security', 'financial', 'data', 'risk', 'compliance'] as const;

export function TermsStep({ data, onComplete }: StepProps) {
  const { t } = useTranslation(['kyc', 'auth']);
  const form = useSchemaForm(termsSchema, {
    defaultValues: { termsAccepted: data.termsAccepted ?? false },
  });
  const isAccepted = useWatch({ control: form.control, name: 'termsAccepted' }) === true;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onComplete(values);
    } catch (error) {
      reportSaveError(form, error, t);
    }
  });
  const error = errorText(t, form.formState.errors.termsAccepted?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-muted-foreground">{t('terms.description')}</p>
      <div
        // Keyboard users scroll it with the arrow keys once it has focus.
        tabIndex={0}
        role="region"
        aria-labelledby="kyc-terms-title"
        className="h-64 overflow-y-auto rounded-md border bg-muted/40 p-4 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-testid="kyc-terms"
      >
        <h3 id="kyc-terms-title" className="mb-3 text-base font-semibold">
          {t('terms.title')}
        </h3>
        <div className="grid gap-4">
          {sections.map((section) => (
            <section key={section} aria-labelledby={`kyc-terms-${section}`} className="grid gap-1">
              <h4 id={`kyc-terms-${section}`} className="font-semibold">
                {t(`terms.sections.${section}.title`)}
              </h4>
              <p className="leading-relaxed text-muted-foreground">
                {t(`terms.sections.${section}.body`)}
              </p>
            </section>
          ))}
        </div>
      </div>
      <div className="grid gap-2">
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-accent-strong"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'kyc-terms-error' : undefined}
            {...form.register('termsAccepted')}
          />
          <span>{t('terms.accept')}</span>
        </label>
        {error ? (
          <p id="kyc-terms-error" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <StepActions
        label={t('terms.confirm')}
        isBusy={form.formState.isSubmitting}
        isDisabled={!isAccepted}
      />
    </form>
  );
}
