// Two-factor set-up's second step: the new secret as a QR code and as text, then the first code
// from the app to turn it on (the answer carries the recovery codes).
import { useWatch } from 'react-hook-form';
import { Copy } from 'lucide-react';
import { codeLength } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import type { ContractResponse } from '@secure-vault/shared/contract';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { copyText } from '../copy-text';
import { QrCode } from './qr-code';
import { Tooltip } from '@/components/ui/tooltip';

export type TwoFactorSetup = ContractResponse<typeof auth.setUpTwoFactor>;

function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function TwoFactorSetupForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  const enable = useApiMutation(auth.enableTwoFactor);
  // Checked on submit only: Turn On stays disabled until the six digits are in.
  const form = useSchemaForm(auth.enableTwoFactor.body, {
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const isComplete = code.length === codeLength;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { recoveryCodes } = await enable.mutateAsync({ body });
      toast.success(t('twoFactor.enabled'));
      onEnabled(recoveryCodes);
    } catch (error) {
      if (setServerIssues(form, error)) return;
      form.setValue('code', '');
      toast.error(t('twoFactor.enableFailed'), {
        description: apiErrorText(t, error, t('twoFactor.tryAgain')),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
        <div className="flex justify-center md:row-span-2">
          <div className="rounded-lg border bg-white p-2 shadow-sm">
            <QrCode
              value={setup.otpauthUri}
              label={t('twoFactor.qrLabel')}
              className="size-44 sm:size-48"
            />
          </div>
        </div>
        <div className="grid gap-2 text-sm">
          <p className="font-medium">{t('twoFactor.step1')}</p>
          <p className="text-muted-foreground">{t('twoFactor.manualEntry')}</p>
          <div className="flex items-center gap-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm tracking-wider"
              data-testid="totp-secret"
              data-secret={setup.secret}
            >
              {groupSecret(setup.secret)}
            </code>
            <Tooltip content={t('twoFactor.copySecret')}>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={t('twoFactor.copySecret')}
                onClick={async () => {
                  if (await copyText(setup.secret)) toast.success(t('twoFactor.copied'));
                }}
              >
                <Copy aria-hidden />
              </Button>
            </Tooltip>
          </div>
        </div>
        <CodeField
          control={form.control}
          name="code"
          id="totp-setup-code"
          label={t('twoFactor.step2')}
          error={errors.code?.message ? t(errors.code.message) : undefined}
          className="max-w-60"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" disabled={!isComplete || isSubmitting}>
          {isSubmitting ? <Spinner label={t('twoFactor.enabling')} /> : t('twoFactor.enable')}
        </Button>
      </div>
    </form>
  );
}
