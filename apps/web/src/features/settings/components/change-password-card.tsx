// SPEC §5 Change password: new and confirm must match, at least 6 characters; SPEC §8 texts.
import { KeyRound } from 'lucide-react';
import { signInSchema } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { cardTitleClass } from './section';

const mismatch = 'settings:errors.newPasswordsDoNotMatch';

// The request's schema plus a confirmation the server never sees.
const changePasswordFormSchema = auth.changePassword.body
  .extend({ confirmPassword: signInSchema.shape.password })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: mismatch,
    path: ['confirmPassword'],
  });

export function ChangePasswordCard() {
  const { t } = useTranslation(['settings', 'auth']);
  const change = useApiMutation(auth.changePassword);
  const form = useSchemaForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, newPassword }) => {
      try {
        await change.mutateAsync({ body: { currentPassword, newPassword } });
        toast.success(t('password.success'));
        form.reset();
      } catch (error) {
        if (setServerIssues(form, error)) return;
        if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT') {
          form.setError(
            'currentPassword',
            { message: 'auth:codes.PASSWORD_INCORRECT' },
            { shouldFocus: true },
          );
        }
        toast.error(t('password.failed'), {
          description: apiErrorText(t, error, t('password.failedFallback')),
        });
      }
    },
    (invalid) => {
      // The original showed these two checks as toasts (SPEC §5); the fields say it too.
      if (invalid.newPassword?.message === 'auth:errors.passwordTooShort') {
        toast.error(t('password.tooShort.title'), {
          description: t('auth:errors.passwordTooShort'),
        });
      } else if (invalid.confirmPassword?.message === mismatch) {
        toast.error(t('password.mismatch.title'), { description: t(mismatch) });
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <h2 className={cardTitleClass}>
          <KeyRound aria-hidden className="size-5 text-accent-strong" />
          {t('password.title')}
        </h2>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <PasswordField
            id="current-password"
            label={t('password.current')}
            error={message(errors.currentPassword?.message)}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <PasswordField
              id="new-password"
              label={t('password.new')}
              error={message(errors.newPassword?.message)}
              autoComplete="new-password"
              {...form.register('newPassword')}
            />
            <PasswordField
              id="confirm-password"
              label={t('password.confirm')}
              error={message(errors.confirmPassword?.message)}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </div>
          <div>
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? <Spinner label={t('password.submitting')} /> : t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
