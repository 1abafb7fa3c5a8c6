// /reset-password (SPEC §2, §4): request a reset link by email. The answer is the same whether or
// not the address has an account.
import { useState } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import * as auth from '@secure-vault/shared/auth/contracts';
import { paths } from '@secure-vault/shared/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthShell } from '@/features/auth/components/auth-shell';

export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const request = useApiMutation(auth.requestPasswordReset);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(auth.requestPasswordReset.body, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ body: { email } });
      setSentTo(email);
    } catch (error) {
      if (setServerIssues(form, error)) return;
      toast.error(t('reset.failed'), {
        description: apiErrorText(t, error, t('reset.failedFallback')),
      });
    }
  });

  return (
    <AuthShell
      back={{ to: paths.auth, label: t('reset.backToSignIn') }}
      title={t('reset.title')}
      description={t('reset.description')}
    >
      <Card>
        <div className="p-4 sm:p-6">
          {sentTo ? (
            <div className="grid gap-5">
              <Alert tone="success" role="status">
                <MailCheck aria-hidden className="text-success" />
                <div className="grid gap-1">
                  <h2 className="font-semibold">{t('reset.sentTitle')}</h2>
                  <p>
                    {t('reset.sentBefore')}{' '}
                    <bdi dir="ltr" className="font-medium">
                      {sentTo}
                    </bdi>
                    {t('reset.sentAfter')}
                  </p>
                </div>
              </Alert>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button asChild>
                  <Link to={paths.auth}>{t('reset.backToSignIn')}</Link>
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setSentTo(null);
                    form.reset({ email: sentTo });
                  }}
                >
                  {t('reset.sendAgain')}
                </Button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="grid gap-5">
              <FormField
                id="reset-email"
                label={t('fields.email')}
                error={errors.email?.message ? t(errors.email.message) : undefined}
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
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label={t('reset.sending')} /> : t('reset.submit')}
              </Button>
            </form>
          )}
        </div>
      </Card>
    </AuthShell>
  );
}
