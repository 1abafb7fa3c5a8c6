// Which step's form a screen of the wizard shows, and what each one needs from the wizard.
import type { ReactNode } from 'react';
import type { KycDraftData, KycState } from '@secure-vault/shared/kyc';
import type { KycScreen } from '../steps';
import { AddressStep } from './steps/address-step';
import { ChoiceStep } from './steps/choice-step';
import { CurrencyStep } from './steps/currency-step';
import { DateOfBirthStep } from './steps/date-of-birth-step';
import { DocumentSelectionStep } from './steps/document-selection-step';
import { DocumentUploadStep } from './steps/document-upload-step';
import { IncomeOriginStep } from './steps/income-origin-step';
import { CompletionStep, IntroductionStep, VerificationStep } from './steps/info-steps';
import { OtpStep } from './steps/otp-step';
import { PersonalStep } from './steps/personal-step';
import { PhoneStep } from './steps/phone-step';
import { TermsStep } from './steps/terms-step';
import type { Complete } from './step-types';

export function WizardSteps({
  screen,
  state,
  accountEmail,
  onComplete,
  phoneCountry,
  onPhoneCountryChange,
  onPhoneSaved,
  codeSentAt,
  onCodeSent,
  onVerified,
  onLockChange,
  onSubmitVerification,
  onGoTo,
  introductionNotice,
}: {
  screen: KycScreen;
  state: KycState;
  accountEmail: string;
  onComplete: Complete;
  phoneCountry: string;
  onPhoneCountryChange: (iso: string) => void;
  /** After the number is saved: have its code emailed. */
  onPhoneSaved: (saved: KycState, answers: KycDraftData) => Promise<void>;
  codeSentAt: number | null;
  onCodeSent: (time: number) => void;
  onVerified: (state: KycState) => void;
  onLockChange: (isLocked: boolean) => void;
  onSubmitVerification: () => Promise<void>;
  onGoTo: (screen: KycScreen) => void;
  introductionNotice: ReactNode;
}) {
  const { data } = state;
  const step = { data, onComplete };
  switch (screen) {
    case 'introduction':
      return <IntroductionStep onComplete={onComplete} notice={introductionNotice} />;
    case 'personal':
      return <PersonalStep {...step} accountEmail={accountEmail} />;
    case 'dateOfBirth':
      return <DateOfBirthStep {...step} />;
    case 'address':
      return <AddressStep {...step} />;
    case 'phone':
      return (
        <PhoneStep
          data={data}
          onComplete={(answers, options) =>
            onComplete(answers, {
              ...options,
              afterSave: (saved) => onPhoneSaved(saved, answers),
            })
          }
          country={phoneCountry}
          onCountryChange={onPhoneCountryChange}
        />
      );
    case 'otp':
      return (
        <OtpStep
          {...step}
          accountEmail={accountEmail}
          isVerified={
            state.verifiedPhone !== null &&
            state.verifiedPhone === `${data.countryCode ?? ''}${data.phoneNumber ?? ''}`
          }
          codeSentAt={codeSentAt}
          onCodeSent={onCodeSent}
          onVerified={onVerified}
        />
      );
    case 'experience':
    case 'employment':
    case 'industry':
    case 'income':
    case 'wealth':
      return <ChoiceStep {...step} name={screen} />;
    case 'incomeOrigin':
      return <IncomeOriginStep {...step} />;
    case 'completion':
      return <CompletionStep onComplete={onComplete} />;
    case 'terms':
      return <TermsStep {...step} />;
    case 'currency':
      return <CurrencyStep {...step} country={phoneCountry} onBusyChange={onLockChange} />;
    case 'verification':
      return <VerificationStep onComplete={onComplete} />;
    case 'documentSelection':
      return <DocumentSelectionStep {...step} country={phoneCountry} />;
    case 'documentUpload':
      return (
        <DocumentUploadStep
          data={data}
          documents={state.documents}
          onSubmitVerification={onSubmitVerification}
          onGoTo={onGoTo}
        />
      );
  }
}
