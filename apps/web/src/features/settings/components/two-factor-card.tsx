// Two-factor sign-in with an authenticator app (DESIGN §4): set up with a QR code or the secret
// typed by hand, confirmed with a code; recovery codes shown once; turned off with a code. Starting
// set-up asks for the password again when it was last given over 10 minutes ago (issue 28).
import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import * as auth from '@secure-vault/shared/auth/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useConfirmedMutation } from '../hooks/use-confirmed-mutation';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { RecoveryCodes } from './recovery-codes';
import { cardTitleClass } from './section';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { type TwoFactorSetup, TwoFactorSetupForm } from './two-factor-setup-form';

export function TwoFactorCard({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation(['settings', 'auth']);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (isOn) {
    body = <TwoFactorDisableForm />;
  } else if (setup) {
    body = (
      <TwoFactorSetupForm
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = <StartSetup onStarted={setSetup} />;
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className={cardTitleClass}>
            <ShieldCheck aria-hidden className="size-5 text-accent-strong" />
            {t('twoFactor.title')}
          </h2>
          <span
            className={
              isOn
                ? 'rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-semibold text-foreground'
                : 'rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground'
            }
            data-testid="two-factor-status"
          >
            {isOn ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        </div>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** Two-factor is off: why to turn it on, and the button that asks for a new secret. */
function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation(['settings', 'auth']);
  const start = useConfirmedMutation(auth.setUpTwoFactor);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('twoFactor.offExplanation')}</p>
      <div>
        <Button
          className="w-full sm:w-auto"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: onStarted,
              onError: (error) =>
                toast.error(t('twoFactor.setupFailed'), {
                  description: apiErrorText(t, error, t('twoFactor.tryAgain')),
                }),
            })
          }
        >
          {start.isPending ? <Spinner label={t('twoFactor.starting')} /> : t('twoFactor.setUp')}
        </Button>
        <ConfirmPasswordDialog {...start.confirmation} />
      </div>
    </div>
  );
}
