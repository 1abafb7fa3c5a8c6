// The email verification step of sign-up (SPEC §2, §5, §8): a 6-digit code (digits only, at most
// six, Verify enabled only with six), a Resend button with the server's 60-second spacing.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { codeLength } from '@secure-vault/shared/auth';
import * as auth from '@secure-vault/shared/auth/contracts';
import { CodeActions, CodeField } from '@/components/ui/code-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { setServerIssues, useSchemaForm } from '@/lib/form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

// The request's schema without the address, which the dialog already knows.
const verificationFormSchema = auth.verifySignUp.body.omit({ email: true });

export const resendCooldownMs = 60_000;

/** When the server will accept another code for the address (it spaces them 60 s apart). */
export function nextResendAt(): number {
  return Date.now() + resendCooldownMs;
}

function useSecondsUntil(time: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (time <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= time) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [time]);
  return Math.max(0, Math.ceil((time - now) / 1000));
}

export function VerificationDialog({
  email,
  resendAt,
  onResent,
  open,
  onOpenChange,
}: {
  email: string;
  /** When Resend becomes available (ms since the epoch). */
  resendAt: number;
  onResent: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const verify = useApiMutation(auth.verifySignUp, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const resend = useApiMutation(auth.resendSignUpCode);
  const secondsLeft = useSecondsUntil(resendAt);
  // Checked on submit only: Verify stays disabled until the six digits are in.
  const form = useSchemaForm(verificationFormSchema, {
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const isComplete = code.length === codeLength;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await verify.mutateAsync({ body: { email, code: values.code } });
        // The /auth guard sees the new session and opens the vault.
        toast.success(t('verify.success'));
      } catch (error) {
        if (setServerIssues(form, error)) return;
        form.setValue('code', '');
        toast.error(t('verify.failed'), {
          description: apiErrorText(t, error, t('verify.failedFallback')),
        });
      }
    },
    () => toast.error(t('verify.invalid.title'), { description: t('verify.invalid.description') }),
  );

  const onResend = () =>
    resend.mutate(
      { body: { email } },
      {
        onSuccess: () => {
          onResent();
          toast.success(t('verify.resent'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CODE_TOO_SOON') onResent();
          toast.error(t('verify.resendFailed'), {
            description: apiErrorText(t, error, t('verify.resendFailedFallback')),
          });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('verify.close')}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('verify.title')}</DialogTitle>
          <DialogDescription>
            {t('verify.description')}{' '}
            <bdi dir="ltr" className="break-all font-medium text-foreground">
              {email}
            </bdi>
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <CodeField
            control={form.control}
            name="code"
            id="verification-code"
            label={t('verify.codeLabel')}
            hint={t('verify.hint')}
            error={errors.code?.message ? t(errors.code.message) : undefined}
            autoFocus
          />
          <CodeActions
            onResend={onResend}
            secondsLeft={secondsLeft}
            isResending={resend.isPending}
            canSubmit={isComplete}
            isSubmitting={isSubmitting}
            t={t}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
