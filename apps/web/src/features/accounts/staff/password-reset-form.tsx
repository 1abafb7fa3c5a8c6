// Password Reset, the form (SPEC §5): a user, a new password of at least 6 characters and its
// confirmation. The password is checked by the contract's own body schema; the confirmation
// never leaves the browser.
import { LockKeyhole } from 'lucide-react';
import { z } from 'zod';
import * as admin from '@secure-vault/shared/admin/contracts';
import type { AdminUser } from '@secure-vault/shared/vault';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { UserSelect } from '@/components/staff/user-select';

const selectUser = 'admin:passwordReset.selectUser';
const tooShort = 'auth:errors.passwordTooShort';
const mismatch = 'admin:passwordReset.mismatch';

/** The customer (the operation's path) and a confirmation beside the contract's body. */
const passwordResetFormSchema = admin.resetUserPassword.body
  .extend({ userId: z.uuid(selectUser), confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: mismatch,
    path: ['confirmPassword'],
    // Checked even while another field is wrong, so every problem shows on the first submit.
    when: (payload) => typeof payload.value === 'object',
  });

const emptyForm = { userId: '', newPassword: '', confirmPassword: '' };

export function PasswordResetForm({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation(['admin', 'auth']);
  const form = useSchemaForm(passwordResetFormSchema, { defaultValues: emptyForm });
  const { errors } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  // Nothing the panel shows changes: sessions are not listed here, so no query is refreshed.
  const reset = useApiMutation(admin.resetUserPassword);

  const onSubmit = form.handleSubmit(
    ({ userId, newPassword }) =>
      reset.mutate(
        { params: { id: userId }, body: { newPassword } },
        {
          onSuccess: () => {
            toast.success(t('passwordReset.success'));
            // The password must not linger on a shared staff screen, nor the customer it was for.
            form.reset(emptyForm);
          },
          onError: (failure) => {
            if (setServerIssues(form, failure)) return;
            // The server's own words are English only; its one refusal is said in the page's language.
            const isGone = failure instanceof ApiError && failure.code === 'NOT_FOUND';
            toast.error(t('passwordReset.failed'), {
              description: isGone
                ? t('passwordReset.notFound')
                : apiErrorText(t, failure, t('passwordReset.tryAgain')),
            });
          },
        },
      ),
    (invalid) => {
      // The original said these in toasts too (SPEC §5), one at a time in the form's order.
      if (invalid.userId) toast.error(t(selectUser));
      else if (invalid.newPassword?.message === tooShort) {
        toast.error(t('passwordReset.tooShort.title'), {
          description: t('passwordReset.tooShort.description'),
        });
      } else if (invalid.confirmPassword) toast.error(t(mismatch));
    },
  );

  return (
    <Card data-testid="password-reset-form">
      <CardHeader>
        <h3 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <LockKeyhole aria-hidden className="size-5 text-accent-strong" />
          {t('passwordReset.title')}
        </h3>
        <CardDescription>{t('passwordReset.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="password-reset-user"
            label={t('passwordReset.user')}
            error={message(errors.userId?.message)}
          >
            {(control) => <UserSelect users={users} {...control} {...form.register('userId')} />}
          </FormField>
          <PasswordField
            id="password-reset-new"
            label={t('passwordReset.newPassword')}
            error={message(errors.newPassword?.message)}
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
          <PasswordField
            id="password-reset-confirm"
            label={t('passwordReset.confirmPassword')}
            error={message(errors.confirmPassword?.message)}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
          <div>
            <Button type="submit" disabled={reset.isPending} className="w-full sm:w-auto">
              {reset.isPending ? (
                <Spinner label={t('passwordReset.submitting')} />
              ) : (
                t('passwordReset.submit')
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
