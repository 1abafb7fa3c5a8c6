import { describe, expect, it } from 'vitest';
import { formatPercentChange } from './percent-change';

describe('formatPercentChange', () => {
  it.each([
    ['1.25', '+1.25%'],
    ['-0.5', '-0.50%'],
    ['0.00', '0.00%'],
    ['12.345', '+12.35%'],
  ])('writes %s as %s', (change, text) => {
    expect(formatPercentChange(change, { language: 'en' })).toBe(text);
  });

  it('keeps Latin digits and the sign before the figure in Arabic, without direction marks', () => {
    expect(formatPercentChange('1.25', { language: 'ar' })).toBe('+1.25%');
    expect(formatPercentChange('-1.25', { language: 'ar', isSigned: false })).toBe('1.25%');
  });
});
