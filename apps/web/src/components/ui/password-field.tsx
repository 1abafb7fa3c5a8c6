// A labelled password input (always left-to-right, so Arabic pages keep the caret where typed).
import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './form-field';
import { Input } from './input';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField({ id, label, error, hint, ...input }: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <Input {...control} {...input} type="password" dir="ltr" />}
    </FormField>
  );
}
