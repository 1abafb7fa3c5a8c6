// Signing in with a passkey (issue 28): the email field's autofill offers this site's passkeys
// while the sign-in form is open (conditional UI), and a button asks for one outright. Either
// way the answer goes to passkey/sign-in, which opens the session.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as passkeyApi from '@secure-vault/shared/passkeys/contracts';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiMutation } from '@/lib/api-query';
import { replaceSession } from '@/lib/auth/replace-session';
import { useTranslation } from '@/lib/i18n';
import {
  answerWithPasskey,
  canOfferPasskeysInAutofill,
  passkeyFailureOf,
  stopPasskeyRequest,
} from '@/lib/passkeys';
import { toast } from '@/lib/toast';

/** Why signing in with a passkey did not: a toast in the page's language. */
export function sayPasskeyFailure(t: TFunction, error: unknown): void {
  if (passkeyFailureOf(error) === 'cancelled') {
    toast.message(t('signIn.passkeyCancelled'));
    return;
  }
  toast.error(t('signIn.failed'), {
    description: apiErrorText(t, error, t('signIn.failedFallback')),
  });
}

/** A waiting autofill request the browser ended this soon was refused, not timed out. */
const shortestWaitMs = 10_000;

export function usePasskeySignIn() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signIn = useApiMutation(passkeyApi.signInWithPasskey, {
    onSuccess: (session) => replaceSession(queryClient, session),
  });
  const { mutateAsync } = signIn;

  // Whether the autofill request may start again; a request of the page's own ends it for good
  // (starting one ends the one waiting, which must not then start again and end it in turn).
  const autofillRef = useRef(true);
  const stopAutofill = () => {
    autofillRef.current = false;
  };

  /** Asks for a passkey now (the button). */
  const signInWithPasskey = async () => {
    stopAutofill();
    try {
      const credential = await answerWithPasskey();
      await mutateAsync({ body: { credential } });
      toast.success(t('signIn.success'));
    } catch (error) {
      sayPasskeyFailure(t, error);
    }
  };

  // The autofill request waits while the form is open; the browser ends it after its timeout,
  // and it starts again with a fresh challenge, so the suggestion never points at a stale one.
  useEffect(() => {
    autofillRef.current = true;
    const isOn = () => autofillRef.current;
    const offer = async () => {
      if (!(await canOfferPasskeysInAutofill())) return;
      while (isOn()) {
        const started = Date.now();
        try {
          const credential = await answerWithPasskey({ autofill: true });
          await mutateAsync({ body: { credential } });
          toast.success(t('signIn.success'));
          return;
        } catch (error) {
          if (!isOn()) return;
          if (passkeyFailureOf(error) !== 'cancelled') sayPasskeyFailure(t, error);
          if (Date.now() - started < shortestWaitMs) return;
        }
      }
    };
    void offer();
    return () => {
      const wasWaiting = autofillRef.current;
      autofillRef.current = false;
      if (wasWaiting) stopPasskeyRequest();
    };
  }, [mutateAsync, t]);

  return { signInWithPasskey, stopAutofill, isSigningIn: signIn.isPending };
}
