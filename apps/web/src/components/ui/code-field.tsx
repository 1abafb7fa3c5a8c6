// A labelled 6-digit code field bound to a react-hook-form form: the emailed code of sign-up and
// of a new bank account, and the authenticator code that turns two-factor on; and the Resend and
// Verify buttons of a dialog asking for an emailed code.
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button } from './button';
import { CodeInput } from './code-input';
import { DialogFooter } from './dialog';
import { FormField } from './form-field';
import { Spinner } from './spinner';

export function CodeField<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  error,
  autoFocus,
  className,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error, already translated. */
  error: string | undefined;
  autoFocus?: boolean;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <CodeInput
              {...fieldControl}
              ref={field.ref}
              name={field.name}
              value={String(field.value ?? '')}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              {...(autoFocus ? { autoFocus } : {})}
              {...(className ? { className } : {})}
            />
          )}
        />
      )}
    </FormField>
  );
}

/**
 * The two buttons under an emailed code: Resend (counting down while the server would refuse a
 * new code, and spinning while one is asked for) and Verify (once the code is whole).
 */
export function CodeActions({
  onResend,
  secondsLeft,
  isResending,
  canSubmit,
  isSubmitting,
  t,
}: {
  onResend: () => void;
  /** Seconds until another code may be sent; 0 when it may be now. */
  secondsLeft: number;
  isResending: boolean;
  /** The code is whole. */
  canSubmit: boolean;
  isSubmitting: boolean;
  /** Scoped to a namespace holding verify.resend, resendIn, resending, submit and submitting. */
  t: TFunction;
}) {
  return (
    <DialogFooter>
      <Button
        type="button"
        variant="outline"
        onClick={onResend}
        disabled={secondsLeft > 0 || isResending}
      >
        {isResending ? (
          <Spinner label={t('verify.resending')} />
        ) : secondsLeft > 0 ? (
          t('verify.resendIn', { seconds: secondsLeft })
        ) : (
          t('verify.resend')
        )}
      </Button>
      <Button type="submit" disabled={!canSubmit || isSubmitting}>
        {isSubmitting ? <Spinner label={t('verify.submitting')} /> : t('verify.submit')}
      </Button>
    </DialogFooter>
  );
}
