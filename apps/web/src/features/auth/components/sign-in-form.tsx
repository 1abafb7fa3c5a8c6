import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { TotpStep } from './totp-step';

/** Email and password; when the account has two-factor on, a second step asks for the code. */
export function SignInForm() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signIn = useApiMutation(auth.signIn, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const [needsTotp, setNeedsTotp] = useState(false);
  const form = useSchemaForm(auth.signIn.body, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync({
        body: needsTotp ? values : { email: values.email, password: values.password },
      });
      // The /auth guard now sees the session and takes the visitor to their vault.
      toast.success(t('signIn.success'));
    } catch (error) {
      if (setServerIssues(form, error)) return;
      if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
        setNeedsTotp(true);
        setTimeout(() => form.setFocus('totp'), 0);
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
            autoComplete="username"
            readOnly={needsTotp}
            {...form.register('email')}
          />
        )}
      </FormField>
      <PasswordField
        id="sign-in-password"
        label={t('fields.password')}
        error={message(errors.password?.message)}
        autoComplete="current-password"
        readOnly={needsTotp}
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
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={t('signIn.submitting')} /> : t('signIn.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to={paths.resetPassword}
          className="font-medium text-accent-strong underline-offset-4 hover:underline"
        >
          {t('signIn.forgotPassword')}
        </Link>
        {needsTotp ? (
          <button
            type="button"
            className="cursor-pointer font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            onClick={() => {
              setNeedsTotp(false);
              form.resetField('totp');
              form.setValue('password', '');
            }}
          >
            {t('signIn.useAnotherAccount')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
