// The email verification step of sign-up (SPEC §2, §5, §8): a 6-digit code (digits only, at most
// six, Verify enabled only with six), a Resend button with the server's 60-second spacing.
import { type FormEvent, useEffect, useState } from 'react';
import { codeLength } from '@secure-vault/shared/auth';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useResendSignUpCode } from '../api/resend-sign-up-code';
import { useVerifySignUp } from '../api/verify-sign-up';

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
  const [code, setCode] = useState('');
  const verify = useVerifySignUp();
  const resend = useResendSignUpCode();
  const secondsLeft = useSecondsUntil(resendAt);
  const isComplete = code.length === codeLength;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete) {
      toast.error(t('verify.invalid.title'), { description: t('verify.invalid.description') });
      return;
    }
    verify.mutate(
      { email, code },
      {
        // The /auth guard sees the new session and opens the vault.
        onSuccess: () => toast.success(t('verify.success')),
        onError: (error) => {
          setCode('');
          toast.error(t('verify.failed'), {
            description: apiErrorText(t, error, t('verify.failedFallback')),
          });
        },
      },
    );
  };

  const onResend = () =>
    resend.mutate(
      { email },
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
          <div className="grid gap-2">
            <Label htmlFor="verification-code">{t('verify.codeLabel')}</Label>
            <CodeInput
              id="verification-code"
              value={code}
              onValueChange={setCode}
              autoFocus
              aria-describedby="verification-code-hint"
            />
            <p id="verification-code-hint" className="text-sm text-muted-foreground">
              {t('verify.hint')}
            </p>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={onResend}
              disabled={secondsLeft > 0 || resend.isPending}
            >
              {resend.isPending ? (
                <Spinner label={t('verify.resending')} />
              ) : secondsLeft > 0 ? (
                t('verify.resendIn', { seconds: secondsLeft })
              ) : (
                t('verify.resend')
              )}
            </Button>
            <Button type="submit" disabled={!isComplete || verify.isPending}>
              {verify.isPending ? <Spinner label={t('verify.submitting')} /> : t('verify.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
