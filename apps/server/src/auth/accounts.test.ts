import { describe, expect, it } from 'vitest';
import { isValidAccountNumber, luhnCheckDigit } from '@secure-vault/shared';
import { generateAccountNumber } from './accounts.ts';

describe('account numbers', () => {
  it('uses the Luhn check digit', () => {
    // The classic example: 7992739871 takes the check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('799273987')).toBe(5);
    expect(isValidAccountNumber('7992739875')).toBe(true);
    expect(isValidAccountNumber('7992739871')).toBe(false);
  });

  it('are 10 digits with a valid check digit, and catch any single mistyped digit', () => {
    for (let i = 0; i < 200; i++) {
      const number = generateAccountNumber();
      expect(number).toMatch(/^[1-9]\d{9}$/);
      expect(isValidAccountNumber(number)).toBe(true);
      const position = i % 10;
      const digit = Number(number[position]);
      const typo =
        number.slice(0, position) + String((digit + 1 + (i % 9)) % 10) + number.slice(position + 1);
      expect(isValidAccountNumber(typo)).toBe(false);
    }
  });

  it('refuses anything but ten digits', () => {
    expect(isValidAccountNumber('123456789')).toBe(false);
    expect(isValidAccountNumber('12345678901')).toBe(false);
    expect(isValidAccountNumber('12345678a0')).toBe(false);
  });
});
