import { describe, expect, it } from 'vitest';
import { employmentOptions } from '@secure-vault/shared/kyc';
import {
  hasHeader,
  kycScreens,
  needsIndustry,
  nextScreen,
  previousScreen,
  screenAt,
  screenOfIssue,
  stepIndexOf,
  stepNumberOf,
} from './steps';

describe('KYC steps', () => {
  it('numbers SPEC’s 17 steps 1 to 17: Industry shares Employment’s, the documents are 16 and 17', () => {
    expect(kycScreens.map(stepNumberOf)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ]);
    expect(stepNumberOf('documentSelection')).toBe(16);
    expect(stepNumberOf('documentUpload')).toBe(17);
    expect(stepIndexOf('employment')).toBe(7);
    expect(stepIndexOf('industry')).toBe(8);
    expect(stepIndexOf('income')).toBe(9);
  });

  it('saves each screen’s own place, so a reload opens the screen it was on', () => {
    for (const screen of kycScreens) expect(screenAt(stepIndexOf(screen))).toBe(screen);
    expect(screenAt(16)).toBe('documentSelection');
    expect(screenAt(17)).toBe('documentUpload');
    expect(screenAt(42)).toBe('documentUpload');
    expect(screenAt(-3)).toBe('introduction');
  });

  it.each(employmentOptions)(
    'after Employment "%s" goes to Industry only when employed',
    (employment) => {
      const expected =
        employment === 'employed' || employment === 'self-employed' ? 'industry' : 'income';
      expect(nextScreen('employment', { employment })).toBe(expected);
      expect(needsIndustry(employment)).toBe(expected === 'industry');
    },
  );

  it('goes to Income from Employment when no employment is known yet', () => {
    expect(nextScreen('employment', {})).toBe('income');
  });

  it('moves one screen forward elsewhere and never past the last', () => {
    expect(nextScreen('introduction', {})).toBe('personal');
    expect(nextScreen('industry', { employment: 'employed' })).toBe('income');
    expect(nextScreen('documentSelection', {})).toBe('documentUpload');
    expect(nextScreen('documentUpload', {})).toBe('documentUpload');
  });

  it('goes Back to the screen just before: Income to Industry even when it was skipped', () => {
    expect(previousScreen('income')).toBe('industry');
    expect(previousScreen('industry')).toBe('employment');
    expect(previousScreen('documentUpload')).toBe('documentSelection');
    expect(previousScreen('personal')).toBe('introduction');
    expect(previousScreen('introduction')).toBe('introduction');
  });

  it('shows the header from the second step', () => {
    expect(hasHeader('introduction')).toBe(false);
    expect(hasHeader('personal')).toBe(true);
  });

  it('sends each problem found on submission to the step that fixes it', () => {
    expect(screenOfIssue('body.firstName', 'kyc:errors.firstNameRequired')).toBe('personal');
    expect(screenOfIssue('body.incomeOrigin.0', 'kyc:errors.choiceRequired')).toBe('incomeOrigin');
    expect(screenOfIssue('body.phoneNumber', 'kyc:errors.phoneTooShort')).toBe('phone');
    expect(screenOfIssue('body.phoneNumber', 'kyc:errors.phoneNotVerified')).toBe('otp');
    expect(screenOfIssue('body.documentBack', 'kyc:errors.documentBackRequired')).toBe(
      'documentUpload',
    );
    expect(screenOfIssue('body.data.termsAccepted', 'kyc:errors.termsRequired')).toBe('terms');
    expect(screenOfIssue('body.nationality', 'kyc:errors.nationalityRequired')).toBe('personal');
    expect(screenOfIssue('body.documentExpiry', 'kyc:errors.documentExpired')).toBe(
      'documentSelection',
    );
    expect(screenOfIssue('body.unknown', 'x')).toBeUndefined();
  });
});
