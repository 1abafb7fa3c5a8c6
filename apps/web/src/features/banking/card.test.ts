import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardDepositBody,
  cardDepositFormSchema,
  cardNumberMaxLength,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isExpiryCurrent,
} from './card';

const may2026 = new Date(2026, 4, 15);

describe('formatCardNumber', () => {
  it.each([
    ['4', '4'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242424242', '4242 4242 4242 4242'],
    ['', ''],
  ])('%j → %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it('keeps the digits, in order, in at most 19 characters, and is stable', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const shown = formatCardNumber(typed);
        const digits = typed.replace(/\D/g, '').slice(0, 16);
        expect(shown.replace(/ /g, '')).toBe(digits);
        expect(shown.length).toBeLessThanOrEqual(cardNumberMaxLength);
        expect(formatCardNumber(shown)).toBe(shown);
      }),
    );
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['122899', '12/28'],
    ['4', '04'],
    ['428', '04/28'],
    ['0', '0'],
    ['ab', ''],
  ])('%j → %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('deleting the first year digit leaves the month alone', () => {
    expect(formatExpiry('12/')).toBe('12');
  });
});

describe('formatCvv', () => {
  it('keeps at most four digits', () => {
    expect(formatCvv('12a345')).toBe('1234');
  });
});

describe('isExpiryCurrent', () => {
  it.each([
    ['05/26', true],
    ['12/26', true],
    ['01/27', true],
    ['04/26', false],
    ['12/25', false],
    ['13/27', false],
    ['00/27', false],
    ['5/26', false],
  ])('%s in May 2026 → %s', (expiry, current) => {
    expect(isExpiryCurrent(expiry, may2026)).toBe(current);
  });
});

describe('cardDepositFormSchema', () => {
  const schema = cardDepositFormSchema(() => may2026);
  const valid = {
    amount: '250.00',
    cardholderName: 'Amira Haddad',
    cardNumber: '4242 4242 4242 4242',
    expiry: '08/27',
    cvv: '123',
  };
  const messageOf = (values: typeof valid, field: keyof typeof valid) => {
    const result = schema.safeParse(values);
    return result.success
      ? undefined
      : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  };

  it('accepts a complete card', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('says what each empty field wants', () => {
    const wanted = {
      amount: 'banking:card.errors.amountRequired',
      cardholderName: 'banking:card.errors.nameRequired',
      cardNumber: 'banking:card.errors.numberRequired',
      expiry: 'banking:card.errors.expiryRequired',
      cvv: 'banking:card.errors.cvvRequired',
    };
    for (const field of Object.keys(valid) as (keyof typeof valid)[]) {
      expect(messageOf({ ...valid, [field]: ' ' }, field)).toBe(wanted[field]);
    }
  });

  it('holds the amount to the deposit limits when they are known', () => {
    const limited = cardDepositFormSchema(() => may2026, {
      perRequest: '1000.00',
      daily: '1500.00',
      usedToday: '1400.00',
      remainingToday: '100.00',
    });
    const amountMessage = (amount: string) => {
      const result = limited.safeParse({ ...valid, amount });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(amountMessage('100')).toBeUndefined();
    expect(amountMessage('100.01')).toBe('banking:limits.errors.overDaily');
    expect(amountMessage('1000.01')).toBe('banking:limits.errors.overRequest');
  });

  it.each([
    ['amount', '0', 'transfers:errors.amountPositive'],
    ['amount', '12.345', 'transfers:errors.amountInvalid'],
    ['cardNumber', '4242 4242 4242 4241', 'banking:card.errors.numberInvalid'],
    ['cardNumber', '4242', 'banking:card.errors.numberInvalid'],
    ['expiry', '13/27', 'banking:card.errors.expiryInvalid'],
    ['expiry', '04/26', 'banking:card.errors.expiryPast'],
    ['cvv', '12', 'banking:card.errors.cvvInvalid'],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(messageOf({ ...valid, [field]: value }, field)).toBe(message);
  });
});

describe('cardDepositBody', () => {
  it('keeps the amount, the last four digits and the brand only', () => {
    expect(cardDepositBody({ amount: '10', cardNumber: '5555 5555 5555 4444' })).toEqual({
      amount: '10',
      cardLastFour: '4444',
      cardType: 'Mastercard',
    });
    expect(cardDepositBody({ amount: '10', cardNumber: '3782 8224 6310 005' })).toEqual({
      amount: '10',
      cardLastFour: '0005',
      cardType: 'Unknown',
    });
  });
});
