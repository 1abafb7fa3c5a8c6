import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import * as auth from '@secure-vault/shared/auth/contracts';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePasskeySignIn } from './passkey-sign-in';
import { type SecondStep, SignInActions, usePasskeyStep } from './sign-in-actions';
import { TotpStep } from './totp-step';

/**
 * Email and password; when the account has a second factor, a second step asks for the code or
 * the passkey. The email field's autofill also offers this site's passkeys, which sign in alone.
 */
export function SignInForm() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signIn = useApiMutation(auth.signIn, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const passkeySignIn = usePasskeySignIn();
  const [secondStep, setSecondStep] = useState<SecondStep>(null);
  const needsTotp = secondStep?.factor === 'totp';
  const form = useSchemaForm(auth.signIn.body, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  // The password again, with the account's passkey as its second factor.
  const secondFactorPasskey = usePasskeyStep(passkeySignIn.stopAutofill, async (passkey) => {
    const { email, password } = form.getValues();
    await signIn.mutateAsync({ body: { email, password, passkey } });
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync({
        body: needsTotp
          ? { email: values.email, password: values.password, totp: values.totp }
          : { email: values.email, password: values.password },
      });
      // The /auth guard now sees the session and takes the visitor to their vault.
      toast.success(t('signIn.success'));
    } catch (error) {
      if (setServerIssues(form, error)) return;
      if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
        setSecondStep({ factor: 'totp', offersPasskey: error.details.passkey === 'offered' });
        setTimeout(() => form.setFocus('totp'), 0);
        return;
      }
      if (error instanceof ApiError && error.code === 'PASSKEY_REQUIRED') {
        setSecondStep({ factor: 'passkey' });
        return;
      }
      if (error instanceof ApiError && error.code === 'TOTP_INVALID') {
        form.setValue('totp', '');
        form.setFocus('totp');
      }
      toast.error(t('signIn.failed'), {
        description: apiErrorText(t, error, t('signIn.failedFallback')),
      });
    }
  });
  const isSecondStep = secondStep !== null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="sr-only">
        {t('signIn.tab')}
      </h2>
      <FormField
        id="sign-in-email"
        label={t('fields.email')}
        error={message(errors.email?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            dir="ltr"
            autoComplete="username webauthn"
            readOnly={isSecondStep}
            {...form.register('email')}
          />
        )}
      </FormField>
      <PasswordField
        id="sign-in-password"
        label={t('fields.password')}
        error={message(errors.password?.message)}
        autoComplete="current-password"
        readOnly={isSecondStep}
        {...form.register('password')}
      />
      {needsTotp ? (
        <TotpStep
          id="sign-in-totp"
          prompt={t('signIn.totpPrompt')}
          error={message(errors.totp?.message)}
          {...form.register('totp')}
        />
      ) : null}
      <SignInActions
        secondStep={secondStep}
        isSubmitting={isSubmitting}
        secondFactorPasskey={secondFactorPasskey}
        passkeySignIn={passkeySignIn}
        onStartOver={() => {
          setSecondStep(null);
          form.resetField('totp');
          form.setValue('password', '');
        }}
      />
    </form>
  );
}
