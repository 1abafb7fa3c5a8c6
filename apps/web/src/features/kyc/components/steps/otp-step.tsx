// OTP Verification (SPEC §2, §8; DESIGN §5): the 6-digit code emailed to the account's address
// confirms the phone number. On success "Phone Number Verified!" shows and the wizard moves on
// after 1.5 s (SPEC §9). Resend waits 60 s after the last code, as the server does.
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckCircle2 } from 'lucide-react';
import type { KycState } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-query';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useSecondsUntil } from '@/lib/use-seconds-until';
import { errorText, reportSaveError } from '../step-parts';
import type { StepProps } from '../step-types';

export const autoAdvanceMs = 1500;
export const resendCooldownMs = 60_000;

export function OtpStep({
  data,
  onComplete,
  accountEmail,
  isVerified,
  codeSentAt,
  onCodeSent,
  onVerified,
}: StepProps & {
  accountEmail: string;
  /** The number in the draft is already confirmed. */
  isVerified: boolean;
  /** When the last code was sent (ms since the epoch), if this visit knows. */
  codeSentAt: number | null;
  onCodeSent: (time: number) => void;
  onVerified: (state: KycState) => void;
}) {
  const { t } = useTranslation(['kyc', 'auth']);
  // waiting: confirmed here, moving on by itself; advancing: saving the move.
  const [phase, setPhase] = useState<'idle' | 'waiting' | 'advancing'>('idle');
  const verify = useApiMutation(kyc.verifyKycPhoneCode);
  const resend = useApiMutation(kyc.sendKycPhoneCode);
  const secondsLeft = useSecondsUntil(
    codeSentAt === null ? null : codeSentAt + resendCooldownMs,
    resendCooldownMs / 1000,
  );
  const form = useSchemaForm(kyc.verifyKycPhoneCode.body, {
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const phone = `${data.countryCode ?? ''} ${data.phoneNumber ?? ''}`;

  const advance = async () => {
    setPhase('advancing');
    try {
      await onComplete({});
    } catch (error) {
      reportSaveError(null, error, t);
      setPhase('idle');
    }
  };

  // SPEC §2: after the success message, on to the next step by itself.
  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => void advance(), autoAdvanceMs);
    return () => clearTimeout(timer);
    // advance is this render's; the timer is set once, when the code is confirmed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const state = await verify.mutateAsync({ body: values });
      onVerified(state);
      setPhase('waiting');
    } catch (error) {
      if (setServerIssues(form, error)) return;
      form.setValue('code', '');
      const isWrongCode =
        error instanceof ApiError &&
        (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED');
      toast.error(t('otp.failedTitle'), {
        description: isWrongCode ? t('otp.invalid') : t('otp.failed'),
      });
    }
  });

  const onResend = () => {
    if (!data.countryCode || !data.phoneNumber) return;
    resend.mutate(
      { body: { countryCode: data.countryCode, phoneNumber: data.phoneNumber } },
      {
        onSuccess: () => {
          onCodeSent(Date.now());
          toast.success(t('otp.resent'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CODE_TOO_SOON') onCodeSent(Date.now());
          toast.error(t('otp.resendFailed'), {
            description:
              error instanceof ApiError && error.code === 'CODE_TOO_SOON'
                ? t('auth:codes.CODE_TOO_SOON')
                : undefined,
          });
        },
      },
    );
  };

  if (isVerified || phase !== 'idle') {
    return (
      <div className="grid gap-5">
        <Alert tone="success" role="status">
          <CheckCircle2 aria-hidden className="text-success" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('otp.verified')}</p>
            <p>
              {t('otp.verifiedNumber')}{' '}
              <bdi dir="ltr" className="font-medium">
                {phone}
              </bdi>
            </p>
          </div>
        </Alert>
        {phase === 'waiting' ? null : (
          <div className="flex justify-end">
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={phase === 'advancing'}
              onClick={() => void advance()}
            >
              {phase === 'advancing' ? <Spinner label={t('saving')} /> : t('continue')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <div className="grid gap-2">
        <p>
          {t('otp.description')}{' '}
          <bdi dir="ltr" className="break-all font-medium">
            {accountEmail}
          </bdi>
        </p>
        <p className="text-sm text-muted-foreground">{t('otp.noSms')}</p>
      </div>
      <CodeField
        control={form.control}
        name="code"
        id="kyc-code"
        label={t('otp.code')}
        error={errorText(t, form.formState.errors.code?.message)}
        className="max-w-xs"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={onResend}
          disabled={secondsLeft > 0 || resend.isPending}
        >
          {resend.isPending ? (
            <Spinner label={t('otp.resending')} />
          ) : secondsLeft > 0 ? (
            t('otp.resendIn', { seconds: secondsLeft })
          ) : (
            t('otp.resend')
          )}
        </Button>
        <Button type="submit" size="lg" disabled={code.length !== 6 || form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner label={t('otp.verifying')} /> : t('otp.verify')}
        </Button>
      </div>
    </form>
  );
}
