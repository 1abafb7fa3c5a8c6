// Turning two-factor off takes a current authenticator code or one of the recovery codes.
import { ShieldOff } from 'lucide-react';
import * as auth from '@secure-vault/shared/auth/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

export function TwoFactorDisableForm() {
  const { t } = useTranslation(['settings', 'auth']);
  const disable = useApiMutation(auth.disableTwoFactor);
  const form = useSchemaForm(auth.disableTwoFactor.body, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await disable.mutateAsync({ body });
      form.reset();
      toast.success(t('twoFactor.disabled'));
    } catch (error) {
      if (setServerIssues(form, error)) return;
      if (error instanceof ApiError && error.code === 'TOTP_INVALID')
        form.setError('code', { type: 'server', message: 'auth:codes.TOTP_INVALID' });
      toast.error(t('twoFactor.disableFailed'), {
        description: apiErrorText(t, error, t('twoFactor.tryAgain')),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('twoFactor.onExplanation')}</p>
      <FormField
        id="totp-disable-code"
        label={t('twoFactor.disableCode')}
        hint={t('auth:signIn.totpHint')}
        error={errors.code?.message ? t(errors.code.message) : undefined}
      >
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            autoComplete="one-time-code"
            spellCheck={false}
            className="max-w-60 font-mono tracking-widest"
            {...form.register('code')}
          />
        )}
      </FormField>
      <div>
        <Button
          type="submit"
          variant="destructive"
          className="w-full sm:w-auto"
          disabled={isSubmitting}
        >
          {isSubmitting ? (
            <Spinner label={t('twoFactor.disabling')} />
          ) : (
            <>
              <ShieldOff aria-hidden />
              {t('twoFactor.disable')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
