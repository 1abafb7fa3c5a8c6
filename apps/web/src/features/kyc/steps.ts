// The wizard's path through its screens (SPEC §2, §4): shared/kyc's kycScreens, Next +1 and Back
// −1 within them. Industry has its screen between Employment and Income: only employed and
// self-employed customers are sent to it, but Back from Income always goes to it (SPEC §4). It is
// not one of SPEC's 17 steps, so it shows Employment's number; Document Selection and Document
// Upload are steps 16 and 17. The draft keeps the screen's place, so a reload opens that screen.
import { isOneOf } from '@secure-vault/shared/guards';
import {
  type KycDraftData,
  type KycScreen,
  employmentWithIndustry,
  kycScreens,
  kycStepCount,
  screenOfField,
} from '@secure-vault/shared/kyc';

export { kycScreens, type KycScreen };

/** SPEC's 17 steps: every screen but Industry. */
const numberedScreens = kycScreens.filter((screen) => screen !== 'industry');

/** The place of a screen in kycScreens, 0 to 17: what the draft saves as its step. */
export function stepIndexOf(screen: KycScreen): number {
  return kycScreens.indexOf(screen);
}

/** "Step N of 17" (SPEC §2): 1 to 17; Industry shares Employment's number. */
export function stepNumberOf(screen: KycScreen): number {
  const numbered = screen === 'industry' ? 'employment' : screen;
  return Math.min(numberedScreens.indexOf(numbered) + 1, kycStepCount);
}

/** The screen a saved step (a place in kycScreens) opens, clamped to the list. */
export function screenAt(stepIndex: number): KycScreen {
  const index = Math.max(0, Math.min(Math.trunc(stepIndex), kycScreens.length - 1));
  return kycScreens[index] ?? 'introduction';
}

/** True when the employment answer leads to the Industry question (SPEC §4). */
export function needsIndustry(employment: KycDraftData['employment']): boolean {
  return isOneOf(employmentWithIndustry, employment);
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

/** The documents' sides are not answers: they are uploaded on Document Upload. */
const documentScreens: Record<string, KycScreen> = {
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
  return screenOfField(field) ?? documentScreens[field];
}
