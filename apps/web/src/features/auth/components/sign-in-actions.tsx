// The sign-in form's buttons, step by step: Sign In (or, when the account's second factor is a
// passkey, Use Your Passkey), a passkey instead of the code when the account has both, a passkey
// alone before any password, and the links under them.
import { useState } from 'react';
import { Link } from 'react-router';
import type { PasskeyAssertion } from '@secure-vault/shared/passkeys';
import { paths } from '@secure-vault/shared/paths';
import { Button } from '@/components/ui/button';
import { PasskeyButton } from '@/components/ui/passkey-button';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { answerWithPasskey, canUsePasskeys } from '@/lib/passkeys';
import { toast } from '@/lib/toast';
import { sayPasskeyFailure, type usePasskeySignIn } from './passkey-sign-in';
import { PasskeyStep } from './totp-step';

/**
 * The second step an account with a second factor adds: its authenticator code (with a passkey
 * offered too when it has one), or its passkey.
 */
export type SecondStep = null | { factor: 'totp'; offersPasskey: boolean } | { factor: 'passkey' };

interface PasskeyStep {
  isWaiting: boolean;
  confirm: () => Promise<void>;
}

/** Asks for the account's passkey and hands its answer to `send`, saying how it went. */
export function usePasskeyStep(
  stopAutofill: () => void,
  send: (passkey: PasskeyAssertion) => Promise<void>,
): PasskeyStep {
  const { t } = useTranslation('auth');
  const [isWaiting, setIsWaiting] = useState(false);
  const confirm = async () => {
    stopAutofill();
    setIsWaiting(true);
    try {
      await send(await answerWithPasskey());
      toast.success(t('signIn.success'));
    } catch (error) {
      sayPasskeyFailure(t, error);
    } finally {
      setIsWaiting(false);
    }
  };
  return { isWaiting, confirm };
}

export function SignInActions({
  secondStep,
  isSubmitting,
  secondFactorPasskey,
  passkeySignIn,
  onStartOver,
}: {
  secondStep: SecondStep;
  isSubmitting: boolean;
  secondFactorPasskey: PasskeyStep;
  passkeySignIn: ReturnType<typeof usePasskeySignIn>;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('auth');
  const waitingLabel = t('signIn.passkeyWaiting');
  return (
    <>
      {secondStep?.factor === 'passkey' ? (
        <>
          <PasskeyStep prompt={t('signIn.passkeyPrompt')} />
          <PasskeyButton
            size="lg"
            label={t('signIn.passkeyUse')}
            waitingLabel={waitingLabel}
            isWaiting={secondFactorPasskey.isWaiting}
            onClick={() => void secondFactorPasskey.confirm()}
          />
        </>
      ) : (
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner label={t('signIn.submitting')} /> : t('signIn.submit')}
        </Button>
      )}
      {secondStep?.factor === 'totp' && secondStep.offersPasskey ? (
        <PasskeyButton
          variant="outline"
          label={t('signIn.passkeyInstead')}
          waitingLabel={waitingLabel}
          isWaiting={secondFactorPasskey.isWaiting}
          onClick={() => void secondFactorPasskey.confirm()}
        />
      ) : null}
      {secondStep === null && canUsePasskeys() ? (
        <PasskeyButton
          variant="outline"
          size="lg"
          label={t('signIn.passkey')}
          waitingLabel={waitingLabel}
          isWaiting={passkeySignIn.isSigningIn}
          onClick={() => void passkeySignIn.signInWithPasskey()}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to={paths.resetPassword}
          className="font-medium text-accent-strong underline-offset-4 hover:underline"
        >
          {t('signIn.forgotPassword')}
        </Link>
        {secondStep !== null ? (
          <button
            type="button"
            className="cursor-pointer font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            onClick={onStartOver}
          >
            {t('signIn.useAnotherAccount')}
          </button>
        ) : null}
      </div>
    </>
  );
}
