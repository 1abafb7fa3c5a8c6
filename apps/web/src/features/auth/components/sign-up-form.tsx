import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { signInSchema } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { nextResendAt, VerificationDialog } from './verification-dialog';

// The shared request schema plus a confirmation the server never sees (SPEC §2: a confirm label).
const signUpFormSchema = auth.signUp.body
  .extend({ confirmPassword: signInSchema.shape.password })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'auth:errors.passwordsDoNotMatch',
    path: ['confirmPassword'],
  });

export function SignUpForm() {
  const { t } = useTranslation('auth');
  const signUp = useApiMutation(auth.signUp);
  const [pending, setPending] = useState<{ email: string; resendAt: number } | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const form = useSchemaForm(signUpFormSchema, {
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signUp.mutateAsync({ body: { email, password } });
      toast.success(t('signUp.codeSent.title'), { description: t('signUp.codeSent.description') });
      setPending({ email, resendAt: nextResendAt() });
      setDialogOpen(true);
    } catch (error) {
      if (setServerIssues(form, error)) return;
      toast.error(t('signUp.failed'), {
        description: apiErrorText(t, error, t('signUp.failedFallback')),
      });
    }
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="sign-up-title">
        <h2 id="sign-up-title" className="sr-only">
          {t('signUp.tab')}
        </h2>
        <FormField
          id="sign-up-email"
          label={t('fields.email')}
          error={message(errors.email?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              dir="ltr"
              autoComplete="email"
              {...form.register('email')}
            />
          )}
        </FormField>
        <PasswordField
          id="sign-up-password"
          label={t('fields.password')}
          hint={t('signUp.passwordHint')}
          error={message(errors.password?.message)}
          autoComplete="new-password"
          {...form.register('password')}
        />
        <PasswordField
          id="sign-up-confirm-password"
          label={t('fields.confirmPassword')}
          error={message(errors.confirmPassword?.message)}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label={t('signUp.submitting')} /> : t('signUp.submit')}
        </Button>
        {pending && !isDialogOpen ? (
          <Alert tone="info">
            <MailCheck aria-hidden />
            <div className="grid gap-2">
              <p>{t('signUp.awaitingCode', { email: pending.email })}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => setDialogOpen(true)}
              >
                {t('signUp.enterCode')}
              </Button>
            </div>
          </Alert>
        ) : null}
      </form>
      {pending ? (
        <VerificationDialog
          email={pending.email}
          resendAt={pending.resendAt}
          onResent={() => setPending({ email: pending.email, resendAt: nextResendAt() })}
          open={isDialogOpen}
          onOpenChange={setDialogOpen}
        />
      ) : null}
    </>
  );
}
