import { describe, expect, it } from 'vitest';
import { decimalsOf, isBookBalancePending, isPositiveAmount, trimDecimals } from './amounts';

describe('book balance "Pending approval"', () => {
  it.each([
    ['0', false],
    ['0.00', false],
    ['-0.00', false],
    ['-25.50', false],
    ['0.01', true],
    ['1500.00', true],
    ['100000000000000000000.00', true],
    ['0.00000001', true],
  ])('%s → %s', (balance, isPending) => {
    expect(isBookBalancePending(balance)).toBe(isPending);
  });
});

describe('isPositiveAmount', () => {
  it('rejects what is not a plain decimal', () => {
    expect(isPositiveAmount('')).toBe(false);
    expect(isPositiveAmount('abc')).toBe(false);
    expect(isPositiveAmount('1e5')).toBe(false);
  });
});

describe('quantities', () => {
  it('keeps the decimals a quantity really has', () => {
    expect(trimDecimals('1.50000000')).toBe('1.5');
    expect(trimDecimals('100')).toBe('100');
    expect(trimDecimals('100.00000000')).toBe('100');
    expect(trimDecimals('0.00012000')).toBe('0.00012');
    expect(decimalsOf('0.00012')).toBe(5);
    expect(decimalsOf('42')).toBe(0);
  });
});
