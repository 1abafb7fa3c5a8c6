// The wizard's path through its screens (SPEC §2, §4): 17 steps, index 0 to 16, Next +1 and Back
// −1 within the range. Industry has its own index between Employment and Income: only employed
// and self-employed customers are sent to it, but Back from Income always goes to it (SPEC §4).
// Document Selection and Document Upload are two screens of the last step (index 16), as the
// 17 indices hold 18 screens once Industry is counted.
import { type KycDraftData, employmentWithIndustry, kycStepCount } from '@secure-vault/shared/kyc';

export const kycScreens = [
  'introduction',
  'personal',
  'dateOfBirth',
  'address',
  'phone',
  'otp',
  'experience',
  'employment',
  'industry',
  'income',
  'wealth',
  'incomeOrigin',
  'completion',
  'terms',
  'currency',
  'verification',
  'documentSelection',
  'documentUpload',
] as const;
export type KycScreen = (typeof kycScreens)[number];

export const lastStepIndex = kycStepCount - 1;

/** The step index (0–16) of a screen; both document screens are the last step. */
export function stepIndexOf(screen: KycScreen): number {
  return Math.min(kycScreens.indexOf(screen), lastStepIndex);
}

/** "Step N of 17": the step's number, 1 to 17. */
export function stepNumberOf(screen: KycScreen): number {
  return stepIndexOf(screen) + 1;
}

/** The screen a saved step index opens (the last step opens at Document Selection). */
export function screenAt(stepIndex: number): KycScreen {
  const index = Math.max(0, Math.min(Math.trunc(stepIndex), lastStepIndex));
  return kycScreens[index] ?? 'introduction';
}

/** True when the employment answer leads to the Industry question (SPEC §4). */
export function needsIndustry(employment: KycDraftData['employment']): boolean {
  return (employmentWithIndustry as readonly string[]).includes(employment ?? '');
}

/** Where Continue leads from a screen, given the answers so far (with this screen's). */
export function nextScreen(screen: KycScreen, data: KycDraftData): KycScreen {
  if (screen === 'employment' && !needsIndustry(data.employment)) return 'income';
  const position = kycScreens.indexOf(screen);
  return kycScreens[Math.min(position + 1, kycScreens.length - 1)] ?? screen;
}

/** Where Back leads: always the screen just before, Industry included (SPEC §4). */
export function previousScreen(screen: KycScreen): KycScreen {
  const position = kycScreens.indexOf(screen);
  return kycScreens[Math.max(position - 1, 0)] ?? screen;
}

/** The header (step counter, progress, Back) shows from the second step on (SPEC §2). */
export function hasHeader(screen: KycScreen): boolean {
  return screen !== 'introduction';
}

const fieldScreens: Record<string, KycScreen> = {
  firstName: 'personal',
  middleName: 'personal',
  surname: 'personal',
  email: 'personal',
  dateOfBirth: 'dateOfBirth',
  street: 'address',
  building: 'address',
  apartment: 'address',
  city: 'address',
  postcode: 'address',
  countryCode: 'phone',
  phoneNumber: 'phone',
  experience: 'experience',
  employment: 'employment',
  industry: 'industry',
  income: 'income',
  wealth: 'wealth',
  incomeOrigin: 'incomeOrigin',
  termsAccepted: 'terms',
  currency: 'currency',
  documentCountry: 'documentSelection',
  documentType: 'documentSelection',
  documentFront: 'documentUpload',
  documentBack: 'documentUpload',
};

/**
 * The screen where a problem the server found on submission is put right: its field's step, or
 * the code step when the number was never confirmed. `path` is the issue's (`body.firstName`).
 */
export function screenOfIssue(path: string, message: string): KycScreen | undefined {
  if (message === 'kyc:errors.phoneNotVerified') return 'otp';
  const field =
    path
      .replace(/^body\./, '')
      .replace(/^data\./, '')
      .split('.')[0] ?? '';
  return fieldScreens[field];
}
