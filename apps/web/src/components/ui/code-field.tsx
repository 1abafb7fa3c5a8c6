// A labelled 6-digit code field bound to a react-hook-form form: the emailed code of sign-up
// and the authenticator code that turns two-factor on.
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { CodeInput } from './code-input';
import { FormField } from './form-field';

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
