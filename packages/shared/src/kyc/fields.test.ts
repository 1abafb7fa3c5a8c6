// The one field list and its date rules: the draft and the submission both come from it, the
// screens it names are the wizard's, and the age and expiry rules hold on their exact days.
import { describe, expect, it } from 'vitest';
import { currencyChoices } from './options.ts';
import {
  fieldsOfScreen,
  isExpired,
  isOfAge,
  isValidBirthDate,
  kycDraftDataSchema,
  kycFieldNames,
  kycScreens,
  kycSubmissionSchema,
  screenOfField,
} from './fields.ts';

const today = new Date(Date.UTC(2026, 4, 15, 23, 30));

describe('dates', () => {
  it('a customer is of age from their 18th birthday on', () => {
    expect(isOfAge('15/05/2008', today)).toBe(true);
    expect(isOfAge('16/05/2008', today)).toBe(false);
    expect(isOfAge('01/01/2020', today)).toBe(false);
    // Born on 29 February: 18 on 1 March in a common year.
    expect(isOfAge('29/02/2008', new Date(Date.UTC(2026, 1, 28)))).toBe(false);
    expect(isOfAge('29/02/2008', new Date(Date.UTC(2026, 2, 1)))).toBe(true);
  });

  it('a date of birth is a real date from 1900, not in the future', () => {
    expect(isValidBirthDate('31/02/1990', today)).toBe(false);
    expect(isValidBirthDate('16/05/2026', today)).toBe(false);
    expect(isValidBirthDate('15/05/2026', today)).toBe(true);
    expect(isValidBirthDate('31/12/1899', today)).toBe(false);
  });

  it('a document is valid through its expiry day', () => {
    expect(isExpired('15/05/2026', today)).toBe(false);
    expect(isExpired('14/05/2026', today)).toBe(true);
  });
});

describe('the one field list', () => {
  it('names only the wizard’s screens, and every asking screen has its fields', () => {
    for (const field of kycFieldNames) {
      expect(kycScreens).toContain(screenOfField(field));
    }
    expect(fieldsOfScreen('personal')).toEqual([
      'firstName',
      'middleName',
      'surname',
      'email',
      'nationality',
    ]);
    expect(fieldsOfScreen('documentSelection')).toEqual([
      'documentCountry',
      'documentType',
      'documentNumber',
      'documentExpiry',
    ]);
    expect(screenOfField('nickname')).toBeUndefined();
  });

  it('the draft takes any one field, the submission needs every required one', () => {
    for (const field of kycFieldNames) {
      expect(kycDraftDataSchema.safeParse({}).success).toBe(true);
      const issues = kycSubmissionSchema.safeParse({}).error?.issues ?? [];
      const optional = ['middleName', 'building', 'apartment', 'industry', 'currency'];
      expect(issues.some((issue) => issue.path[0] === field)).toBe(!optional.includes(field));
    }
    expect(kycDraftDataSchema.safeParse({ nickname: 'Ami' }).success).toBe(false);
  });
});

describe('currency choices', () => {
  it('offer the country’s own currency first, beside USD and EUR (else GBP)', () => {
    expect(currencyChoices('AE')).toEqual(['AED', 'USD', 'EUR']);
    expect(currencyChoices('GB')).toEqual(['GBP', 'USD', 'EUR']);
    expect(currencyChoices('NL')).toEqual(['EUR', 'USD', 'GBP']);
    expect(currencyChoices('US')).toEqual(['USD', 'EUR', 'GBP']);
    expect(currencyChoices('BR')).toEqual(['USD', 'EUR', 'GBP']);
    expect(currencyChoices(undefined)).toEqual(['USD', 'EUR', 'GBP']);
  });
});
