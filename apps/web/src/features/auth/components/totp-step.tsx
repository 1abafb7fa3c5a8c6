// The step an account with two-factor adds to signing in or setting a new password: why the
// code is asked for, then the field for the authenticator's code or a recovery code; or, when its
// second factor is a passkey, why the device will ask for it.
import type { ComponentProps } from 'react';
import { KeyRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';

export interface TotpStepProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  prompt: string;
  error?: string | undefined;
}

export function TotpStep({ id, prompt, error, ...input }: TotpStepProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Alert tone="info" role="status">
        <KeyRound aria-hidden />
        <p>{prompt}</p>
      </Alert>
      <FormField id={id} label={t('fields.totp')} hint={t('signIn.totpHint')} error={error}>
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            inputMode="text"
            autoComplete="one-time-code"
            spellCheck={false}
            className="font-mono tracking-widest"
            {...input}
          />
        )}
      </FormField>
    </>
  );
}

/** The passkey's step: what the browser's prompt is for (the prompt itself is the browser's). */
export function PasskeyStep({ prompt }: { prompt: string }) {
  return (
    <Alert tone="info" role="status">
      <KeyRound aria-hidden />
      <p>{prompt}</p>
    </Alert>
  );
}
