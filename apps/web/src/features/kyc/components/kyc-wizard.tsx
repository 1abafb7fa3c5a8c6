// The 17-step KYC wizard (SPEC §2, §4; DESIGN §5). It opens at the step the server saved, with the
// saved answers (a rejected verification opens at the start, its reason above every step); each
// step's Continue saves its answers and the next step before moving on, and the last step submits
// for review, then goes to the dashboard.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { KycDraftData, KycState } from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import { paths } from '@secure-vault/shared/paths';
import { ApiError, callApi } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-query';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { countryOfDialCode, defaultCountry } from '../countries';
import { useStoreKycState } from '../hooks/use-kyc-state';
import { type KycScreen, nextScreen, previousScreen, screenAt, stepIndexOf } from '../steps';
import { wait } from '../wait';
import { RejectionNotice } from './status-screens';
import type { Complete } from './step-types';
import { WizardSteps } from './wizard-steps';
import { WizardFrame } from './wizard-frame';

/** SPEC §9: "Processing Your Documents" shows for 3 s. */
export const processingMs = 3000;

export function KycWizard({
  state,
  accountEmail,
  onBusyChange,
}: {
  state: KycState;
  accountEmail: string;
  /** True from Complete Verification until the wizard has left, or the submission failed. */
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { t } = useTranslation(['kyc', 'auth']);
  const navigate = useNavigate();
  const storeState = useStoreKycState();
  const [screen, setScreen] = useState<KycScreen>(() =>
    state.status === 'rejected' ? 'introduction' : screenAt(state.step),
  );
  // Staff's reason stays in sight while it is being corrected: a save makes it a draft again, and
  // the reason goes only with the next submission.
  const [rejectionReason] = useState(() =>
    state.status === 'rejected' || (state.status === 'draft' && state.rejectionReason)
      ? (state.rejectionReason ?? '')
      : null,
  );
  // Saving a step: Back waits. Locked: a waiting screen shows, without Back.
  const [isSaving, setSaving] = useState(false);
  const [isLocked, setLocked] = useState(false);
  // The phone's country: one dial code may serve several (+1), and the currency follows it.
  const [phoneCountry, setPhoneCountry] = useState(
    () => countryOfDialCode(state.data.countryCode) ?? defaultCountry,
  );
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasMoved = useRef(false);
  const saveDraft = useApiMutation(kyc.saveKycDraft);
  const submit = useApiMutation(kyc.submitKyc);

  // A new step is announced by moving the focus to its name (not on the first render).
  useEffect(() => {
    if (hasMoved.current) headingRef.current?.focus();
  }, [screen]);

  const moveTo = (next: KycScreen) => {
    hasMoved.current = true;
    setScreen(next);
  };

  const complete: Complete = async (answers, { holdMs = 0, afterSave } = {}) => {
    const next = nextScreen(screen, { ...state.data, ...answers });
    setSaving(true);
    try {
      const [saved] = await Promise.all([
        saveDraft.mutateAsync({ body: { step: stepIndexOf(next), data: answers } }),
        wait(holdMs),
      ]);
      storeState(saved);
      await afterSave?.(saved);
      moveTo(next);
    } finally {
      setSaving(false);
    }
  };

  /** Emails a code for the saved number, unless it is the one already confirmed. */
  const sendPhoneCode = async (saved: KycState, answers: KycDraftData) => {
    const { countryCode, phoneNumber } = answers;
    if (!countryCode || !phoneNumber) return;
    if (saved.verifiedPhone === `${countryCode}${phoneNumber}`) return;
    try {
      await callApi(kyc.sendKycPhoneCode, { body: { countryCode, phoneNumber } });
      setCodeSentAt(Date.now());
    } catch (error) {
      // A code sent less than a minute ago is still on its way: the step can use it.
      if (error instanceof ApiError && error.code === 'CODE_TOO_SOON') setCodeSentAt(Date.now());
      else toast.error(t('otp.failedTitle'), { description: t('otp.sendFailed') });
    }
  };

  const submitVerification = async () => {
    setLocked(true);
    onBusyChange(true);
    try {
      const [submitted] = await Promise.all([submit.mutateAsync(), wait(processingMs)]);
      toast.success(t('submitted.title'), { description: t('submitted.description') });
      storeState(submitted);
      await navigate(paths.dashboard);
    } catch (error) {
      setLocked(false);
      onBusyChange(false);
      throw error;
    }
  };

  return (
    <WizardFrame
      screen={screen}
      headingRef={headingRef}
      canGoBack={!isLocked}
      onBack={() => {
        if (!isSaving) moveTo(previousScreen(screen));
      }}
      notice={
        rejectionReason !== null && screen !== 'introduction' ? (
          <RejectionNotice reason={rejectionReason} />
        ) : null
      }
    >
      <WizardSteps
        // A fresh form for each screen, with the answers saved so far.
        key={screen}
        screen={screen}
        state={state}
        accountEmail={accountEmail}
        onComplete={complete}
        phoneCountry={phoneCountry}
        onPhoneCountryChange={setPhoneCountry}
        onPhoneSaved={sendPhoneCode}
        codeSentAt={codeSentAt}
        onCodeSent={setCodeSentAt}
        onVerified={storeState}
        onLockChange={setLocked}
        onSubmitVerification={submitVerification}
        onGoTo={moveTo}
        introductionNotice={
          rejectionReason !== null ? <RejectionNotice reason={rejectionReason} /> : null
        }
      />
    </WizardFrame>
  );
}
